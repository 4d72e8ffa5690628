/** How sizes read in the music panel: "4.2 MB" (lengths read as lib/duration.ts says). */

const KILO = 1024;
const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * A size in bytes as people read it: a whole number of bytes under 1 KB, then one decimal
 * below 10 of a unit ("4.2 MB") and none above ("120 MB"). Binary units, as the server's
 * limits (UPLOAD_MAX_MB, LIBRARY_QUOTA_MB) are counted.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 bytes';
  if (bytes < KILO) return `${Math.round(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let value = bytes;
  let unit = 0;
  while (value >= KILO && unit < UNITS.length - 1) {
    value /= KILO;
    unit++;
  }
  // 1023.96 KB rounds to "1024 KB": say "1 MB" instead.
  if (Math.round(value) >= KILO && unit < UNITS.length - 1) {
    value /= KILO;
    unit++;
  }
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown} ${UNITS[unit]}`;
}

/** The share of the quota used, 0..1 (a full or overfull library reads 1). */
export function quotaShare(used: number, quota: number): number {
  if (!(quota > 0)) return used > 0 ? 1 : 0;
  return Math.min(1, Math.max(0, used / quota));
}
