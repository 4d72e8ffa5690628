/**
 * A place in a page's top bar that the app shell's floating controls may sit
 * in instead of floating. The room page offers one (its top bar holds only the
 * logo), so the PM dock's button (features/pm) sits there rather than over the
 * stage and the chat on a phone. Features never import each other, so this
 * small channel sits between them.
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

/** The top bar's place on offer now, or null (the control floats). */
export function useTopbarSlot(): HTMLElement | null {
  return useSyncExternalStore(
    subscribe,
    () => slot,
    () => null,
  );
}
