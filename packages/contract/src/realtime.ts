/**
 * The websocket protocol at /socket: one discriminated union for each
 * direction, checked by both ends (docs/realtime.md).
 *
 * A client says hello with the protocol version and its credentials and is
 * welcomed. From then on it makes contract calls as frames
 * `{type: 'call', msgid, call, input}`: the server runs each through the same
 * dispatcher as `/api/{name}` and answers `{type: 'reply', msgid, envelope}`
 * with the same `[true, body]` / `[false, {err, errcode}]`. A refused call is a
 * reply; the socket stays open. Calls that follow a channel (room.register,
 * room.follow_directory_graph) answer with a snapshot and are followed by
 * events; a room's events carry its sequence number, so a client that sees a
 * gap asks for a fresh snapshot. Pings carry the page's clock and pongs the
 * server's, so each round trip is a clock sample.
 */
import { z } from 'zod';
import { directoryGraph } from './calls/room';
import { roomDetails, song } from './calls/room';
import { roomUser } from './calls/room-live';
import { pmMessage } from './calls/pm';
import { playingSong, songEndings, votes } from './calls/playback';
import { stageLeaveReasons, waitlistChanges } from './calls/room-rules';

export const PROTOCOL_VERSION = 2;
export const SOCKET_PATH = '/socket';
/** The largest frame either end sends or accepts. */
export const MAX_SOCKET_MESSAGE_BYTES = 16 * 1024;

/**
 * What a page or bot is told when the server's limits on live connections refuse it (not in the
 * spec; docs/realtime.md, "Limits"): a socket too many, a join too many, a line that sends more
 * than it can be answered.
 */
export const liveLimitMessages = {
  /** A session with its limit of sockets open (errcode rate_limited; the socket then closes). */
  tooManyPages: 'You have too many Platter pages open at once. Close some of them, then reload this one.',
  /** An address with its limit of sockets open. */
  tooManyConnections:
    'There are too many connections to Platter from your network right now. Close some pages, or try again in a minute.',
  /** room.register past the limit per socket, session or address this minute (rate_limited). */
  tooManyJoins: "You've changed rooms a lot in the last minute. Please wait a minute, then try again.",
  /** A socket that sent more frames than the server could take in (the socket then closes). */
  tooManyWaiting: 'Too many messages at once: this connection is closed. Wait for answers before sending more.',
} as const;

export const clientMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    version: z.number(),
    userid: z.string().max(64),
    userauth: z.string().max(128),
  }),
  /** A contract call; answered by a reply with the same msgid. */
  z.object({
    type: z.literal('call'),
    msgid: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    call: z.string().max(64),
    input: z.record(z.string(), z.unknown()).default({}),
  }),
  /** `t` is the page's clock when it sent the ping; the pong carries it back. */
  z.object({ type: z.literal('ping'), t: z.number().optional() }),
]);
export type ClientMessage = z.input<typeof clientMessage>;

export const apiFailure = z.object({ err: z.string(), errcode: z.string() });
export const envelope = z.union([z.tuple([z.literal(true), z.unknown()]), z.tuple([z.literal(false), apiFailure])]);

/**
 * What happens in a room, in turntable's words. Each is stamped with the room's
 * sequence number when the database commits it.
 */
