import fc from 'fast-check';
import { expect, test } from 'vitest';
import {
  CLOCK_QUIET_SAMPLES,
  CLOCK_SAMPLES_KEPT,
  CLOCK_SETTLED_MS,
  CLOCK_WINDOW_MS,
  clockSample,
  type ClockSample,
  newestOverlap,
  overlapOf,
  sampleOffset,
  SERVER_CLOCK_STEP_MS,
  ServerClock,
} from './clock';

/** A sample whose interval is `offset` ± `half` (a round trip of 2 × half). */
const around = (offset: number, half: number, at = 0): ClockSample => ({
  low: offset - half,
  high: offset + half,
  roundTrip: 2 * half,
  at,
});

test('a sample is the interval the offset lies in: the server read its clock (in whole ms) between ping and pong', () => {
  // Sent at 1,000, the server's clock read 6,050 (so 6,050 ≤ it < 6,051), back at 1,100.
  const sample = clockSample(1_000, 6_050, 1_100);
  expect(sample).toEqual({ low: 4_950, high: 5_051, roundTrip: 100, at: 1_100 });
  expect(sampleOffset(sample)).toBe(5_000.5);
  // A clock that does not step (a test's): exactly the round trip wide.
  expect(clockSample(1_000, 6_050, 1_100, 0)).toMatchObject({ low: 4_950, high: 5_050 });
});

test('the estimate is the middle of where the samples overlap, and 0 before any', () => {
  let now = 0;
  const clock = new ServerClock(() => now);
  expect([clock.offset(), clock.uncertainty()]).toEqual([0, null]);
  clock.add(around(5_040, 90));
  expect([clock.offset(), clock.uncertainty()]).toEqual([5_040, 90]);
  clock.add(around(5_002, 6));
  clock.add(around(5_000, 15));
  expect([clock.offset(), clock.uncertainty()]).toEqual([5_002, 6]);
  // Narrower than any one sample: [4,996, 5,008] and [4,994, 5,002] overlap on [4,996, 5,002].
  clock.add(around(4_998, 4));
  expect([clock.offset(), clock.uncertainty(), clock.best()?.roundTrip]).toEqual([4_999, 3, 8]);
  now = 100;
  expect(clock.serverNow()).toBe(5_099);
  // A sample that agrees with none before it (a clock was set meanwhile): the older ones are let go.
  clock.add(around(6_000, 5, 100));
  expect([clock.offset(), clock.uncertainty()]).toEqual([6_000, 5]);
  clock.add(around(6_002, 5, 100));
  expect([clock.offset(), clock.uncertainty()]).toEqual([6_001, 4]);
  // Samples older than the window are let go, but the last few stay however old.
  now = CLOCK_WINDOW_MS + 1_000;
  for (let n = 0; n < 4; n++) clock.add(around(4_990, 20, now));
  expect([clock.offset(), clock.best()?.roundTrip]).toEqual([4_990, 40]);
  clock.reset();
  expect([clock.best(), clock.uncertainty(), clock.offset()]).toEqual([null, null, 0]);
});

test('the overlap of samples that all hold the truth; the newest that agree', () => {
  expect(overlapOf([])).toBeNull();
  expect(newestOverlap([])).toBeNull();
  expect(overlapOf([clockSample(0, 110, 100, 0)])).toEqual({ low: 10, high: 110 });
  const apart = [clockSample(0, 110, 100, 0), clockSample(0, 200, 20, 0), clockSample(0, 195, 20, 0)];
  expect(overlapOf(apart)).toBeNull();
  // The newest two agree on [180, 195]; the oldest does not, and goes.
  expect(newestOverlap(apart)).toEqual({ low: 180, high: 195 });
});

/**
 * A made-up line: the server's clock is `skew` ahead of the page's and counts whole ms (a
 * reading is floored, as Date.now() is); each ping takes `up` ms to arrive, the server answers
 * `hold` ms later, and the pong takes `down` ms back (the ways need not match).
 */
interface Trip {
  up: number;
  down: number;
  hold: number;
}
/**
 * Times to the microsecond, as clocks read them. Raw doubles also drew subnormal skews such as
 * -1e-323, whose sums floating point rounds across a whole ms (400 - 5e-324 is 400): the made-up
 * server then read a clock the truth was not in, which no real clock does.
 */
const toMicros = (ms: number) => Math.round(ms * 1000) / 1000;
const delay = (max: number) => fc.double({ min: 0, max, noNaN: true }).map(toMicros);
const trip = (max: number) => fc.record({ up: delay(max), down: delay(max), hold: delay(5) });
const skew = fc.double({ min: -3_600_000, max: 3_600_000, noNaN: true }).map(toMicros);

/** Plays `trips` into a fresh clock, one every 100 ms from `start`; returns the clock. */
function sampled(trips: readonly Trip[], skewMs: number, start: number, clock?: ServerClock) {
  let pageNow = start;
  const target = clock ?? new ServerClock(() => pageNow);
  for (const { up, down, hold } of trips) {
    const sentAt = pageNow;
    const serverNow = Math.floor(sentAt + up + hold / 2 + skewMs);
    pageNow = sentAt + up + hold + down;
    target.add(clockSample(sentAt, serverNow, pageNow));
    pageNow += 100;
  }
  return { clock: target, end: pageNow };
}

