/**
 * The page's estimate of the server's clock, NTP-style: each ping carries the
 * page's clock and each pong the server's, so a round trip gives one sample
 * of the offset (server clock minus page clock). Whatever the split between
 * the way there and the way back, the server read its clock between the ping
 * leaving and the pong arriving, so each sample is an interval the true offset
 * lies in, as wide as its round trip (plus the server clock's step of 1 ms:
 * Date.now() counts whole ms). The estimate is the middle of where the recent
 * intervals overlap: never wider than the best sample's (the shortest round
 * trip), and far narrower once many samples have come in over an uneven line —
 * its edges are set by the quickest way there and the quickest way back, even
 * when no one sample had both. Should the newest samples not overlap the older
 * ones (a clock was set meanwhile), the older ones are let go. The socket
 * samples after every welcome (a reconnect may take another route: the
 * estimate starts over) and on every ping; the player asks for more while
 * music plays (clock-sampling.ts), quicker while the estimate is not yet settled().
 */
export interface ClockSample {
  /** The true offset (server clock minus page clock) lies between low and high. */
  low: number;
  high: number;
  roundTrip: number;
  /** When it came in (page clock): samples older than CLOCK_WINDOW_MS are let go. */
  at: number;
}

/**
 * How many recent samples are weighed at most: enough for the whole window while the player
 * samples quickly (five a second), so the best samples are not let go for being many.
 */
export const CLOCK_SAMPLES_KEPT = 256;
/** …and for how long: two clocks drift apart by a few ms over several minutes. */
export const CLOCK_WINDOW_MS = 120_000;
/** The last few samples are kept however old (a hidden tab pings seldom). */
const CLOCK_SAMPLES_ALWAYS_KEPT = 4;
/** An estimate this narrow (ms either way) is as good as the sync needs: no quicker sampling for it. */
export const CLOCK_SETTLED_MS = 1.5;
/**
 * …nor for one that this many samples in a row left as it was: over a line whose delay hardly
 * varies (most real ones) the overlap soon stops narrowing, however often the page pings.
 */
export const CLOCK_QUIET_SAMPLES = 32;
/** The server's clock (Date.now) moves in whole ms: a reading of t means a moment in [t, t + 1). */
export const SERVER_CLOCK_STEP_MS = 1;

/**
 * One round trip's sample: the ping left at `sentAt` and its pong came back at `receivedAt`
 * (page clock) carrying the server's clock `serverNow`, read somewhere in between.
 */
export function clockSample(
  sentAt: number,
  serverNow: number,
  receivedAt: number,
  serverStep = SERVER_CLOCK_STEP_MS,
): ClockSample {
  const roundTrip = Math.max(0, receivedAt - sentAt);
  return { low: serverNow - (sentAt + roundTrip), high: serverNow + serverStep - sentAt, roundTrip, at: receivedAt };
}

/** The middle of a sample's interval: its offset if the ways there and back took as long. */
export function sampleOffset(sample: ClockSample): number {
  return (sample.low + sample.high) / 2;
}

/** Where the true offset lies, by every sample at once: the overlap of their intervals, or null when they do not overlap. */
export function overlapOf(samples: readonly ClockSample[]): { low: number; high: number } | null {
  if (samples.length === 0) return null;
  let low = -Infinity;
  let high = Infinity;
  for (const sample of samples) {
    low = Math.max(low, sample.low);
    high = Math.min(high, sample.high);
  }
  return low <= high ? { low, high } : null;
}

/**
 * The overlap of the newest samples that agree: from the newest back, each older sample narrows
 * it, until one that does not overlap it (the clock was set before it) ends the walk. Null
 * without samples.
 */
export function newestOverlap(samples: readonly ClockSample[]): { low: number; high: number } | null {
  let overlap: { low: number; high: number } | null = null;
  for (let index = samples.length - 1; index >= 0; index--) {
    const sample = samples[index]!;
    const low = Math.max(overlap?.low ?? -Infinity, sample.low);
    const high = Math.min(overlap?.high ?? Infinity, sample.high);
    if (low > high) break;
    overlap = { low, high };
  }
  return overlap;
}

export class ServerClock {
  private samples: ClockSample[] = [];
  private overlap: { low: number; high: number } | null = null;
  /** Samples in a row that left the overlap as it was. */
  private unchangedFor = 0;
  private listeners = new Set<() => void>();

  constructor(private readonly pageNow: () => number = Date.now) {}

  add(sample: ClockSample): void {
    const since = this.pageNow() - CLOCK_WINDOW_MS;
    const kept = [...this.samples, sample].slice(-CLOCK_SAMPLES_KEPT);
    this.samples = kept.filter((each, index) => each.at >= since || index >= kept.length - CLOCK_SAMPLES_ALWAYS_KEPT);
    const before = this.overlap;
    const after = newestOverlap(this.samples);
    this.overlap = after;
    const same = before !== null && after !== null && before.low === after.low && before.high === after.high;
    this.unchangedFor = same ? this.unchangedFor + 1 : 0;
    for (const listener of [...this.listeners]) listener();
  }

  /** The best sample kept (shortest round trip), or null before the first. */
  best(): ClockSample | null {
    let best: ClockSample | null = null;
    for (const sample of this.samples) if (!best || sample.roundTrip < best.roundTrip) best = sample;
    return best;
  }

  /** The best sample's round trip, or null before the first. */
  roundTrip(): number | null {
    return this.best()?.roundTrip ?? null;
  }

  /** How far off the estimate may be at most (ms): half the width of the overlap; null before the first sample. */
  uncertainty(): number | null {
    return this.overlap ? (this.overlap.high - this.overlap.low) / 2 : null;
  }

  /**
   * Whether more samples would hardly help: the estimate is within CLOCK_SETTLED_MS, or the last
   * CLOCK_QUIET_SAMPLES left it as it was. False before the first sample, and again whenever a
   * sample changed it (narrowed it, or widened it as the best ones aged out).
   */
  settled(): boolean {
    const uncertainty = this.uncertainty();
    return uncertainty !== null && (uncertainty <= CLOCK_SETTLED_MS || this.unchangedFor >= CLOCK_QUIET_SAMPLES);
  }

  /** Server clock minus page clock; 0 until measured. */
  offset(): number {
    return this.overlap ? (this.overlap.low + this.overlap.high) / 2 : 0;
  }

  /** The server's clock now, as well as the page can tell. */
  serverNow(): number {
    return this.pageNow() + this.offset();
  }

  /** A new connection may take another route: start over. */
  reset(): void {
    this.samples = [];
    this.overlap = null;
    this.unchangedFor = 0;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}
