/**
 * A room's rules for its stage (docs/room.md, "Room rules"): the waitlist behind a full stage,
 * the locks, AFK DJs, the longest song, no repeats, and how many songs a DJ plays before stepping
 * down. The settings are part of the room (`room.modify`, roomDetails' metadata); the calls here
 * are the waitlist's and a DJ's own plan to step down.
 */
import { z } from 'zod';
import { callTable, defineCall } from '../define-call';
import {
  AFK_MINUTES_MAX,
  DJ_SONG_LIMIT_MAX,
  MAX_SONG_MINUTES_MAX,
  NO_REPEAT_HOURS_MAX,
  WAITLIST_MAX,
} from '../constants';
import { wholeNumberWith } from '../validation';
import { roomId, type RoomRules } from './room';

export const roomRulesMessages = {
  afkMinutes: `AFK limit is 0 (off) to ${AFK_MINUTES_MAX} minutes.`,
  maxSongMinutes: `The longest song is 0 (no limit) to ${MAX_SONG_MINUTES_MAX} minutes.`,
  noRepeatHours: `No repeats is 0 (off) to ${NO_REPEAT_HOURS_MAX} hours.`,
  djSongLimit: `Songs per DJ is 0 (no limit) to ${DJ_SONG_LIMIT_MAX}.`,
  stageLocked: 'A moderator has locked the stage. Wait for it to open.',
  noFittingSong: (rules: string) => `None of the songs in your queue fit this room's rules (${rules}).`,
  /** The rules in force as the page lists them, each a short phrase (0 turns a rule off and it is not said). */
  maxSongRule: (minutes: number) => `songs up to ${plural(minutes, 'minute')}`,
  noRepeatRule: (hours: number) => `no repeats within ${plural(hours, 'hour')}`,
  djSongLimitRule: (songs: number) => `${plural(songs, 'song')} per DJ`,
  afkRule: (minutes: number) => `AFK limit ${plural(minutes, 'minute')}`,
  /** Before the rules' line under the waitlist. */
  summaryLabel: 'Room rules:',
  /** The locks, where the locked thing is offered, and a moderator's buttons for them. */
  stageLockedBadge: 'Stage locked',
  waitlistLockedBadge: 'Waitlist locked',
  lockStage: 'Lock the stage',
  unlockStage: 'Unlock the stage',
  lockWaitlist: 'Lock the waitlist',
  unlockWaitlist: 'Unlock the waitlist',
  /** The rules in the room's settings: each field's label and the line saying what it does. */
  fieldsLegend: 'Stage rules',
  maxSongLabel: 'Longest song (minutes)',
  maxSongHint: 'Longer songs are passed over. 0: no limit.',
  noRepeatLabel: 'No repeats within (hours)',
  noRepeatHint: 'A song played here lately is passed over. 0: off.',
  djSongLimitLabel: 'Songs per DJ',
  djSongLimitHint: 'A DJ steps down after playing this many. 0: no limit.',
  afkLabel: 'AFK limit (minutes)',
  afkHint: 'A DJ idle this long steps down on their turn. 0: off.',
  lockStageHint: 'Only moderators step up; others join the waitlist.',
  lockWaitlistHint: 'Nobody new joins the line; those in it keep their place.',
  /** A number the form could not read, when the rule's own sentence is missing. */
  checkNumber: 'Please check this number.',
} as const;

export const waitlistMessages = {
  notInRoom: 'Join the room to wait for the stage.',
  onStage: "You're on the stage already.",
  already: "You're on the waitlist already.",
  notWaiting: "That person isn't on the waitlist.",
  youNotWaiting: "You're not on the waitlist.",
  locked: 'A moderator has locked the waitlist.',
  full: `The waitlist is full (${WAITLIST_MAX} people). Try again later.`,
  /** The stage has a free spot and nobody waits: no need to queue. */
  spotFree: 'There is a free spot on the stage: step up.',
  position: `Say a place from 1 to ${WAITLIST_MAX}.`,
  /** The line as the page shows it (docs/room.md, "Room rules in the page"). */
  title: 'Waitlist',
  empty: 'Nobody is waiting for the stage.',
  /** Someone waiting whom the page does not know by name. */
  someone: 'Someone',
  /** Beside the reader's own place in the line. */
  you: 'you',
  yourPlace: (position: number) => `You're #${position} in the waitlist`,
  join: 'Join the waitlist',
  leave: 'Leave the waitlist',
  stepUp: 'Step up to DJ',
  /** Why the reader is offered the waitlist rather than a spot (under "Join the waitlist"). */
  whyFull: 'The stage is full.',
  whyLocked: 'A moderator has locked the stage.',
  whyOthersWaiting: 'Others are waiting for the stage.',
  /** A moderator's buttons on someone in the line: a tooltip, and what a screen reader hears. */
  moveUp: 'Move up',
  moveDown: 'Move down',
  takeOff: 'Take off the waitlist',
  moveUpLabel: (name: string) => `Move ${name} up`,
  moveDownLabel: (name: string) => `Move ${name} down`,
  takeOffLabel: (name: string) => `Take ${name} off the waitlist`,
} as const;

