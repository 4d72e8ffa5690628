/**
 * When the WebGL stage draws (docs/room.md, "Renderers"): a frame only when
 * something changed or something moves, and never more than STAGE_FPS a second
 * (spec §9: the renderer's frame rate is 20). A still room draws nothing at all.
 * Each frame's drawing is timed; a stage whose frames keep missing their budget
 * is given up (`onSlow`), and the room draws itself in the DOM instead.
 */

/** The browser's frame callbacks and clock, passed in so tests can drive them. */
export interface FrameClock {
  now(): number;
  request(callback: () => void): number;
  cancel(handle: number): void;
}

export const browserFrameClock: FrameClock = {
  now: () => performance.now(),
  request: (callback) => requestAnimationFrame(callback),
  cancel: (handle) => cancelAnimationFrame(handle),
};

/**
 * A frame's drawing may take this long: a fifth of the 50 ms between two
 * frames at 20 fps, so a stage that moves all the time keeps the page's main
 * thread busy at most a fifth of the time (the room benchmark's target).
 */
export const FRAME_BUDGET_MS = 10;
/** Out of the last FRAME_WINDOW frames drawn, this many over budget give the stage up. */
export const FRAME_WINDOW = 20;
export const SLOW_FRAMES = 10;
/** The first frames upload pictures and compile shaders: not held against the stage. */
export const WARM_UP_FRAMES = 3;

export interface FrameSchedulerOptions {
  fps: number;
  /** Draws one frame, for the time given. */
  draw: (now: number) => void;
  /** Frames keep missing their budget: the scheduler has stopped for good. */
  onSlow: () => void;
  clock?: FrameClock;
}

export interface FrameScheduler {
  /** Something changed: one frame, soon. */
  invalidate(): void;
  /** Something moves (the crowd's bob): frames keep coming, at most fps a second, while this is on. */
  setMoving(moving: boolean): void;
  stop(): void;
}

export function createFrameScheduler({
  fps,
  draw,
  onSlow,
  clock = browserFrameClock,
}: FrameSchedulerOptions): FrameScheduler {
  // Frames land on the display's refresh, which is not a multiple of 50 ms: a little early is on time.
  const interval = 1000 / fps - 2;
  let handle: number | null = null;
  let dirty = false;
  let moving = false;
  let stopped = false;
  let lastFrame = -Infinity;
  let drawn = 0;
  const recent: boolean[] = [];

  const wanted = () => !stopped && (dirty || moving);

  const schedule = () => {
    if (handle === null && wanted()) handle = clock.request(onFrame);
  };

  const onFrame = () => {
    handle = null;
    if (!wanted()) return;
    const start = clock.now();
    if (start - lastFrame < interval) {
      schedule();
      return;
    }
    lastFrame = start;
    dirty = false;
    draw(start);
    judge(clock.now() - start);
    schedule();
  };

  const judge = (took: number) => {
    drawn += 1;
    if (drawn <= WARM_UP_FRAMES) return;
    recent.push(took > FRAME_BUDGET_MS);
    if (recent.length > FRAME_WINDOW) recent.shift();
    if (recent.filter(Boolean).length >= SLOW_FRAMES) {
      stop();
      onSlow();
    }
  };

  const stop = () => {
    stopped = true;
    if (handle !== null) clock.cancel(handle);
    handle = null;
  };

  return {
    invalidate() {
      dirty = true;
      schedule();
    },
    setMoving(next) {
      moving = next;
      schedule();
    },
    stop,
  };
}
