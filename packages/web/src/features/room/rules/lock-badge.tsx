/** A padlock and what it locks ("Stage locked"), where the locked thing is offered. */
export function LockBadge({ children }: { children: string }) {
  return (
    <span className="lock-badge">
      <LockIcon />
      {children}
    </span>
  );
}

export function LockIcon() {
  return (
    <svg className="lock-icon" width="12" height="12" viewBox="0 0 16 16" aria-hidden="true">
      <rect x="3" y="7" width="10" height="8" rx="1.5" fill="currentColor" />
      <path d="M5 7V5a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}