export const roomEvent = z.discriminatedUnion('command', [
  z.object({ command: z.literal('registered'), roomid: z.string(), user: z.array(roomUser) }),
  z.object({ command: z.literal('deregistered'), roomid: z.string(), user: z.array(roomUser) }),
  /**
   * A chat message (turntable's `speak`); `time` is when the server took it (epoch ms); `acl` is
   * the speaker's, as on the snapshot's chat lines (a line of staff is not a moderator's to delete).
   */
  z.object({
    command: z.literal('speak'),
    roomid: z.string(),
    userid: z.string(),
    name: z.string(),
    text: z.string(),
    time: z.number(),
    chatid: z.string(),
    acl: z.number(),
  }),
  /** Someone stepped up to the stage; `djs` is the stage after, in order. */
  z.object({ command: z.literal('add_dj'), roomid: z.string(), user: z.array(roomUser), djs: z.array(z.string()) }),
  /** Someone left the stage (`reason`: why; `modid`: the moderator who took them off, or null). */
  z.object({
    command: z.literal('rem_dj'),
    roomid: z.string(),
    user: z.array(roomUser),
    djs: z.array(z.string()),
    modid: z.string().nullable(),
    reason: z.enum(stageLeaveReasons),
  }),
  /**
   * The line for the stage changed: `waitlist` is it now, first in line first; `userid` is whom
   * `change` happened to (`modid`: the moderator who did it, or null).
   */
  z.object({
    command: z.literal('update_waitlist'),
    roomid: z.string(),
    waitlist: z.array(z.string()),
    userid: z.string(),
    change: z.enum(waitlistChanges),
    modid: z.string().nullable(),
  }),
  /** A DJ's own plan: step down after `songs_left` more of their songs (null: no plan). */
  z.object({
    command: z.literal('dj_plan'),
    roomid: z.string(),
    userid: z.string(),
    songs_left: z.number().nullable(),
  }),
  /** Someone in the room changed how they look (name, avatar, laptop, its stickers): the room redraws them. */
  z.object({ command: z.literal('update_user'), roomid: z.string(), userid: z.string(), user: roomUser }),
  z.object({ command: z.literal('new_moderator'), roomid: z.string(), userid: z.string(), name: z.string() }),
  z.object({ command: z.literal('rem_moderator'), roomid: z.string(), userid: z.string(), name: z.string() }),
  /** A moderator took someone out of the room (a `deregistered` follows). */
  z.object({
    command: z.literal('booted_user'),
    roomid: z.string(),
    userid: z.string(),
    name: z.string(),
    modid: z.string(),
    reason: z.string(),
  }),
  /** A moderator banned someone, `until` then (epoch ms) or for good (null). */
  z.object({
    command: z.literal('banned_user'),
    roomid: z.string(),
    userid: z.string(),
    name: z.string(),
    modid: z.string(),
    reason: z.string(),
    until: z.number().nullable(),
  }),
  /** A moderator muted someone until then, or unmuted them (until null). */
  z.object({
    command: z.literal('muted_user'),
    roomid: z.string(),
    userid: z.string(),
    name: z.string(),
    modid: z.string(),
    until: z.number().nullable(),
  }),
  z.object({ command: z.literal('chat_deleted'), roomid: z.string(), chatid: z.string(), modid: z.string() }),
  /** The room's settings changed (room.modify): the room as it is now. */
  z.object({ command: z.literal('update_room'), roomid: z.string(), room: roomDetails, modid: z.string() }),
  /** A song starts (docs/music.md): when, and what, so every page plays the same moment. Votes start from zero. */
  z.object({ command: z.literal('newsong'), roomid: z.string(), current_song: playingSong }),
  /** The stage has nothing to play (no DJs, or none with a song). */
  z.object({ command: z.literal('nosong'), roomid: z.string() }),
  /** The song `playid` stopped: played to its end, skipped (`modid` when a moderator did), lamed, or its DJ left. */
  z.object({
    command: z.literal('song_ended'),
    roomid: z.string(),
    playid: z.string(),
    reason: z.enum(songEndings),
    modid: z.string().nullable(),
  }),
  /**
   * Someone voted; the counts are the song's now. `votelog`: the votes changed since the last
   * update_votes, each as it stands (a room hears at most one in VOTE_UPDATE_MS, so several may come together).
   */
  z.object({
    command: z.literal('update_votes'),
    roomid: z.string(),
    upvotes: z.number(),
    downvotes: z.number(),
    listeners: z.number(),
    votelog: z.array(z.tuple([z.string(), z.enum(votes)])),
  }),
  /** Someone snagged the playing song (a heart over them). */
  z.object({ command: z.literal('snagged'), roomid: z.string(), userid: z.string(), songid: z.string() }),
]);
export type RoomEvent = z.infer<typeof roomEvent>;

