import fc from 'fast-check';
import { expect, test } from 'vitest';
import {
  correctDrift,
  DRIFT_CORRECTION_MS,
  DRIFT_HOLD_MS,
  errorStaysLarge,
  LARGE_ERROR_FOR_MS,
  largeErrorSince,
  MAX_RATE_NUDGE,
  MIN_RATE_NUDGE,
  nextSeekLead,
  POSITION_READINGS_KEPT,
  SEEK_BEYOND_MS,
  smoothedPosition,
} from './drift';

test('small errors nudge the rate (ahead plays slower), never closer to 1 than 0.3%, within 0.95–1.05; big ones seek', () => {
  expect(correctDrift(10, 5_000)).toEqual({ kind: 'rate', rate: 0.99 });
  expect(correctDrift(40, 5_000)).toEqual({ kind: 'rate', rate: 0.96 });
  expect(correctDrift(-40, 5_000)).toEqual({ kind: 'rate', rate: 1.04 });
  expect(correctDrift(900, 5_000)).toEqual({ kind: 'rate', rate: 0.95 });
  expect(correctDrift(-900, 5_000)).toEqual({ kind: 'rate', rate: 1.05 });
  // Small errors: the least nudge, never 1 itself; within the hold, the direction it has.
  expect(correctDrift(2, 5_000)).toEqual({ kind: 'rate', rate: 0.997 });
  expect(correctDrift(-2, 5_000, 0, 0.99)).toEqual({ kind: 'rate', rate: 1.003 });
  expect(correctDrift(0, 5_000, 0, 1.02)).toEqual({ kind: 'rate', rate: 1.003 });
  expect(correctDrift(DRIFT_HOLD_MS, 5_000, 0, 0.98)).toEqual({ kind: 'rate', rate: 0.997 });
  expect(correctDrift(1_500, 5_000, 120)).toEqual({ kind: 'seek', toMs: 5_120 });
  expect(correctDrift(-SEEK_BEYOND_MS - 1, 300)).toEqual({ kind: 'seek', toMs: 300 });
  // Not playing at all (no position): seek; never before the song's start.
  expect(correctDrift(Number.NaN, -500)).toEqual({ kind: 'seek', toMs: 0 });
});

const rateNow = fc.double({ min: 1 - MAX_RATE_NUDGE, max: 1 + MAX_RATE_NUDGE, noNaN: true });

test('the rate works the error off, stays in bounds and off 1, and overshoots by a tick of the least nudge at most (fast-check)', () => {
  fc.assert(
    fc.property(
      fc.double({ min: -SEEK_BEYOND_MS, max: SEEK_BEYOND_MS, noNaN: true }),
      rateNow,
      fc.integer({ min: 50, max: 1000 }),
      (error, current, tickMs) => {
        const correction = correctDrift(error, 10_000, 0, current);
        expect(correction.kind).toBe('rate');
        if (correction.kind !== 'rate') return;
        expect(Math.abs(correction.rate - 1)).toBeGreaterThanOrEqual(MIN_RATE_NUDGE - 1e-9);
        expect(Math.abs(correction.rate - 1)).toBeLessThanOrEqual(MAX_RATE_NUDGE + 1e-9);
        if (Math.abs(error) > DRIFT_HOLD_MS) expect(Math.sign(1 - correction.rate)).toBe(Math.sign(error));
        // After a tick at that rate the page is no further off, or only by the least nudge's worth.
        const after = error + (correction.rate - 1) * tickMs;
        const leastStep = MIN_RATE_NUDGE * tickMs + 1e-6;
        if (Math.abs(error) > DRIFT_HOLD_MS)
          expect(Math.abs(after)).toBeLessThanOrEqual(Math.max(Math.abs(error), leastStep));
        if (Math.sign(after) !== Math.sign(error)) expect(Math.abs(after)).toBeLessThanOrEqual(leastStep);
      },
    ),
  );
});

test('followed a tick at a time with jittery readings, any error under a second settles within the jitter (fast-check)', () => {
  const tickMs = 200;
  fc.assert(
    fc.property(
      fc.double({ min: -SEEK_BEYOND_MS, max: SEEK_BEYOND_MS, noNaN: true }),
      fc.double({ min: 0, max: 3, noNaN: true }),
      fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 150, maxLength: 150 }),
      (start, jitterMs, wobbles) => {
        let error = start;
        let rate = 1 + MIN_RATE_NUDGE;
        const late: number[] = [];
        wobbles.forEach((wobble, tick) => {
          const correction = correctDrift(error + wobble * jitterMs, 10_000, 0, rate);
          // A start within the jitter of SEEK_BEYOND_MS may read beyond it: a seek, which in this
          // model lands on the timeline (what a seek really costs is learned apart: nextSeekLead).
          if (correction.kind === 'rate') rate = correction.rate;
          else error = 0;
          error += (rate - 1) * tickMs;
          if (tick >= 125) late.push(Math.abs(error));
        });
        // Caught up within 25 s (a second off at 5% takes 20), then held within the jitter: a reading
        // can point the wrong way only while the error is within jitter + hold, for a tick at most.
        const wrongWayNudge = Math.max(MIN_RATE_NUDGE, (2 * jitterMs + DRIFT_HOLD_MS) / DRIFT_CORRECTION_MS);
        const bound = jitterMs + DRIFT_HOLD_MS + wrongWayNudge * tickMs + 1e-6;
        expect(Math.max(...late)).toBeLessThanOrEqual(bound);
      },
    ),
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
