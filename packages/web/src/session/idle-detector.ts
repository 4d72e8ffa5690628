/**
 * Whether the person at this page is active or idle (spec §4 Presence): idle
 * after five minutes without a sign of them. Plain TS with its clock and
 * timers from the environment, so it is tested without a browser; the page
 * feeds it pointer, keyboard and visibility events (session/presence.ts).
 */

/** Not a spec number: five quiet minutes make a person idle. */
export const IDLE_AFTER_MS = 5 * 60_000;

export class IdleDetector {
  private idle = false;
  private lastActivity = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = false;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly idleAfterMs: number = IDLE_AFTER_MS,
    private readonly now: () => number = Date.now,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.lastActivity = this.now();
    this.schedule(this.idleAfterMs);
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
  }

  /** A sign of the person: cheap, because pointer moves call it often. */
  activity(): void {
    this.lastActivity = this.now();
    if (this.idle && this.running) {
      this.idle = false;
      this.schedule(this.idleAfterMs);
      this.emit();
    }
  }

  isIdle = (): boolean => this.idle;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  // One timer at a time: when it fires it either finds five quiet minutes or waits out the rest.
  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.check(), ms);
  }

  private check(): void {
    if (!this.running) return;
    const quiet = this.now() - this.lastActivity;
    if (quiet >= this.idleAfterMs) {
      this.idle = true;
      this.emit();
    } else {
      this.schedule(this.idleAfterMs - quiet);
    }
  }

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
