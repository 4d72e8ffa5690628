/**
 * How a song's length or the time into it reads, everywhere in the page: "3:07",
 * or "1:02:05" past an hour. The room's elapsed time and the library's lengths
 * both read this way.
 */

/** Seconds as "m:ss" (or "h:mm:ss"), rounded to the nearest second; unknown or negative read "0:00". */
export function formatDuration(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const secs = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}

/** Time elapsed (ms) as a clock shows it: whole seconds gone by, so 83.9 s reads "1:23". */
export function formatElapsed(ms: number): string {
  return formatDuration(Math.floor(ms / 1000));
}
