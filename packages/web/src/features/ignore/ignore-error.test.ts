import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { errorHider } from './ignore-error';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

test('the error hides 1 second after the box gains focus (spec §9)', () => {
  const hide = vi.fn();
  const hider = errorHider(hide);
  hider.focused();
  vi.advanceTimersByTime(999);
  expect(hide).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(hide).toHaveBeenCalledTimes(1);
});

test('focusing again restarts the wait; cancelling stops it', () => {
  const hide = vi.fn();
  const hider = errorHider(hide);
  hider.focused();
  vi.advanceTimersByTime(600);
  hider.focused();
  vi.advanceTimersByTime(600);
  expect(hide).not.toHaveBeenCalled();
  vi.advanceTimersByTime(400);
  expect(hide).toHaveBeenCalledTimes(1);
  hider.focused();
  hider.cancel();
  vi.advanceTimersByTime(2000);
  expect(hide).toHaveBeenCalledTimes(1);
});
