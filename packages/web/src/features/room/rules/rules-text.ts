/**
 * The room's rules and a DJ's plan in words, as the page shows them (docs/room.md, "Room rules
 * in the page"). 0 means a rule is off, and an off rule is not mentioned.
 */
import { djPlanMessages, roomRulesMessages, type RoomRules } from '@platter/contract';

/** The rules in force, each a short phrase ("Songs up to 8 minutes", "3 songs per DJ"). */
export function activeRules(rules: RoomRules): string[] {
  const parts: string[] = [];
  if (rules.max_song_minutes > 0) parts.push(roomRulesMessages.maxSongRule(rules.max_song_minutes));
  if (rules.no_repeat_hours > 0) parts.push(roomRulesMessages.noRepeatRule(rules.no_repeat_hours));
  if (rules.dj_song_limit > 0) parts.push(roomRulesMessages.djSongLimitRule(rules.dj_song_limit));
  if (rules.afk_minutes > 0) parts.push(roomRulesMessages.afkRule(rules.afk_minutes));
  return parts;
}

/** The rules as one line ("Songs up to 8 minutes · 3 songs per DJ"), or null when none is on. */
export function rulesSummary(rules: RoomRules): string | null {
  const line = activeRules(rules).join(' · ');
  return line ? line.charAt(0).toUpperCase() + line.slice(1) : null;
}

/**
 * A DJ's own plan, told to them: `songsLeft` counts the song playing when it is theirs
 * (`playingOwn`), so 1 is "this song" then and "your next song" otherwise.
 */
export function djPlanText(songsLeft: number, playingOwn: boolean): string {
  return djPlanMessages.plan(songsLeft, playingOwn);
}

/** The badge others see on a DJ with a plan. */
export function djPlanBadge(songsLeft: number): string {
  return djPlanMessages.badge(songsLeft);
}
