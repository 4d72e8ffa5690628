/**
 * Every song plays at the same perceived loudness (docs/music.md): the page applies a gain that
 * brings the song's measured integrated loudness to TARGET_LOUDNESS_LUFS. This is the one place
 * the formula lives; the library's song views and the room's playing song both use it.
 */
import { MAX_GAIN_DB, TARGET_LOUDNESS_LUFS } from '@platter/contract';

/** The gain (dB) for a song of `loudness` LUFS: capped at +MAX_GAIN_DB; 0 while not measured. */
export function gainFor(loudness: number | null | undefined): number {
  if (loudness === null || loudness === undefined || !Number.isFinite(loudness)) return 0;
  const gain = Math.min(TARGET_LOUDNESS_LUFS - loudness, MAX_GAIN_DB);
  return Math.round(gain * 100) / 100;
}

/** The stored waveform (a JSON array of numbers in 0..1); empty while not measured or unreadable. */
export function peaksOf(stored: string | null): number[] {
  if (!stored) return [];
  try {
    const peaks: unknown = JSON.parse(stored);
    return Array.isArray(peaks) && peaks.every((peak) => typeof peak === 'number') ? (peaks as number[]) : [];
  } catch {
    return [];
  }
}
