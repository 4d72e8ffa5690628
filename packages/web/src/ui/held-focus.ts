/**
 * A dialog holds the keyboard while it is open (docs/accessibility.md, "Focus"): Tab and
 * Shift+Tab go round its own controls, Escape closes it, and on closing focus goes back to
 * what opened it. Dialogs stack (the moderation menu opens over the moderation panel): only
 * the topmost one answers keys.
 *
 * Not <dialog>.showModal() nor `inert` on the page: alerts and the welcome tour stand over
 * modals (--z-alert, --z-tour) and must stay seen, heard and pressable, which the top layer
 * and an inert page would take from them.
 */
import { useEffect, useRef, type RefObject } from 'react';

const open: symbol[] = [];

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The controls Tab reaches in `box`, in order (what is hidden takes no stop). */
export function tabStops(box: HTMLElement): HTMLElement[] {
  return Array.from(box.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.getClientRects().length > 0 && !element.closest('[hidden], [inert]'),
  );
}

export function useHeldFocus(box: RefObject<HTMLElement | null>, active: boolean, onEscape: () => void): void {
  const escape = useRef(onEscape);
  useEffect(() => {
    escape.current = onEscape;
  });

  useEffect(() => {
    if (!active) return;
    const me = Symbol('dialog');
    open.push(me);
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const onKey = (event: KeyboardEvent) => {
      if (open.at(-1) !== me || event.defaultPrevented) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        escape.current();
        return;
      }
      const element = box.current;
      if (event.key !== 'Tab' || !element) return;
      const stops = tabStops(element);
      const first = stops[0];
      const last = stops.at(-1);
      if (!first || !last) return;
      const inside = element.contains(document.activeElement);
      if (event.shiftKey && (!inside || document.activeElement === first)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || document.activeElement === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      open.splice(open.indexOf(me), 1);
      // Back to the opener, unless the focus has gone somewhere on purpose (the dialog gone, it fell to <body>).
      const lost = !document.activeElement || document.activeElement === document.body;
      if (opener?.isConnected && lost) opener.focus();
    };
  }, [active, box]);
}
