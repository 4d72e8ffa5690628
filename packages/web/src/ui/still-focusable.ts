/**
 * A button that cannot act right now (busy sending, or not for this person) but keeps its place
 * in the Tab order and the focus on it (docs/accessibility.md, "Focus"): `aria-disabled`, drawn
 * as disabled (buttons.css), its presses let go. A `disabled` button drops the focus to <body>
 * the moment it is pressed, and a keyboard user starts again from the top of the page.
 */
import type { MouseEvent } from 'react';

export function stillFocusable(
  off: boolean,
  action: () => void,
): { 'aria-disabled': true | undefined; onClick: (event: MouseEvent) => void } {
  return {
    'aria-disabled': off || undefined,
    onClick: () => {
      if (!off) action();
    },
  };
}

/**
 * A form's submit button while the form is on its way: aria-disabled and its clicks let go, so
 * it keeps the focus. The form's own submit handler still refuses a second send (Enter in a
 * field submits whatever the button says).
 */
export function stillFocusableSubmit(off: boolean): {
  'aria-disabled': true | undefined;
  onClick: (event: MouseEvent) => void;
} {
  return {
    'aria-disabled': off || undefined,
    onClick: (event) => {
      if (off) event.preventDefault();
    },
  };
}
