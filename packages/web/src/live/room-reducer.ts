/**
 * The room's state as a pure function of its snapshot and events, in the
 * room's order. Events that change who is where (the stage, moderators, the
 * room's settings) also read as lines in the chat ("Ann stepped up to DJ"),
 * so the room's story is told where people look.
 */
import {
  CHAT_HISTORY_SIZE,
  roomNoticeMessages as say,
  type RoomChatLine,
  type RoomEvent,
  type RoomSnapshot,
  type RoomUser,
} from '@platter/contract';
import { applyMusicEvent, musicNotice, musicOfSnapshot, silence, type RoomMusic } from './room-music';
import { stageLeaveNotice, waitlistNotice, withDjPlan } from './room-stage';

/** A line of the room's feed: something a person said, or something that happened. */
export type FeedLine = ({ kind: 'chat' } & RoomChatLine) | { kind: 'notice'; key: string; text: string; time: number };

export interface RoomState {
  /** idle: in no room; joining: until the first snapshot; live; refused: the room would not have us; exited: let go (booted, replaced). */
  status: 'idle' | 'joining' | 'live' | 'refused' | 'exited';
  /** What the page asked for: a room id or shortcut. */
  asked: string | null;
  snapshot: RoomSnapshot['room'] | null;
  users: readonly RoomUser[];
  /** Who is on the stage, in the order they stepped up. */
  djids: readonly string[];
  /** Who waits for the stage, first in line first. */
  waitlist: readonly string[];
  /** The DJs' own plans: songs left before each steps down. */
  djPlans: Readonly<Record<string, number>>;
  /** The room's sequence number the state is at. */
  seq: number;
  /** The chat and the room's happenings, oldest first. */
  feed: readonly FeedLine[];
  /** Who may not chat here, and until when (epoch ms): the reader's own mute, and whom a moderator may unmute. */
  mutes: Readonly<Record<string, number>>;
  /** True when an event came out of order: the state waits for a fresh snapshot. */
  gap: boolean;
  /** Why the room refused or let go of the page. */
  error: string | null;
  /** What the room plays (room-music.ts). */
  music: RoomMusic;
  /**
   * When the reader's AFK clock last started (the server's clock, ms), or null: the AFK warning
   * is timed from it (docs/room.md, "AFK"). Only ever moves on: the clock never starts earlier.
   */
  activeAt: number | null;
}

/** How many lines the page keeps: what it was given on joining, and as many again. */
const FEED_KEPT = 2 * CHAT_HISTORY_SIZE;

export const emptyRoom: RoomState = {
  status: 'idle',
  asked: null,
  snapshot: null,
  users: [],
  djids: [],
  waitlist: [],
  djPlans: {},
  seq: 0,
  feed: [],
  mutes: {},
  gap: false,
  error: null,
  music: silence,
  activeAt: null,
};

export type RoomAction =
  | { type: 'join'; asked: string }
  | { type: 'snapshot'; snapshot: RoomSnapshot; reader: string | null }
  | {
      type: 'event';
      seq: number;
      event: RoomEvent;
      reader: string | null;
      time: number;
      /** The server's clock as the page reckons it when the event came (times the AFK clock's restarts). */
      serverTime?: number;
    }
  /** The server started the reader's AFK clock again (`afk_clock`, or room.still_here's answer). */
  | { type: 'afk_clock'; roomid: string; activeAt: number }
  | { type: 'refused'; error: string }
  | { type: 'exited'; error: string }
  | { type: 'leave' };

const withoutUsers = (users: readonly RoomUser[], gone: readonly RoomUser[]) =>
  users.filter((user) => !gone.some((other) => other.userid === user.userid));

const nameIn = (state: RoomState, userid: string | null, fallback: string) =>
  state.users.find((user) => user.userid === userid)?.name ?? fallback;

const personName = (user: RoomUser | undefined) => user?.name ?? say.someGuest;

