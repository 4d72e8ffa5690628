import { expect, test } from 'vitest';
import { formatDuration, formatElapsed } from './duration';

test.each([
  [0, '0:00'],
  [-3, '0:00'],
  [Number.POSITIVE_INFINITY, '0:00'],
  [7.4, '0:07'],
  [59.6, '1:00'],
  [187, '3:07'],
  [3600, '1:00:00'],
  [3725, '1:02:05'],
])('formatDuration(%d) is %j', (seconds, text) => {
  expect(formatDuration(seconds)).toBe(text);
});

test.each([
  [0, '0:00'],
  [-500, '0:00'],
  [999, '0:00'],
  [83_900, '1:23'],
  [3_725_400, '1:02:05'],
])('formatElapsed(%d ms) is %j: the seconds gone by, never rounded up', (ms, text) => {
  expect(formatElapsed(ms)).toBe(text);
});
