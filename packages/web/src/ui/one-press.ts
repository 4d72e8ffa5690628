import type { MouseEvent } from 'react';

/**
 * A click handler that takes a double click as one press: the second click of a double click
 * (`detail` 2) is let go. A list's buttons act on the row under the pointer, and a second press
 * would act again (a false "already done"), or on the row that moved into its place, before the
 * page has redrawn. Keyboard presses (`detail` 0) always act.
 */
export function onePress(action: () => void): (event: MouseEvent) => void {
  return (event) => {
    if (event.detail > 1) return;
    action();
  };
}
