/**
 * The page's estimate of the server's clock, NTP-style: each ping carries the
 * page's clock and each pong the server's, so a round trip gives one sample
 * of the offset, good to half its round-trip time (whatever the split between
 * the way there and the way back). The sample with the shortest round trip
 * among the recent ones is the best, and is the estimate. The socket samples
 * after every welcome (a reconnect may take another route) and on every ping;
 * the player asks for a few more while music plays (LiveSocket.sampleClock).
 */
export interface ClockSample {
  /** Server clock minus page clock, assuming the pong took half the round trip. */
  offset: number;
  roundTrip: number;
}

/** How many recent samples are weighed: enough to ride out a few slow round trips. */
export const CLOCK_SAMPLES_KEPT = 16;

export function clockSample(sentAt: number, serverNow: number, receivedAt: number): ClockSample {
  const roundTrip = Math.max(0, receivedAt - sentAt);
  return { offset: serverNow - (sentAt + roundTrip / 2), roundTrip };
}

export class ServerClock {
  private samples: ClockSample[] = [];
  private listeners = new Set<() => void>();

  constructor(private readonly pageNow: () => number = Date.now) {}

  add(sample: ClockSample): void {
    this.samples = [...this.samples, sample].slice(-CLOCK_SAMPLES_KEPT);
    for (const listener of [...this.listeners]) listener();
  }

  /** The best sample so far (shortest round trip), or null before the first. */
  best(): ClockSample | null {
    let best: ClockSample | null = null;
    for (const sample of this.samples) if (!best || sample.roundTrip < best.roundTrip) best = sample;
    return best;
  }

  /** The best sample's round trip (the estimate is good to half of it), or null before the first. */
  roundTrip(): number | null {
    return this.best()?.roundTrip ?? null;
  }

  /** Server clock minus page clock; 0 until measured. */
  offset(): number {
    return this.best()?.offset ?? 0;
  }

  /** The server's clock now, as well as the page can tell. */
  serverNow(): number {
    return this.pageNow() + this.offset();
  }

  /** A new connection may take another route: start over. */
  reset(): void {
    this.samples = [];
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}
