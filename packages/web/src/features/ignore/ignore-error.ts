/** The ignore list's error area (spec §2, §9): it goes away 1 second after the name box gains focus. */
import { accountMessages, IGNORE_ERROR_HIDE_MS } from '@platter/contract';

/** Spec §8, word for word. */
export const REMOVE_FAILED = accountMessages.ignoreRemoveFailed;

/**
 * Calls `hide` IGNORE_ERROR_HIDE_MS after `focused` is called; a second focus
 * restarts the wait, and `cancel` stops it.
 */
export function errorHider(hide: () => void, delayMs = IGNORE_ERROR_HIDE_MS) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return {
    focused() {
      cancel();
      timer = setTimeout(() => {
        timer = null;
        hide();
      }, delayMs);
    },
    cancel,
  };
}
