/**
 * How the player keeps to the room's timeline (docs/music.md, "Playing in
 * sync"), as pure functions the player calls a few times a second. The error
 * is where the page plays minus where the timeline is, in ms (positive: ahead).
 * Small errors are worked off by playing a touch slower or faster — a change of
 * a few percent nobody hears, where a seek is a skip in the music — and only an
 * error beyond SEEK_BEYOND_MS is met by a seek.
 */

/** Beyond this the page seeks; under it, it plays a little faster or slower. */
export const SEEK_BEYOND_MS = 1000;
/** The playback rate stays within 1 ± this. */
export const MAX_RATE_NUDGE = 0.05;
/**
 * …and never closer to 1 than this while the page follows the timeline. Chromium's
 * time-stretcher (it keeps the pitch) treats a rate within about 0.1–0.25% of 1 as 1, and
 * each time the rate leaves exactly 1 it switches on and the element's position falls back
 * ~20 ms. So the page never returns to 1: when its error is small it plays 0.3% fast or slow,
 * whichever the error asks — a tempo change nobody hears, and no position lost.
 */
export const MIN_RATE_NUDGE = 0.003;
/** The rate a song starts at: already stretching (see MIN_RATE_NUDGE), a hair fast. */
export const FOLLOWING_RATE = 1 + MIN_RATE_NUDGE;
/** Errors this small keep the direction the rate has (a reading wobbles by about this). */
export const DRIFT_HOLD_MS = 1;
/** The nudge is the error over this: 10 ms ahead plays at 0.99; 100 ms at 0.95, made up in ~2 s. */
export const DRIFT_CORRECTION_MS = 1000;
/** A page whose error stays beyond this for LARGE_ERROR_FOR_MS is told why it may be. */
export const LARGE_ERROR_MS = 250;
export const LARGE_ERROR_FOR_MS = 15_000;

export type Correction = { kind: 'seek'; toMs: number } | { kind: 'rate'; rate: number };

/**
 * What to do about an error of `errorMs` while the timeline is at `targetMs` in the song:
 * seek there (plus `seekLeadMs`, what a seek has been seen to cost), or set the rate — in
 * proportion to the error, at least MIN_RATE_NUDGE off 1, within MAX_RATE_NUDGE. An error
 * within DRIFT_HOLD_MS keeps the direction of `currentRate`.
 */
export function correctDrift(
  errorMs: number,
  targetMs: number,
  seekLeadMs = 0,
  currentRate = FOLLOWING_RATE,
): Correction {
  if (!Number.isFinite(errorMs) || Math.abs(errorMs) > SEEK_BEYOND_MS) {
    return { kind: 'seek', toMs: Math.max(0, targetMs + seekLeadMs) };
  }
  // Ahead (positive) plays slower; behind plays faster.
  const slower = Math.abs(errorMs) <= DRIFT_HOLD_MS ? currentRate < 1 : errorMs > 0;
  const nudge = Math.min(MAX_RATE_NUDGE, Math.max(MIN_RATE_NUDGE, Math.abs(errorMs) / DRIFT_CORRECTION_MS));
  return { kind: 'rate', rate: Math.round((slower ? 1 - nudge : 1 + nudge) * 10_000) / 10_000 };
}

/**
 * What a seek costs: after one, the page starts playing behind where it sought (it had to
 * fetch and decode). Learned from each seek's outcome, halfway at a time so that one odd seek
 * does not throw it: the lead that would have been right is the old one minus the error seen.
 */
export function nextSeekLead(previousLeadMs: number, errorAfterSeekMs: number): number {
  const right = previousLeadMs - errorAfterSeekMs;
  return Math.round(Math.max(0, Math.min(SEEK_BEYOND_MS / 2, (previousLeadMs + right) / 2)));
}

/** Where the song is on the room's timeline now (ms into it), given the server's clock. */
export function timelinePosition(serverNowMs: number, starttimeMs: number): number {
  return serverNowMs - starttimeMs;
}

/**
 * Tracks how long the error has stayed large: the time it first went (and stayed) beyond
 * LARGE_ERROR_MS, or null while it is fine.
 */
export function largeErrorSince(since: number | null, errorMs: number, nowMs: number): number | null {
  if (Math.abs(errorMs) <= LARGE_ERROR_MS) return null;
  return since ?? nowMs;
}

export function errorStaysLarge(since: number | null, nowMs: number): boolean {
  return since !== null && nowMs - since >= LARGE_ERROR_FOR_MS;
}

/** A reading of the audio element's position: when (page clock, ms), where (ms into the song), at what rate. */
export interface PositionReading {
  at: number;
  position: number;
  rate: number;
}

/** How many recent readings are weighed (about a second and a half at the player's tick). */
export const POSITION_READINGS_KEPT = 8;

/**
 * Where the audio is at `now`, from its recent readings: each carried forward to `now` at its
 * rate, and the median taken. The element's clock moves in steps of its audio buffers (tens of
 * ms, more under load), so one reading alone jitters; the median of several does not, and one
 * odd reading cannot move it. Null without readings.
 */
export function smoothedPosition(readings: readonly PositionReading[], now: number): number | null {
  if (readings.length === 0) return null;
  const carried = readings.map((reading) => reading.position + (now - reading.at) * reading.rate).sort((a, b) => a - b);
  const middle = carried.length >> 1;
  return carried.length % 2 === 1 ? carried[middle]! : (carried[middle - 1]! + carried[middle]!) / 2;
}
