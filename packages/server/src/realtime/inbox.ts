/**
 * A connection's ordered inbox: frames run one at a time, in the order they
 * came. What waits is a list the connection owns, not a chain of promises, so
 * that when the connection ends (closed, its session ended) what is still
 * waiting is dropped at once: it never runs, and the memory it holds (frames
 * read off the wire) is let go then, not after the frame running now.
 */

/**
 * At most this many frames wait on one connection (the one running aside). A page has a handful
 * in flight; a bot that pipelines a burst waits for its replies long before this many. A socket
 * that sends more than the server can run is told so and closed, rather than queued without end.
 */
export const MAX_WAITING_FRAMES = 256;

interface Work {
  run: () => Promise<void>;
  onError: (error: unknown) => void;
}

export class Inbox {
  private readonly waiting: Work[] = [];
  private draining = false;
  private ended = false;
  /** Resolves when the frame running now has finished (its reply sent); null when none runs. */
  private running: Promise<void> | null = null;

  /** `around` wraps each frame's run (the connection holds its events while one runs). */
  constructor(private readonly around: (run: () => Promise<void>) => Promise<void>) {}

  /** Frames taken in and not yet run (the one running not counted). */
  get size(): number {
    return this.waiting.length;
  }

  /**
   * Takes a frame in. A frame that finds the inbox empty starts at once, in this turn (most do: a
   * chat line waits for nothing). False when it was not taken: the inbox ended, or is full.
   */
  enqueue(run: () => Promise<void>, onError: (error: unknown) => void): boolean {
    if (this.ended || this.waiting.length >= MAX_WAITING_FRAMES) return false;
    this.waiting.push({ run, onError });
    if (!this.draining) void this.drain();
    return true;
  }

  /** Nothing waiting will run, nor anything taken in later; the frame running now finishes. */
  end(): void {
    this.ended = true;
    this.waiting.length = 0;
  }

  /** Resolves once no frame runs (at once when none does). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    this.draining = true;
    for (let work = this.waiting.shift(); work; work = this.ended ? undefined : this.waiting.shift()) {
      const running = this.around(work.run).catch(work.onError);
      this.running = running;
      await running;
      this.running = null;
    }
    this.draining = false;
  }
}