test('the truth always lies within the estimate ± its uncertainty, never wider than the best sample (fast-check)', () => {
  fc.assert(
    fc.property(skew, fc.array(trip(400), { minLength: 1, maxLength: 80 }), delay(1e12), (skewMs, trips, start) => {
      const { clock } = sampled(trips, skewMs, start);
      const best = clock.best()!;
      const error = Math.abs(clock.offset() - skewMs);
      // A hair of slack for floating point on clocks 1e12 ms in.
      expect(error).toBeLessThanOrEqual(clock.uncertainty()! + 1e-3);
      expect(clock.uncertainty()!).toBeLessThanOrEqual((best.roundTrip + SERVER_CLOCK_STEP_MS) / 2 + 1e-3);
      // And the best is the kept sample with the shortest round trip.
      const kept = trips.slice(-CLOCK_SAMPLES_KEPT).map(({ up, down, hold }) => up + hold + down);
      expect(best.roundTrip).toBeCloseTo(Math.min(...kept), 3);
    }),
    { numRuns: 500 },
  );
});

test('the error is set by the quickest way there and the quickest way back, even from different samples (fast-check)', () => {
  fc.assert(
    fc.property(skew, fc.array(trip(80), { minLength: 1, maxLength: CLOCK_SAMPLES_KEPT }), (skewMs, trips) => {
      const { clock } = sampled(trips, skewMs, 1e6);
      // The server read its clock `hold / 2` into its hold: that much counts as part of each way.
      const quickestUp = Math.min(...trips.map(({ up, hold }) => up + hold / 2));
      const quickestDown = Math.min(...trips.map(({ down, hold }) => down + hold / 2));
      const error = clock.offset() - skewMs;
      expect(Math.abs(error)).toBeLessThanOrEqual(
        (Math.max(quickestUp, quickestDown) + SERVER_CLOCK_STEP_MS) / 2 + 1e-6,
      );
      expect(clock.uncertainty()!).toBeLessThanOrEqual((quickestUp + quickestDown) / 2 + SERVER_CLOCK_STEP_MS + 1e-6);
    }),
    { numRuns: 500 },
  );
});

/** A delay drawn evenly from 0–`max` ms (fast-check's doubles favour edge values; this is the proxy's line). */
const evenDelay = (max: number) => fc.noBias(fc.integer({ min: 0, max: max * 1000 })).map((micros) => micros / 1000);
const evenTrip = fc.record({ up: evenDelay(80), down: evenDelay(80), hold: evenDelay(1) });

test('over a line of even 0–80 ms delays each way, the error shrinks with the samples: p95 under 5 ms by 32', () => {
  const p95 = (count: number) => {
    const lines = fc.sample(fc.tuple(fc.noBias(skew), fc.array(evenTrip, { minLength: count, maxLength: count })), {
      numRuns: 400,
      seed: 42,
    });
    const errors = lines.map(([skewMs, trips]) => Math.abs(sampled(trips, skewMs, 1e6).clock.offset() - skewMs));
    return errors.sort((a, b) => a - b)[Math.floor(errors.length * 0.95)]!;
  };
  // Each end of the overlap is the quickest of n evenly drawn delays, about 80 / (n + 1) ms.
  const [few, enough, window] = [p95(12), p95(32), p95(CLOCK_SAMPLES_KEPT)];
  expect(few).toBeGreaterThan(5);
  expect(enough).toBeLessThan(5);
  expect(window).toBeLessThan(enough);
});

test('when the server clock is set by more than the samples are wide, the estimate follows within a sample (fast-check)', () => {
  fc.assert(
    fc.property(
      skew,
      fc.array(trip(80), { minLength: 1, maxLength: 30 }),
      fc.array(trip(80), { minLength: 1, maxLength: 30 }),
      fc.double({ min: 200, max: 100_000, noNaN: true }),
      fc.boolean(),
      (skewMs, before, after, step, back) => {
        let pageNow = 1e6;
        const clock = new ServerClock(() => pageNow);
        pageNow = sampled(before, skewMs, pageNow, clock).end;
        const newSkew = skewMs + (back ? -step : step);
        sampled(after, newSkew, pageNow, clock);
        expect(Math.abs(clock.offset() - newSkew)).toBeLessThanOrEqual(clock.uncertainty()! + 1e-3);
      },
    ),
    { numRuns: 300 },
  );
});

test('settled: narrow enough, or a run of samples that changed nothing; a change unsettles it', () => {
  const clock = new ServerClock(() => 0);
  expect(clock.settled()).toBe(false);
  clock.add(around(5_000, 20));
  // Samples that do not narrow it: settled after CLOCK_QUIET_SAMPLES of them (a steady line).
  for (let n = 1; n < CLOCK_QUIET_SAMPLES; n++) clock.add(around(5_000, 25));
  expect(clock.settled()).toBe(false);
  clock.add(around(5_000, 25));
  expect(clock.settled()).toBe(true);
  // One that narrows it starts the count over.
  clock.add(around(5_001, 10));
  expect(clock.settled()).toBe(false);
  // Within CLOCK_SETTLED_MS: settled at once.
  clock.add(around(5_001, CLOCK_SETTLED_MS));
  expect([clock.uncertainty(), clock.settled()]).toEqual([CLOCK_SETTLED_MS, true]);
  clock.reset();
  expect(clock.settled()).toBe(false);
});
