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
