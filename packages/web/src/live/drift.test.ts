import fc from 'fast-check';
import { expect, test } from 'vitest';
import {
  correctDrift,
  DRIFT_DEADBAND_MS,
  errorStaysLarge,
  LARGE_ERROR_FOR_MS,
  largeErrorSince,
  MAX_RATE_NUDGE,
  nextSeekLead,
  POSITION_READINGS_KEPT,
  SEEK_BEYOND_MS,
  smoothedPosition,
} from './drift';

test('small errors nudge the rate (ahead plays slower), within 0.95–1.05; big ones seek', () => {
  expect(correctDrift(0, 5_000)).toEqual({ kind: 'rate', rate: 1 });
  expect(correctDrift(DRIFT_DEADBAND_MS, 5_000)).toEqual({ kind: 'rate', rate: 1 });
  expect(correctDrift(40, 5_000)).toEqual({ kind: 'rate', rate: 0.98 });
  expect(correctDrift(-40, 5_000)).toEqual({ kind: 'rate', rate: 1.02 });
  expect(correctDrift(900, 5_000)).toEqual({ kind: 'rate', rate: 0.95 });
  expect(correctDrift(-900, 5_000)).toEqual({ kind: 'rate', rate: 1.05 });
  expect(correctDrift(1_500, 5_000, 120)).toEqual({ kind: 'seek', toMs: 5_120 });
  expect(correctDrift(-SEEK_BEYOND_MS - 1, 300)).toEqual({ kind: 'seek', toMs: 300 });
  // Not playing at all (no position): seek; never before the song's start.
  expect(correctDrift(Number.NaN, -500)).toEqual({ kind: 'seek', toMs: 0 });
});

test('the rate always works the error off and stays in bounds (fast-check)', () => {
  fc.assert(
    fc.property(fc.double({ min: -SEEK_BEYOND_MS, max: SEEK_BEYOND_MS, noNaN: true }), (error) => {
      const correction = correctDrift(error, 10_000);
      expect(correction.kind).toBe('rate');
      if (correction.kind !== 'rate') return;
      expect(correction.rate).toBeGreaterThanOrEqual(1 - MAX_RATE_NUDGE);
      expect(correction.rate).toBeLessThanOrEqual(1 + MAX_RATE_NUDGE);
      // After a second at that rate the page is no further off than before, and never overshoots.
      const after = error + (correction.rate - 1) * 1000;
      expect(Math.abs(after)).toBeLessThanOrEqual(Math.abs(error) + 1e-9);
      if (Math.abs(error) > DRIFT_DEADBAND_MS) expect(Math.sign(after) * Math.sign(error)).toBeGreaterThanOrEqual(0);
    }),
  );
});

test('a seek that lands behind teaches the next one to aim ahead, halfway at a time', () => {
  expect(nextSeekLead(0, -200)).toBe(100);
  expect(nextSeekLead(100, -100)).toBe(150);
  expect(nextSeekLead(150, 60)).toBe(120);
  expect(nextSeekLead(0, 300)).toBe(0);
  expect(nextSeekLead(400, -5_000)).toBe(SEEK_BEYOND_MS / 2);
});

test('a listener is told only when the error stays large', () => {
  let since = largeErrorSince(null, 400, 1_000);
  expect(since).toBe(1_000);
  since = largeErrorSince(since, -400, 5_000);
  expect([since, errorStaysLarge(since, 5_000)]).toEqual([1_000, false]);
  expect(errorStaysLarge(since, 1_000 + LARGE_ERROR_FOR_MS)).toBe(true);
  expect(largeErrorSince(since, 10, 20_000)).toBeNull();
  expect(errorStaysLarge(null, 99_999)).toBe(false);
});

test('the position is the median of recent readings carried forward, so jitter and an odd one do not move it', () => {
  expect(smoothedPosition([], 0)).toBeNull();
  // A steady clock read with ±15 ms of jitter, and one reading 300 ms off.
  const jitter = [0, 15, -15, 10, -10, 5, -5];
  const readings = jitter.map((wobble, n) => ({ at: n * 200, position: 10_000 + n * 200 + wobble, rate: 1 }));
  readings.push({ at: 1_400, position: 11_400 + 300, rate: 1 });
  expect(smoothedPosition(readings, 1_500)).toBeCloseTo(11_500 + 2.5, 6);
  // At another rate, a reading is carried forward at that rate.
  expect(smoothedPosition([{ at: 0, position: 1_000, rate: 1.05 }], 1_000)).toBeCloseTo(2_050);
});

test('the smoothed position stays within the jitter of the truth (fast-check)', () => {
  fc.assert(
    fc.property(
      fc.array(fc.double({ min: -20, max: 20, noNaN: true }), { minLength: 1, maxLength: POSITION_READINGS_KEPT }),
      fc.double({ min: 0.95, max: 1.05, noNaN: true }),
      (wobbles, rate) => {
        const readings = wobbles.map((wobble, n) => ({ at: n * 200, position: 5_000 + n * 200 * rate + wobble, rate }));
        const now = wobbles.length * 200;
        const truth = 5_000 + now * rate;
        expect(Math.abs(smoothedPosition(readings, now)! - truth)).toBeLessThanOrEqual(20 + 1e-6);
      },
    ),
  );
});
