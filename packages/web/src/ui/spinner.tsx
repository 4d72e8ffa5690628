import { commonMessages } from '@platter/contract';
export function Spinner({ label = commonMessages.loading }: { label?: string }) {
  return (
    <div className="spinner" role="status">
      <span className="spinner__disc" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
