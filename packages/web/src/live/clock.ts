/**
 * The page's estimate of the server's clock, NTP-style: each ping carries the
 * page's clock and each pong the server's, so a round trip gives one sample
 * of the offset, good to half its round-trip time (whatever the split between
 * the way there and the way back). Each sample is thus an interval the true
 * offset lies in: its offset ± half its round trip. The estimate is the middle
 * of where all recent intervals overlap — never wider than the best sample's
 * (the one with the shortest round trip), and much narrower once many samples
 * have come in over an uneven line. Should they not overlap (a clock was set
 * meanwhile), the best sample alone is the estimate. The socket samples after
 * every welcome (a reconnect may take another route: the estimate starts over)
 * and on every ping; the player asks for more while music plays
 * (LiveSocket.sampleClock).
 */
export interface ClockSample {
  /** Server clock minus page clock, assuming the pong took half the round trip. */
  offset: number;
  roundTrip: number;
  /** When it came in (page clock): samples older than CLOCK_WINDOW_MS are let go. */
  at: number;
}

/** How many recent samples are weighed at most. */
export const CLOCK_SAMPLES_KEPT = 64;
/** …and for how long: two clocks drift apart by a few ms over several minutes. */
export const CLOCK_WINDOW_MS = 120_000;
/** The last few samples are kept however old (a hidden tab pings seldom). */
const CLOCK_SAMPLES_ALWAYS_KEPT = 4;

export function clockSample(sentAt: number, serverNow: number, receivedAt: number): ClockSample {
  const roundTrip = Math.max(0, receivedAt - sentAt);
  return { offset: serverNow - (sentAt + roundTrip / 2), roundTrip, at: receivedAt };
}

/** Where the true offset lies, by every sample at once: the overlap of their intervals, or null when they do not overlap. */
export function overlapOf(samples: readonly ClockSample[]): { low: number; high: number } | null {
  if (samples.length === 0) return null;
  let low = -Infinity;
  let high = Infinity;
  for (const { offset, roundTrip } of samples) {
    low = Math.max(low, offset - roundTrip / 2);
    high = Math.min(high, offset + roundTrip / 2);
  }
  return low <= high ? { low, high } : null;
}

export class ServerClock {
  private samples: ClockSample[] = [];
  private listeners = new Set<() => void>();

  constructor(private readonly pageNow: () => number = Date.now) {}

  add(sample: ClockSample): void {
    const since = this.pageNow() - CLOCK_WINDOW_MS;
    const kept = [...this.samples, sample].slice(-CLOCK_SAMPLES_KEPT);
    this.samples = kept.filter((each, index) => each.at >= since || index >= kept.length - CLOCK_SAMPLES_ALWAYS_KEPT);
    for (const listener of [...this.listeners]) listener();
  }

  /** The best sample so far (shortest round trip), or null before the first. */
  best(): ClockSample | null {
    let best: ClockSample | null = null;
    for (const sample of this.samples) if (!best || sample.roundTrip < best.roundTrip) best = sample;
    return best;
  }

  /** The best sample's round trip, or null before the first. */
  roundTrip(): number | null {
    return this.best()?.roundTrip ?? null;
  }

  /** How far off the estimate may be at most (ms): half the width of the overlap, or of the best sample. */
  uncertainty(): number | null {
    const overlap = overlapOf(this.samples);
    if (overlap) return (overlap.high - overlap.low) / 2;
    const best = this.best();
    return best ? best.roundTrip / 2 : null;
  }

  /** Server clock minus page clock; 0 until measured. */
  offset(): number {
    const overlap = overlapOf(this.samples);
    if (overlap) return (overlap.low + overlap.high) / 2;
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
