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

/** Drawn on the page (not display: none, not in a hidden part): it can hold the focus. */
const shown = (element: Element) => element.getClientRects().length > 0 && !element.closest('[hidden], [inert]');

/** The controls Tab reaches in `box`, in order (what is hidden takes no stop). */
export function tabStops(box: HTMLElement): HTMLElement[] {
  return Array.from(box.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(shown);
}

/**
 * Where the focus goes when a dialog closes and nothing of the page opened it (its address was
 * loaded directly, or its opener is gone): the page's main heading, else its main landmark.
 */
export function focusPageStart(): void {
  const main = document.querySelector<HTMLElement>('main');
  const heading = main?.querySelector<HTMLElement>('h1');
  const target = heading && shown(heading) ? heading : main;
  if (!target) return;
  // Focusable by script only: it takes no Tab stop of its own.
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus({ preventScroll: true });
}

interface HeldFocusOptions {
  /** Closes the dialog (Escape). */
  onEscape: () => void;
  /** What takes the focus as it opens (its first field, heading or close button). */
  first?: () => HTMLElement | null | undefined;
  /** Where the focus goes when it lets go, instead of the opener (null: the opener). */
  returnTo?: () => HTMLElement | null | undefined;
}

/**
 * While `active`, the dialog in `box` holds the keyboard. On opening, what had the focus is
 * kept as its opener before `first` takes the focus.
 */
export function useHeldFocus(box: RefObject<HTMLElement | null>, active: boolean, options: HeldFocusOptions): void {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    if (!active) return;
    const me = Symbol('dialog');
    open.push(me);
    const before = document.activeElement;
    const opener = before instanceof HTMLElement && before !== document.body ? before : null;
    latest.current.first?.()?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (open.at(-1) !== me || event.defaultPrevented) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        latest.current.onEscape();
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
      // Back to the opener, unless the focus has gone somewhere on purpose. It is lost when it
      // fell to <body> (the dialog is gone) or is on something no longer drawn (a sheet being
      // hidden: the browser lets go of it only at its next layout). A sheet that stays drawn as
      // a panel (the window grew past the phone's width) keeps it.
      const now = document.activeElement;
      const lost = !now || now === document.body || !shown(now);
      if (!lost) return;
      const chosen = latest.current.returnTo?.();
      if (chosen) chosen.focus();
      else if (opener?.isConnected && shown(opener)) opener.focus();
      else focusPageStart();
    };
  }, [active, box]);
}
