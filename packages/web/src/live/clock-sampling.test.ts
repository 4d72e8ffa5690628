import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { CLOCK_BURST, CLOCK_NARROWING_MS, CLOCK_TRICKLE_MS, ClockSampling } from './clock-sampling';

let settled = false;
let asked: number[] = [];
const source = { clock: { settled: () => settled }, sampleClock: (count: number) => asked.push(count) };

beforeEach(() => {
  vi.useFakeTimers();
  settled = false;
  asked = [];
});
afterEach(() => vi.useRealTimers());

test('a song set asks for a burst, then one sample every 200 ms until the estimate settles, then every second', () => {
  const sampling = new ClockSampling(source);
  sampling.songSet();
  expect(asked).toEqual([CLOCK_BURST]);
  vi.advanceTimersByTime(CLOCK_NARROWING_MS * 3);
  expect(asked).toEqual([CLOCK_BURST, 1, 1, 1]);
  settled = true;
  vi.advanceTimersByTime(CLOCK_NARROWING_MS); // the wait already begun runs out
  vi.advanceTimersByTime(CLOCK_TRICKLE_MS - 1);
  expect(asked).toEqual([CLOCK_BURST, 1, 1, 1, 1]);
  vi.advanceTimersByTime(1);
  expect(asked).toEqual([CLOCK_BURST, 1, 1, 1, 1, 1]);
});

test('the next song asks for another burst without a second trickle; stop ends the trickle', () => {
  const sampling = new ClockSampling(source);
  sampling.songSet();
  sampling.songSet();
  vi.advanceTimersByTime(CLOCK_NARROWING_MS);
  expect(asked).toEqual([CLOCK_BURST, CLOCK_BURST, 1]);
  sampling.stop();
  vi.advanceTimersByTime(CLOCK_TRICKLE_MS * 5);
  expect(asked).toEqual([CLOCK_BURST, CLOCK_BURST, 1]);
  sampling.songSet(); // and it starts again with the next song
  vi.advanceTimersByTime(CLOCK_NARROWING_MS);
  expect(asked).toEqual([CLOCK_BURST, CLOCK_BURST, 1, CLOCK_BURST, 1]);
});
