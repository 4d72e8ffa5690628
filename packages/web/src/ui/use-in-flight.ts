import { useMemo, useRef } from 'react';

/**
 * One send at a time for a form: `start()` says whether this submit may go (and marks it going),
 * `done()` lets the next one through; call it when the send settles. A mutation's isPending is not
 * enough: react-query tells React of it a task later, after a double click's second click (or a
 * second Enter) has been handled, and the form would send twice (two mails, two reports, a false
 * "you can change your name once a week" after the first save).
 */
export function useInFlight(): { start: () => boolean; done: () => void } {
  const busy = useRef(false);
  return useMemo(
    () => ({
      start: () => {
        if (busy.current) return false;
        busy.current = true;
        return true;
      },
      done: () => {
        busy.current = false;
      },
    }),
    [],
  );
}
