/**
 * The page's first Tab stop, hidden until focused (docs/accessibility.md): it jumps past the
 * header to what the page is for, the lobby's rooms or the room's chat. It focuses the target's
 * text box when it has one (the chat's), else the target itself, so the next Tab goes on from there.
 */
import type { ReactNode } from 'react';
import './skip-link.css';

export function SkipLink({ target, children }: { target: string; children: ReactNode }) {
  return (
    <a
      className="skip-link"
      href={`#${target}`}
      onClick={(event) => {
        const element = document.getElementById(target);
        if (!element) return;
        // Focus by hand: following the hash would add a history entry the router does not know.
        event.preventDefault();
        const box = element.querySelector<HTMLElement>('textarea, input:not([type="hidden"])');
        (box ?? element).focus();
      }}
    >
      {children}
    </a>
  );
}
