import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { IDLE_AFTER_MS, IdleDetector } from './idle-detector';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

test('five quiet minutes make a person idle, and any activity makes them active again', () => {
  const detector = new IdleDetector();
  const changes: boolean[] = [];
  detector.subscribe(() => changes.push(detector.isIdle()));
  detector.start();
  expect(detector.isIdle()).toBe(false);

  vi.advanceTimersByTime(IDLE_AFTER_MS - 1);
  expect(detector.isIdle()).toBe(false);
  vi.advanceTimersByTime(1);
  expect(detector.isIdle()).toBe(true);

  detector.activity();
  expect(detector.isIdle()).toBe(false);
  expect(changes).toEqual([true, false]);
  detector.stop();
});

test('activity keeps a person active: idle comes five minutes after the last sign of them', () => {
  const detector = new IdleDetector();
  detector.start();
  for (let minute = 0; minute < 12; minute++) {
    vi.advanceTimersByTime(60_000);
    detector.activity();
  }
  expect(detector.isIdle()).toBe(false);
  vi.advanceTimersByTime(IDLE_AFTER_MS - 1000);
  expect(detector.isIdle()).toBe(false);
  vi.advanceTimersByTime(1000);
  expect(detector.isIdle()).toBe(true);
  detector.stop();
});

test('only changes are announced, and activity while active announces nothing', () => {
  const detector = new IdleDetector(1000);
  const listener = vi.fn();
  const unsubscribe = detector.subscribe(listener);
  detector.start();
  detector.activity();
  detector.activity();
  expect(listener).not.toHaveBeenCalled();
  vi.advanceTimersByTime(5000);
  expect(listener).toHaveBeenCalledTimes(1);
  unsubscribe();
  detector.activity();
  expect(listener).toHaveBeenCalledTimes(1);
  detector.stop();
});

test('a stopped detector stays as it was', () => {
  const detector = new IdleDetector(1000);
  detector.start();
  detector.stop();
  vi.advanceTimersByTime(5000);
  expect(detector.isIdle()).toBe(false);
});