/** What an event reads as in the chat, or null for those that speak for themselves. */
export function noticeOf(state: RoomState, event: RoomEvent): string | null {
  const mod = 'modid' in event ? nameIn(state, event.modid, say.someModerator) : say.someModerator;
  switch (event.command) {
    case 'add_dj':
      return say.steppedUp(personName(event.user[0]));
    case 'rem_dj':
      return stageLeaveNotice(event, personName(event.user[0]), mod, state.snapshot?.metadata.rules.dj_song_limit ?? 0);
    case 'update_waitlist':
      return waitlistNotice(event, nameIn(state, event.userid, say.someGuest), mod);
    case 'new_moderator':
      return say.newModerator(event.name);
    case 'rem_moderator':
      return say.noLongerModerator(event.name);
    case 'booted_user':
      return say.booted(mod, event.name, event.reason ?? '');
    case 'banned_user':
      return say.banned(mod, event.name, event.until !== null, event.reason ?? '');
    case 'muted_user':
      return event.until === null ? say.unmuted(mod, event.name) : say.muted(mod, event.name);
    case 'update_room':
      return say.settingsUpdated(mod);
    default:
      return musicNotice(state.music, event, (id) => nameIn(state, id, say.someModerator));
  }
}

/** The room's facts follow its song (the header, the miniplayer and lists read `current_song`). */
function withCurrentSong(state: RoomState, event: RoomEvent): RoomState['snapshot'] {
  if (!state.snapshot) return null;
  let current_song = state.snapshot.metadata.current_song;
  if (event.command === 'newsong') {
    const { metadata, starttime } = event.current_song;
    current_song = { coverart: metadata.coverart, artist: metadata.artist, song: metadata.song, played: starttime };
  } else if (
    event.command === 'nosong' ||
    (event.command === 'song_ended' && state.music.song?.playid === event.playid)
  ) {
    current_song = null;
  }
  return { ...state.snapshot, metadata: { ...state.snapshot.metadata, current_song } };
}

const later = (a: number | null, b: number) => (a === null ? b : Math.max(a, b));

/**
 * Events every page hears that restart the reader's AFK clock on the server: their stepping up,
 * and the room's AFK limit changing (which restarts everyone's). The page starts it when it hears
 * them, on the server's clock as it reckons it (a moment late, so never early), rather than wait
 * for an `afk_clock` that these do not send.
 */
function restartsAfkClock(state: RoomState, event: RoomEvent, reader: string | null): boolean {
  if (event.command === 'add_dj') return reader !== null && event.user.some((user) => user.userid === reader);
  if (event.command === 'update_room') {
    return event.room.metadata.rules.afk_minutes !== state.snapshot?.metadata.rules.afk_minutes;
  }
  return false;
}

/** Applies one event to the room (idempotent for people: joining twice is being there once). */
function applyEvent(state: RoomState, event: RoomEvent): RoomState {
  switch (event.command) {
    case 'registered':
      return { ...state, users: [...withoutUsers(state.users, event.user), ...event.user] };
    case 'deregistered': {
      const gone = new Set(event.user.map((user) => user.userid));
      return {
        ...state,
        users: withoutUsers(state.users, event.user),
        djids: state.djids.filter((id) => !gone.has(id)),
        waitlist: state.waitlist.filter((id) => !gone.has(id)),
      };
    }
    case 'speak': {
      const { command: _command, roomid: _roomid, ...line } = event;
      return { ...state, feed: [...state.feed, { kind: 'chat' as const, ...line }] };
    }
    case 'add_dj':
      return { ...state, djids: event.djs };
    case 'rem_dj':
      return { ...state, djids: event.djs, djPlans: withDjPlan(state.djPlans, event.user[0]?.userid ?? '', null) };
    case 'update_waitlist':
      return { ...state, waitlist: event.waitlist };
    case 'dj_plan':
      return { ...state, djPlans: withDjPlan(state.djPlans, event.userid, event.songs_left) };
    case 'update_user':
      return {
        ...state,
        users: state.users.map((user) => (user.userid === event.userid ? event.user : user)),
      };
    case 'new_moderator':
    case 'rem_moderator': {
      if (!state.snapshot) return state;
      const others = state.snapshot.metadata.moderator_id.filter((id) => id !== event.userid);
      const moderator_id = event.command === 'new_moderator' ? [...others, event.userid] : others;
      return { ...state, snapshot: { ...state.snapshot, metadata: { ...state.snapshot.metadata, moderator_id } } };
    }
    case 'muted_user': {
      const { [event.userid]: _lifted, ...others } = state.mutes;
      return { ...state, mutes: event.until === null ? others : { ...others, [event.userid]: event.until } };
    }
    case 'chat_deleted':
      return { ...state, feed: state.feed.filter((line) => line.kind !== 'chat' || line.chatid !== event.chatid) };
    case 'update_room':
      return { ...state, snapshot: event.room };
    case 'booted_user':
    case 'banned_user':
      return state;
    case 'newsong':
    case 'nosong':
    case 'song_ended':
      return { ...state, music: applyMusicEvent(state.music, event), snapshot: withCurrentSong(state, event) };
    case 'update_votes':
    case 'snagged':
      return { ...state, music: applyMusicEvent(state.music, event) };
  }
}

