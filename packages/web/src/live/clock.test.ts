import fc from 'fast-check';
import { expect, test } from 'vitest';
import { CLOCK_SAMPLES_KEPT, clockSample, ServerClock } from './clock';

test('a sample assumes the answer took half the round trip', () => {
  // Sent at 1,000, answered by a server clock 5 s ahead, back at 1,100.
  expect(clockSample(1_000, 6_050, 1_100)).toEqual({ offset: 5_000, roundTrip: 100 });
});

test('the estimate is the recent sample with the shortest round trip, and 0 before any', () => {
  let now = 0;
  const clock = new ServerClock(() => now);
  expect(clock.offset()).toBe(0);
  clock.add({ offset: 5_040, roundTrip: 180 });
  clock.add({ offset: 5_002, roundTrip: 12 });
  clock.add({ offset: 4_950, roundTrip: 90 });
  expect(clock.offset()).toBe(5_002);
  now = 100;
  expect(clock.serverNow()).toBe(5_102);
  // Old samples age out, even good ones.
  for (let n = 0; n < CLOCK_SAMPLES_KEPT; n++) clock.add({ offset: 4_990, roundTrip: 40 });
  expect(clock.offset()).toBe(4_990);
  clock.reset();
  expect(clock.best()).toBeNull();
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
