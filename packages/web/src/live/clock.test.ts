import fc from 'fast-check';
import { expect, test } from 'vitest';
import { CLOCK_SAMPLES_KEPT, CLOCK_WINDOW_MS, clockSample, overlapOf, ServerClock } from './clock';

test('a sample assumes the answer took half the round trip', () => {
  // Sent at 1,000, answered by a server clock 5 s ahead, back at 1,100.
  expect(clockSample(1_000, 6_050, 1_100)).toEqual({ offset: 5_000, roundTrip: 100, at: 1_100 });
});

test('the estimate is the middle of where the samples overlap, and 0 before any', () => {
  let now = 0;
  const clock = new ServerClock(() => now);
  expect([clock.offset(), clock.uncertainty()]).toEqual([0, null]);
  clock.add({ offset: 5_040, roundTrip: 180, at: 0 });
  expect([clock.offset(), clock.uncertainty()]).toEqual([5_040, 90]);
  clock.add({ offset: 5_002, roundTrip: 12, at: 0 });
  clock.add({ offset: 5_000, roundTrip: 30, at: 0 });
  expect([clock.offset(), clock.uncertainty()]).toEqual([5_002, 6]);
  // Narrower than any one sample: [4,996, 5,008] and [4,994, 5,002] overlap on [4,996, 5,002].
  clock.add({ offset: 4_998, roundTrip: 8, at: 0 });
  expect([clock.offset(), clock.uncertainty(), clock.best()?.roundTrip]).toEqual([4_999, 3, 8]);
  now = 100;
  expect(clock.serverNow()).toBe(5_099);
  // A sample that agrees with none (a clock was set meanwhile): the best sample alone speaks.
  clock.add({ offset: 6_000, roundTrip: 10, at: 100 });
  expect(clock.offset()).toBe(4_998);
  // Samples older than the window are let go, but the last few stay however old.
  now = CLOCK_WINDOW_MS + 1_000;
  for (let n = 0; n < 4; n++) clock.add({ offset: 4_990, roundTrip: 40, at: now });
  expect([clock.offset(), clock.best()?.roundTrip]).toEqual([4_990, 40]);
  clock.reset();
  expect(clock.best()).toBeNull();
});

test('the overlap of samples that all hold the truth', () => {
  expect(overlapOf([])).toBeNull();
  expect(overlapOf([clockSample(0, 110, 100)])).toEqual({ low: 10, high: 110 });
  expect(overlapOf([clockSample(0, 110, 100), clockSample(0, 200, 20)])).toBeNull();
});

/**
 * The estimate against a made-up line: the server's clock is `skew` ahead of the page's; each
 * ping takes `up` ms to arrive, the server answers `hold` ms later, and the pong takes `down` ms
 * back (the ways need not match). Whatever they are, the estimate is off by at most half the best
 * sample's round trip.
 */
const delay = fc.double({ min: 0, max: 400, noNaN: true });
const line = fc.record({ up: delay, down: delay, hold: fc.double({ min: 0, max: 5, noNaN: true }) });

test('the estimate is never further from the truth than half its round trip (fast-check)', () => {
  fc.assert(
    fc.property(
      fc.double({ min: -3_600_000, max: 3_600_000, noNaN: true }),
      fc.array(line, { minLength: 1, maxLength: 40 }),
      fc.double({ min: 0, max: 1e12, noNaN: true }),
      (skew, trips, start) => {
        let pageNow = start;
        const clock = new ServerClock(() => pageNow);
        for (const { up, down, hold } of trips) {
          const sentAt = pageNow;
          const serverNow = sentAt + up + hold / 2 + skew;
          pageNow = sentAt + up + hold + down;
          clock.add(clockSample(sentAt, serverNow, pageNow));
          pageNow += 250;
        }
        const best = clock.best();
        expect(best).not.toBeNull();
        const error = Math.abs(clock.offset() - skew);
        // A hair of slack for floating point on clocks 1e12 ms in.
        expect(error).toBeLessThanOrEqual(best!.roundTrip / 2 + 1e-3);
        // And within what the estimate says of itself (the overlap of all the samples).
        expect(error).toBeLessThanOrEqual(clock.uncertainty()! + 1e-3);
        // And the best is the kept sample with the shortest round trip.
        const kept = trips.slice(-CLOCK_SAMPLES_KEPT).map(({ up, down, hold }) => up + hold + down);
        expect(best!.roundTrip).toBeCloseTo(Math.min(...kept), 3);
      },
    ),
    { numRuns: 500 },
  );
});

test('symmetric lines give the exact offset; a one-sided delay errs by half of it', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: -200, max: 200 }),
      fc.integer({ min: 0, max: 80 }),
      fc.integer({ min: 0, max: 80 }),
      (skew, up, down) => {
        const sample = clockSample(1_000, 1_000 + up + skew, 1_000 + up + down);
        expect(sample.offset - skew).toBeCloseTo((up - down) / 2, 9);
      },
    ),
  );
});
