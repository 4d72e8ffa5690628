/**
 * The place in a page's top bar where the app shell's PM button sits
 * (features/pm, docs/pm.md). Every page with a bar offers one — the lobby's
 * header, a room's bar, the site's own pages', the miniplayer's header — so
 * the button is in the same place on each and floats over nothing. A page
 * with no bar offers none, and the button is not shown there. Features never
 * import each other, so this small channel sits between them.
 *
 * The element offered should carry the class `topbar__slot` (base/page-shell.css):
 * it takes no room while empty; `topbar__slot--small` asks for a button as
 * small as a small header's others (the miniplayer's).
 */
import { useSyncExternalStore } from 'react';

let slot: HTMLElement | null = null;
const listeners = new Set<() => void>();

function setSlot(next: HTMLElement | null): void {
  if (slot === next) return;
  slot = next;
  for (const listener of [...listeners]) listener();
}

/** A ref for the element that offers the place: it is offered while that element is in the page. */
export function offerTopbarSlot(element: HTMLElement | null): (() => void) | undefined {
  if (!element) return;
  setSlot(element);
  // Another element may have been offered since: it stays.
  return () => {
    if (slot === element) setSlot(null);
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The top bar's place on offer now, or null (this page has no bar). */
export function useTopbarSlot(): HTMLElement | null {
  return useSyncExternalStore(
    subscribe,
    () => slot,
    () => null,
  );
}
