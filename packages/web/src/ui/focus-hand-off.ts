/**
 * Pressing some controls replaces them (the "Open spot" becomes one's own figure on the stage, a
 * plan chosen from a list becomes its "Cancel", a skipped song's Skip may go with it): the focus
 * would fall to <body>, and a keyboard user start again from the top of the page. The press is
 * noted; when `shows` (what the controls show) next changes and the focus was lost, it goes to
 * `target()`, the control that took the pressed one's place (docs/accessibility.md, "Focus").
 */
import { useEffect, useRef } from 'react';

type Target = () => HTMLElement | null | undefined;

/** Returns the press to note, which may name its own `target` (the pressed button itself, once moved). */
export function useFocusHandOff(shows: unknown, target?: Target): (pressedTarget?: Target) => void {
  const pressed = useRef<Target | null>(null);
  const find = useRef(target);
  useEffect(() => {
    find.current = target;
  });
  useEffect(() => {
    const now = document.activeElement;
    const next = pressed.current && (!now || now === document.body) ? pressed.current() : null;
    if (!next) return;
    pressed.current = null;
    next.focus();
  }, [shows]);
  return (pressedTarget) => {
    pressed.current = pressedTarget ?? (() => find.current?.());
  };
}