export function reduceRoom(state: RoomState, action: RoomAction): RoomState {
  switch (action.type) {
    case 'join':
      return { ...emptyRoom, status: 'joining', asked: action.asked };
    case 'leave':
      return emptyRoom;
    case 'refused':
      return { ...emptyRoom, status: 'refused', asked: state.asked, error: action.error };
    case 'exited':
      return { ...state, status: 'exited', error: action.error };
    case 'snapshot': {
      const { room, users, djids, chat, seq, mutes, waitlist, dj_plans, active_at } = action.snapshot;
      // A snapshot older than what the page has seen (a slow answer) changes nothing.
      if (state.status === 'live' && !state.gap && seq < state.seq) return state;
      // The page's own notices stay; the chat is the server's.
      const notices = state.feed.filter((line) => line.kind === 'notice');
      const feed = [...chat.map((line) => ({ kind: 'chat' as const, ...line })), ...notices].sort(
        (a, b) => a.time - b.time,
      );
      return {
        ...state,
        status: 'live',
        snapshot: room,
        users,
        djids,
        waitlist,
        djPlans: dj_plans,
        feed: feed.slice(-FEED_KEPT),
        mutes,
        // A re-sync's snapshot may have been read before an afk_clock the page already has.
        activeAt:
          active_at !== null && state.snapshot?.roomid === room.roomid ? later(state.activeAt, active_at) : active_at,
        music: musicOfSnapshot(action.snapshot),
        seq,
        gap: false,
        error: null,
      };
    }
    case 'afk_clock':
      if (state.snapshot?.roomid !== action.roomid || later(state.activeAt, action.activeAt) === state.activeAt) {
        return state;
      }
      return { ...state, activeAt: action.activeAt };
    case 'event': {
      if (state.status !== 'live' || state.gap || action.seq <= state.seq) return state;
      if (action.seq !== state.seq + 1) return { ...state, gap: true };
      const notice = noticeOf(state, action.event);
      const restarted = action.serverTime !== undefined && restartsAfkClock(state, action.event, action.reader);
      const applied = applyEvent(state, action.event);
      const next = restarted ? { ...applied, activeAt: later(applied.activeAt, action.serverTime!) } : applied;
      const feed = notice
        ? [...next.feed, { kind: 'notice' as const, key: `n${action.seq}`, text: notice, time: action.time }]
        : next.feed;
      return { ...next, feed: feed.length > FEED_KEPT ? feed.slice(-FEED_KEPT) : feed, seq: action.seq };
    }
  }
}

/** The chat lines alone (what a report of a member is sent with). */
export const chatLinesOf = (feed: readonly FeedLine[]): RoomChatLine[] =>
  feed.flatMap((line) => (line.kind === 'chat' ? [line] : []));