export const djPlanMessages = {
  notDj: 'Step up to the stage first.',
  songs: `Say how many more of your songs to play, 1 to ${DJ_SONG_LIMIT_MAX} (0 cancels).`,
  /** A DJ's controls in the page: step down now, or plan to after this song or N songs. */
  stepDown: 'Step down',
  afterThisSong: 'Step down after this song',
  afterMyNextSong: 'Step down after my next song',
  moreSongsLabel: 'Step down after more songs',
  afterMoreSongs: 'After more songs…',
  afterSongs: (songs: number) => `After ${songs} songs`,
  cancel: 'Cancel plan',
  /**
   * The plan, told to its DJ: `songsLeft` counts the song playing when it is theirs
   * (`playingOwn`), so 1 is "this song" then and "your next song" otherwise.
   */
  plan: (songsLeft: number, playingOwn: boolean) =>
    songsLeft === 1
      ? `Stepping down after ${playingOwn ? 'this song' : 'your next song'}`
      : `Stepping down after ${songsLeft} more songs`,
  /** The badge others see on a DJ with a plan. */
  badge: (songsLeft: number) => (songsLeft === 1 ? 'last song' : `${songsLeft} songs left`),
} as const;

/**
 * Why someone left the stage (the `rem_dj` event): they stepped down, a moderator took them off,
 * they left the room, their queue was empty or had nothing the rules allow on their turn, they
 * were AFK on their turn, they played the room's songs per DJ, or their own plan was done.
 */
export const stageLeaveReasons = [
  'stepped_down',
  'moderator',
  'left',
  'empty_queue',
  'no_fitting_song',
  'afk',
  'song_limit',
  'planned',
] as const;
export type StageLeaveReason = (typeof stageLeaveReasons)[number];

/**
 * What happened to someone in the line (the `update_waitlist` event): they joined or left it, a
 * moderator moved or removed them, they reached the stage, or they could not DJ when their turn
 * for a spot came (no song the rules allow, too few points, AFK) and lost their place.
 */
export const waitlistChanges = ['joined', 'left', 'moved', 'removed', 'stepped_up', 'cannot_dj'] as const;
export type WaitlistChange = (typeof waitlistChanges)[number];

/**
 * The AFK warning (docs/room.md, "AFK"): a DJ near the room's AFK limit is told how long they
 * have, and "I'm still here" (`room.still_here`) restarts their clock. `left` is in words
 * ("1 minute", "45 seconds": afkTimeLeftText).
 */
export const afkMessages = {
  notInRoom: 'Join the room first.',
  title: 'Still there?',
  warning: (left: string) =>
    `You'll be stepped down for being away in ${left} — say something in the chat, vote, or click “I'm still here”.`,
  away: "You're counted as away: you'll be stepped down when your turn comes — say something in the chat, vote, or click “I'm still here”.",
  stillHere: "I'm still here",
  /** The tab's title while the page is hidden and the warning shows. */
  tabTitle: (title: string) => `⚠ Still there? · ${title}`,
} as const;

/** Time left in words for the AFK warning: whole minutes from a minute up, else whole seconds (at least 1); never more than is left. */
export function afkTimeLeftText(ms: number): string {
  if (ms >= 60_000) return plural(Math.floor(ms / 60_000), 'minute');
  return plural(Math.max(1, Math.floor(ms / 1000)), 'second');
}

/** The rules a song must fit, in words ("at most 8 minutes, not played in the last 4 hours"). */
export function songRulesText(rules: Pick<RoomRules, 'max_song_minutes' | 'no_repeat_hours'>): string {
  const parts: string[] = [];
  if (rules.max_song_minutes > 0) parts.push(`at most ${plural(rules.max_song_minutes, 'minute')} long`);
  if (rules.no_repeat_hours > 0) parts.push(`not played here in the last ${plural(rules.no_repeat_hours, 'hour')}`);
  return parts.join(', ');
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

const target = z.string().trim().min(1, 'Please say who.').max(64);

export const roomRulesCalls = callTable(
  defineCall({
    name: 'room.waitlist_join',
    method: 'POST',
    access: 'member',
    // Joins the end of the line for the stage; the first in line takes the next free spot.
    input: z.object({ roomid: roomId }),
    output: z.object({ position: z.number() }),
  }),
  defineCall({
    name: 'room.waitlist_leave',
    method: 'POST',
    access: 'member',
    // Leaves the line; with `target_userid`, a moderator takes someone out of it.
    input: z.object({ roomid: roomId, target_userid: target.optional() }),
    output: z.object({}),
  }),
  defineCall({
    name: 'room.waitlist_move',
    method: 'POST',
    access: 'member',
    // A moderator moves someone to `position` (1 is next); beyond the end means last.
    input: z.object({
      roomid: roomId,
      target_userid: target,
      position: wholeNumberWith(waitlistMessages.position).pipe(
        z.number().min(1, waitlistMessages.position).max(WAITLIST_MAX, waitlistMessages.position),
      ),
    }),
    output: z.object({ waitlist: z.array(z.string()) }),
  }),
  defineCall({
    name: 'room.dj_step_down_after',
    method: 'POST',
    access: 'member',
    /**
     * A DJ plans to step down after `songs` more of their songs (1: after this one, if theirs is
     * playing, else after their next); 0 cancels the plan.
     */
    input: z.object({
      roomid: roomId,
      songs: wholeNumberWith(djPlanMessages.songs).pipe(
        z.number().min(0, djPlanMessages.songs).max(DJ_SONG_LIMIT_MAX, djPlanMessages.songs),
      ),
    }),
    output: z.object({ songs_left: z.number().nullable() }),
  }),
  defineCall({
    name: 'room.still_here',
    method: 'POST',
    access: 'member',
    /**
     * The caller is still there (the AFK warning's button): their AFK clock starts again, as it
     * does when they chat or vote. Answers when it started (`active_at`, the server's clock, ms);
     * their other pages hear `afk_clock`.
     */
    input: z.object({ roomid: roomId }),
    output: z.object({ active_at: z.number() }),
  }),
);
