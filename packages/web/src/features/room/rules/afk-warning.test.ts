import { expect, test } from 'vitest';
import { afkMessages } from '@platter/contract';
import { afkWarning, afkWarningText, afkWarningWindowMs } from './afk-warning';

const MINUTE = 60_000;
const at = 1_000_000;

test('the warning window: the last 20% of the limit or the last 2 minutes, whichever is longer, never more than the limit', () => {
  expect(afkWarningWindowMs(30 * MINUTE)).toBe(6 * MINUTE);
  expect(afkWarningWindowMs(10 * MINUTE)).toBe(2 * MINUTE);
  expect(afkWarningWindowMs(5 * MINUTE)).toBe(2 * MINUTE);
  expect(afkWarningWindowMs(1 * MINUTE)).toBe(1 * MINUTE);
});

test('no warning while the rule is off, the clock is unknown, or time enough is left', () => {
  expect(afkWarning({ afkMinutes: 0, activeAt: at, now: at + 100 * MINUTE })).toBeNull();
  expect(afkWarning({ afkMinutes: 30, activeAt: null, now: at })).toBeNull();
  expect(afkWarning({ afkMinutes: 30, activeAt: at, now: at })).toBeNull();
  expect(afkWarning({ afkMinutes: 30, activeAt: at, now: at + 24 * MINUTE - 1 })).toBeNull();
});

test('the warning shows for the window with the time left, then says the DJ counts as away', () => {
  expect(afkWarning({ afkMinutes: 30, activeAt: at, now: at + 24 * MINUTE })).toEqual({
    leftMs: 6 * MINUTE,
    away: false,
  });
  expect(afkWarning({ afkMinutes: 10, activeAt: at, now: at + 9 * MINUTE + 15_000 })).toEqual({
    leftMs: 45_000,
    away: false,
  });
  // A limit of a minute warns all along.
  expect(afkWarning({ afkMinutes: 1, activeAt: at, now: at })).toEqual({ leftMs: MINUTE, away: false });
  // At the limit to the millisecond the server counts them away.
  expect(afkWarning({ afkMinutes: 10, activeAt: at, now: at + 10 * MINUTE })).toEqual({ leftMs: 0, away: true });
  expect(afkWarning({ afkMinutes: 10, activeAt: at, now: at + 60 * MINUTE })).toEqual({ leftMs: 0, away: true });
});

test('the words: whole minutes from a minute up, else whole seconds (at least 1), never more than is left; then away', () => {
  const text = (leftMs: number) => afkWarningText({ leftMs, away: leftMs <= 0 });
  expect(text(6 * MINUTE)).toBe(afkMessages.warning('6 minutes'));
  expect(text(MINUTE + 59_000)).toBe(
    "You'll be stepped down for being away in 1 minute — say something in the chat, vote, or click “I'm still here”.",
  );
  expect(text(59_999)).toBe(afkMessages.warning('59 seconds'));
  expect(text(45_000)).toBe(afkMessages.warning('45 seconds'));
  expect(text(300)).toBe(afkMessages.warning('1 second'));
  expect(text(0)).toBe(afkMessages.away);
});
