/**
 * Keeps the page's estimate of the server's clock (clock.ts) sharp while music plays: a burst of
 * pings when a song is set, then one now and then, quicker while the estimate still narrows. The
 * socket sends the pings (LiveSocket.sampleClock, spaced so a burst does not flood the line).
 */
import type { ServerClock } from './clock';

/**
 * Pings when a song is set: the more samples, the narrower their overlap (clock.ts). Over a
 * line that delays each way by up to 80 ms, some 30 samples put the clock within 5 ms; a
 * burst of 20, a tenth of a second apart, is over before the song starts (SONG_LEAD_MS, 2 s).
 */
export const CLOCK_BURST = 20;
/**
 * While a song plays, one more ping this often: the estimate follows the clocks as older samples
 * age out…
 */
export const CLOCK_TRICKLE_MS = 1000;
/**
 * …and this often while it is not settled (clock.ts): on a busy machine or an uneven line a
 * sample that went through without waiting is rare, so the more chances the better, until more
 * samples stop helping.
 */
export const CLOCK_NARROWING_MS = 200;

/** What sampling needs of the socket. */
export interface ClockSource {
  readonly clock: Pick<ServerClock, 'settled'>;
  sampleClock(count: number): void;
}

export class ClockSampling {
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly source: ClockSource) {}

  /** A song was set: a burst now, and one ping now and then from now on, until `stop`. */
  songSet(): void {
    this.source.sampleClock(CLOCK_BURST);
    if (this.timer === undefined) this.trickle();
  }

  /** No song any more: no more pings for the clock's sake (the socket's own keep the line alive). */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private trickle(): void {
    const wait = this.source.clock.settled() ? CLOCK_TRICKLE_MS : CLOCK_NARROWING_MS;
    this.timer = setTimeout(() => {
      this.source.sampleClock(1);
      this.trickle();
    }, wait);
  }
}