/** Every room event's command, without the schemas (the page tells room events from the rest by it). */
export const ROOM_EVENT_COMMANDS: readonly RoomEvent['command'][] = [
  'registered',
  'deregistered',
  'speak',
  'add_dj',
  'rem_dj',
  'update_waitlist',
  'dj_plan',
  'update_user',
  'new_moderator',
  'rem_moderator',
  'booted_user',
  'banned_user',
  'muted_user',
  'chat_deleted',
  'update_room',
  'newsong',
  'nosong',
  'song_ended',
  'update_votes',
  'snagged',
];

/** Events a connection receives on the channels it follows. */
export const liveEvent = z.discriminatedUnion('command', [
  ...roomEvent.options,
  z.object({ command: z.literal('directory_graph'), ...directoryGraph.shape }),
  /**
   * A room's counts changed (room.follow_counts): lobby tiles showing it update in place. When
   * its song changed, `current_song` says to what (null: nothing plays); absent, the song is as it was.
   */
  z.object({
    command: z.literal('room_counts'),
    roomid: z.string(),
    listeners: z.number(),
    djcount: z.number(),
    max_djs: z.number(),
    current_song: song.nullable().optional(),
  }),
  /**
   * This page no longer follows the room (turntable's name): the member opened it in another
   * session, which took its place, or a moderator took them out. `err` says which.
   */
  z.object({ command: z.literal('killdashnine'), roomid: z.string(), err: z.string() }),
  /**
   * A private message (turntable's `pmmed`), on the member's own channel `user:<id>`: heard by
   * the receiver's pages and by the sender's (their own message, for their other pages).
   * `userid` is the receiver (as `receiverid`), `name` the sender's.
   */
  z.object({ command: z.literal('pmmed'), ...pmMessage.shape, userid: z.string(), name: z.string() }),
  /**
   * The member's AFK clock in `roomid` started again at `active_at` (the server's clock, ms): they
   * chatted, voted, snagged, joined the waitlist, made a plan or said they are still here. On the
   * member's own channel `user:<id>`, while they are a DJ in a room with an AFK limit; their pages
   * time the AFK warning from it (docs/room.md, "AFK").
   */
  z.object({ command: z.literal('afk_clock'), roomid: z.string(), userid: z.string(), active_at: z.number() }),
  /** The member read their conversation with `receiverid` on one page: their other pages clear its count. */
  z.object({ command: z.literal('pm_read'), userid: z.string(), receiverid: z.string() }),
]);
export type LiveEvent = z.infer<typeof liveEvent>;

export const serverMessage = z.discriminatedUnion('type', [
  /** `now` is the server's clock: a first, rough clock sample. */
  z.object({ type: z.literal('welcome'), version: z.number(), userid: z.string(), now: z.number() }),
  /** The answer to a call, by its msgid (-1 for a frame whose msgid could not be read). */
  z.object({ type: z.literal('reply'), msgid: z.number(), envelope }),
  /**
   * An event on a followed channel (`room:<id>`, `user:<id>`, `directory`). Room events carry
   * the room's sequence number: the next one a client should see is its snapshot's seq + 1.
   */
  z.object({ type: z.literal('event'), channel: z.string(), seq: z.number().optional(), event: liveEvent }),
  /** `t` is the ping's, `now` the server's clock when it answered. */
  z.object({ type: z.literal('pong'), t: z.number().optional(), now: z.number() }),
  /**
   * The connection is refused or ends (an old protocol, a session that ended or was
   * replaced): a reason people can read and a stable code; the socket then closes.
   */
  z.object({ type: z.literal('error'), err: z.string(), errcode: z.string() }),
]);
export type ServerMessage = z.infer<typeof serverMessage>;

/**
 * Close codes the server uses; the page does not come straight back after SESSION_ENDED. RECONNECT
 * (WebSocket's own "service restart") closes a line whose instance is shutting down: the page
 * comes back at once, to another instance behind the balancer.
 */
export const SOCKET_CLOSE = { refused: 4000, sessionEnded: 4001, reconnect: 1012 } as const;
