import { expect, test } from 'vitest';
import { timeAgo } from './time-ago';

const MINUTE = 60_000;

test('just now, then minutes, hours and days', () => {
  expect(timeAgo(0, 59_999)).toBe('just now');
  expect(timeAgo(5_000, 0)).toBe('just now'); // a clock a little behind
  expect(timeAgo(0, MINUTE)).toBe('1 minute ago');
  expect(timeAgo(0, 59 * MINUTE)).toBe('59 minutes ago');
  expect(timeAgo(0, 60 * MINUTE)).toBe('1 hour ago');
  expect(timeAgo(0, 23 * 60 * MINUTE)).toBe('23 hours ago');
  expect(timeAgo(0, 24 * 60 * MINUTE)).toBe('1 day ago');
  expect(timeAgo(0, 72 * 60 * MINUTE)).toBe('3 days ago');
});
