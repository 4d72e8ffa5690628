import { expect, test } from 'vitest';
import { MAX_GAIN_DB } from '@platter/contract';
import { gainFactor, MAX_LATENCY_MS, parseLatency } from './player-settings';

test('a latency is a whole number of ms up to the most', () => {
  expect(parseLatency('180')).toBe(180);
  expect(parseLatency(' 0 ')).toBe(0);
  expect(parseLatency(String(MAX_LATENCY_MS))).toBe(MAX_LATENCY_MS);
  expect(parseLatency(String(MAX_LATENCY_MS + 1))).toBeNull();
  for (const bad of ['', '-5', '1.5', 'abc', '1e3']) expect(parseLatency(bad)).toBeNull();
});

test("a song's gain in dB is a factor on the volume, a boost never beyond the most", () => {
  expect(gainFactor(0, MAX_GAIN_DB)).toBe(1);
  expect(gainFactor(-6, MAX_GAIN_DB)).toBeCloseTo(0.501, 3);
  expect(gainFactor(40, MAX_GAIN_DB)).toBeCloseTo(10 ** (MAX_GAIN_DB / 20));
  expect(gainFactor(Number.NaN, MAX_GAIN_DB)).toBe(1);
});
