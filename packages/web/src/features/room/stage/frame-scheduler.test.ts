import { expect, test } from 'vitest';
import { STAGE_FPS } from './renderer-choice';
import { FRAME_BUDGET_MS, SLOW_FRAMES, WARM_UP_FRAMES, createFrameScheduler, type FrameClock } from './frame-scheduler';

/** A display refreshing 60 times a second, run by hand: `run(ms)` plays that much time. */
function fakeDisplay() {
  let now = 0;
  /** The display's next refresh: every 1000/60 ms, whatever the frames spend. */
  let tick = 1000 / 60;
  let next = 1;
  const waiting = new Map<number, () => void>();
  let callbacks = 0;
  const clock: FrameClock = {
    now: () => now,
    request: (callback) => {
      waiting.set(next, callback);
      return next++;
    },
    cancel: (handle) => waiting.delete(handle),
  };
  return {
    clock,
    /** Time passing inside a frame's drawing. */
    spend: (ms: number) => (now += ms),
    get callbacks() {
      return callbacks;
    },
    get waiting() {
      return waiting.size;
    },
    run(ms: number) {
      const end = now + ms;
      while (tick <= end) {
        now = Math.max(now, tick);
        tick += 1000 / 60;
        const due = [...waiting.values()];
        waiting.clear();
        for (const callback of due) {
          callbacks += 1;
          callback();
        }
      }
      now = end;
    },
  };
}

function aStage(cost = 1) {
  const display = fakeDisplay();
  const frames: number[] = [];
  let slow = 0;
  const scheduler = createFrameScheduler({
    fps: STAGE_FPS,
    clock: display.clock,
    draw: (at) => {
      frames.push(at);
      display.spend(cost);
    },
    onSlow: () => (slow += 1),
  });
  return { display, frames, scheduler, slow: () => slow };
}

test('a still stage asks for no frame and draws none', () => {
  const { display, frames, scheduler } = aStage();
  scheduler.setMoving(false);
  display.run(10_000);
  expect(frames).toEqual([]);
  expect(display.callbacks).toBe(0);
  expect(display.waiting).toBe(0);
});

test('a change draws one frame, then the stage is still again', () => {
  const { display, frames, scheduler } = aStage();
  scheduler.invalidate();
  scheduler.invalidate();
  display.run(5_000);
  expect(frames).toHaveLength(1);
  expect(display.waiting).toBe(0);
  const callbacks = display.callbacks;
  display.run(5_000);
  expect(display.callbacks).toBe(callbacks);
});

test('a moving stage draws at most 20 frames a second, on a 60 Hz display', () => {
  const { display, frames, scheduler } = aStage();
  scheduler.setMoving(true);
  display.run(10_000);
  expect(frames.length).toBeLessThanOrEqual(10 * STAGE_FPS);
  expect(frames.length).toBeGreaterThanOrEqual(10 * STAGE_FPS - 2);
  const gaps = frames.slice(1).map((at, index) => at - frames[index]!);
  expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000 / STAGE_FPS - 2);

  // Stopping the motion stops the frames.
  scheduler.setMoving(false);
  display.run(1_000);
  const drawn = frames.length;
  display.run(5_000);
  expect(frames).toHaveLength(drawn);
  expect(display.waiting).toBe(0);
});

test('frames that keep missing their budget give the stage up, once', () => {
  const { display, frames, scheduler, slow } = aStage(FRAME_BUDGET_MS + 5);
  scheduler.setMoving(true);
  display.run(10_000);
  expect(slow()).toBe(1);
  expect(frames).toHaveLength(WARM_UP_FRAMES + SLOW_FRAMES);
  // Given up: nothing more is drawn, whatever changes.
  scheduler.invalidate();
  display.run(1_000);
  expect(frames).toHaveLength(WARM_UP_FRAMES + SLOW_FRAMES);
});

test('frames within their budget, or a slow start, do not', () => {
  const quick = aStage(FRAME_BUDGET_MS - 1);
  quick.scheduler.setMoving(true);
  quick.display.run(10_000);
  expect(quick.slow()).toBe(0);

  // Slow warm-up frames (pictures, shaders) and an odd slow frame are forgiven.
  let drawn = 0;
  const display = fakeDisplay();
  let slow = 0;
  const scheduler = createFrameScheduler({
    fps: STAGE_FPS,
    clock: display.clock,
    draw: () => display.spend(++drawn <= WARM_UP_FRAMES || drawn % 3 === 0 ? 80 : 2),
    onSlow: () => (slow += 1),
  });
  scheduler.setMoving(true);
  display.run(20_000);
  expect(slow).toBe(0);
  expect(drawn).toBeGreaterThan(100);
});
