import { MAX_GAIN_DB, TARGET_LOUDNESS_LUFS } from '@platter/contract';

/**
 * The gain in dB a page applies to a song so that every song plays at
 * TARGET_LOUDNESS_LUFS: a loud master is turned down as far as it takes, a
 * quiet one turned up by at most MAX_GAIN_DB (a near-silent track is not made
 * to roar, nor its noise floor). A song without a measured loudness (silent,
 * still being measured, or not measurable) plays as it is: 0 dB.
 */
export function gainFor(loudness: number | null | undefined): number {
  if (loudness === null || loudness === undefined || !Number.isFinite(loudness)) return 0;
  return Math.round(Math.min(TARGET_LOUDNESS_LUFS - loudness, MAX_GAIN_DB) * 100) / 100;
}

/**
 * What a page needs to even out and draw a song, from its `audio_files` row:
 * the gain, and the waveform (empty until measured, or when it could not be).
 */
export function songLevels(file: { analysis: string; loudness: number | null; peaks: string | null }): {
  gain: number;
  peaks: number[];
} {
  if (file.analysis !== 'ready') return { gain: 0, peaks: [] };
  let peaks: unknown;
  try {
    peaks = file.peaks === null ? [] : JSON.parse(file.peaks);
  } catch {
    peaks = [];
  }
  const valid = Array.isArray(peaks) && peaks.every((peak) => typeof peak === 'number');
  return { gain: gainFor(file.loudness), peaks: valid ? (peaks as number[]) : [] };
}
