/**
 * When a DJ is warned that the room's AFK rule will step them down (docs/room.md, "AFK"), and
 * what the warning says. The server times the rule from the DJ's AFK clock (`active_at`); so does
 * the page, on the server's clock as it reckons it. The warning shows for the last
 * AFK_WARNING_SHARE of the limit or the last AFK_WARNING_MIN_MS, whichever is longer, but never
 * more than the whole limit (so with a limit of 2 minutes or less it always shows).
 */
import { afkMessages, afkTimeLeftText } from '@platter/contract';

export const AFK_WARNING_SHARE = 0.2;
export const AFK_WARNING_MIN_MS = 2 * 60_000;
const MINUTE_MS = 60_000;

export interface AfkWarning {
  /** Until the DJ counts as away (0 once they do: they step down when their turn comes). */
  leftMs: number;
  away: boolean;
}

/** How long before the limit the warning shows, for a limit of `limitMs`. */
export function afkWarningWindowMs(limitMs: number): number {
  return Math.min(limitMs, Math.max(limitMs * AFK_WARNING_SHARE, AFK_WARNING_MIN_MS));
}

export interface AfkClock {
  /** The room's AFK limit (0: off). */
  afkMinutes: number;
  /** When the DJ's AFK clock last started (server's clock), or null when the page does not know. */
  activeAt: number | null;
  /** Now, on the server's clock. */
  now: number;
}

/** The warning to show now, or null (the rule is off, the clock unknown, or time enough left). */
export function afkWarning({ afkMinutes, activeAt, now }: AfkClock): AfkWarning | null {
  if (afkMinutes <= 0 || activeAt === null) return null;
  const limitMs = afkMinutes * MINUTE_MS;
  const left = activeAt + limitMs - now;
  if (left > afkWarningWindowMs(limitMs)) return null;
  // The server counts a DJ away once the limit has passed to the millisecond (stage-rules' isAfk).
  return { leftMs: Math.max(0, left), away: left <= 0 };
}

/** What the warning says: the time left, or that they count as away now. */
export function afkWarningText(warning: AfkWarning): string {
  return warning.away ? afkMessages.away : afkMessages.warning(afkTimeLeftText(warning.leftMs));
}
