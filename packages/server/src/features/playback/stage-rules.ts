/**
 * The room's rules as DJ turns apply them (docs/room.md, "Room rules"): which of a DJ's songs
 * the room lets them play (the longest song, no repeats), whether a DJ is AFK, and whether a DJ
 * whose song just ended has played their share (the room's songs per DJ, or their own plan).
 */
import { playbackMessages, roomRulesMessages, songRulesText, type StageLeaveReason } from '@platter/contract';
import { errors } from '../../api/errors';
import type { Db } from '../../db/database';
import { reusableQuery } from '../../db/reusable-query';
import { nextSongOf, type QueuedSong, type SongLimits } from '../library';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export interface StageRules {
  afkMinutes: number;
  maxSongMinutes: number;
  noRepeatHours: number;
  djSongLimit: number;
}

export async function stageRulesOf(db: Db, roomId: string): Promise<StageRules> {
  return db
    .selectFrom('rooms')
    .select(['afkMinutes', 'maxSongMinutes', 'noRepeatHours', 'djSongLimit'])
    .where('id', '=', roomId)
    .executeTakeFirstOrThrow();
}

function songLimits(rules: StageRules, roomId: string, now: number): SongLimits {
  return {
    ...(rules.maxSongMinutes > 0 && { maxDurationMs: rules.maxSongMinutes * MINUTE_MS }),
    ...(rules.noRepeatHours > 0 && { notPlayedIn: { roomId, since: now - rules.noRepeatHours * HOUR_MS } }),
  };
}

/** The DJ's next song the room's rules allow: the first in their queue that fits (others keep their place). */
export function fittingSongOf(
  db: Db,
  roomId: string,
  userId: string,
  rules: StageRules,
  now: number,
): Promise<QueuedSong | null> {
  return nextSongOf(db, userId, songLimits(rules, roomId, now));
}

/** Why a DJ has nothing to play on their turn: an empty queue, or nothing in it the rules allow. */
export async function whyNoSong(db: Db, userId: string): Promise<StageLeaveReason> {
  return (await nextSongOf(db, userId)) ? 'no_fitting_song' : 'empty_queue';
}

/** Only a member with a song the room's rules allow steps up (or waits for the stage): their turn would find none. */
export async function requireFittingSong(db: Db, roomId: string, userId: string, now: number): Promise<void> {
  const rules = await stageRulesOf(db, roomId);
  if (await fittingSongOf(db, roomId, userId, rules, now)) return;
  if ((await whyNoSong(db, userId)) === 'empty_queue') throw errors.conflict(playbackMessages.emptyQueue);
  throw errors.conflict(roomRulesMessages.noFittingSong(songRulesText(songRulesOf(rules))));
}

function songRulesOf(rules: StageRules) {
  return { max_song_minutes: rules.maxSongMinutes, no_repeat_hours: rules.noRepeatHours };
}

/** A member who has done nothing in the room for the AFK limit (off at 0). */
export async function isAfk(db: Db, roomId: string, userId: string, rules: StageRules, now: number): Promise<boolean> {
  if (rules.afkMinutes === 0) return false;
  const member = await db
    .selectFrom('roomMembers')
    .select(['activeAt', 'joinedAt'])
    .where('roomId', '=', roomId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (!member) return false;
  return Number(member.activeAt ?? member.joinedAt) <= now - rules.afkMinutes * MINUTE_MS;
}

export interface PlayedCount {
  /** Why that was their last song (their own plan ran out, or the room's songs per DJ); null: they play on. */
  leave: StageLeaveReason | null;
  /** Their plan's songs left now, when they have a plan. */
  planLeft: number | null;
}

/** Compiled once: every song change runs it. */
const countPlay = reusableQuery((db: Db, { roomId, djId }: { roomId: string; djId: string }) =>
  db
    .updateTable('roomMembers')
    .set((eb) => ({ djPlays: eb('djPlays', '+', 1), djPlan: eb('djPlan', '-', 1) }))
    .where('roomId', '=', roomId)
    .where('userId', '=', djId)
    .where('isDj', '=', 1)
    .returning(['djPlays', 'djPlan']),
);

/** Counts a song the DJ played to its end or had skipped, and says whether that was their last. */
export async function countPlayedSong(trx: Db, roomId: string, djId: string, rules: StageRules): Promise<PlayedCount> {
  const {
    rows: [dj],
  } = await countPlay(trx, { roomId, djId });
  if (!dj) return { leave: null, planLeft: null };
  // A plan of null stays null (null − 1 is null in SQL).
  const plays = Number(dj.djPlays);
  const plan = dj.djPlan === null ? null : Number(dj.djPlan);
  if (plan !== null && plan <= 0) return { leave: 'planned', planLeft: 0 };
  if (rules.djSongLimit > 0 && plays >= rules.djSongLimit) return { leave: 'song_limit', planLeft: plan };
  return { leave: null, planLeft: plan };
}
