/**
 * A song's waveform as the page draws it: the song cut into equal slices, each
 * slice's loudest sample (the largest absolute value over all channels, 0..1).
 *
 * The length of a song is only known once it is decoded to the end, so the
 * collector keeps the peak of every short run of samples and halves its
 * resolution whenever it holds too many: memory stays bounded however long
 * the song, and the slices come out exact to a run.
 */

/** The most runs kept before two neighbours are merged into one. */
const MAX_RUNS = 1 << 15;

export class PeakCollector {
  private runLength = 64;
  private runs: number[] = [];
  private current = 0;
  private inRun = 0;

  /** Adds the next samples (one array per channel, all the same length). */
  push(channelData: readonly Float32Array[]): void {
    const length = channelData[0]?.length ?? 0;
    for (let i = 0; i < length; i++) {
      let peak = this.current;
      for (const channel of channelData) {
        const value = Math.abs(channel[i]!);
        if (value > peak) peak = value;
      }
      this.current = peak;
      if (++this.inRun === this.runLength) this.endRun();
    }
  }

  /** `count` slice peaks in 0..1 (decoders may overshoot a little: clipped to 1). */
  peaks(count: number): number[] {
    const runs = this.inRun > 0 ? [...this.runs, this.current] : this.runs;
    if (runs.length === 0) return Array.from({ length: count }, () => 0);
    return Array.from({ length: count }, (_, slice) => {
      const from = Math.floor((slice * runs.length) / count);
      const to = Math.max(from + 1, Math.floor(((slice + 1) * runs.length) / count));
      let peak = 0;
      for (let run = from; run < to; run++) peak = Math.max(peak, runs[run]!);
      return Math.round(Math.min(1, peak) * 1000) / 1000;
    });
  }

  private endRun(): void {
    this.runs.push(this.current);
    this.current = 0;
    this.inRun = 0;
    if (this.runs.length < MAX_RUNS) return;
    const merged: number[] = [];
    for (let run = 0; run < this.runs.length; run += 2) merged.push(Math.max(this.runs[run]!, this.runs[run + 1] ?? 0));
    this.runs = merged;
    this.runLength *= 2;
  }
}
