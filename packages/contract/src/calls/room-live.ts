/**
 * The live room's calls (docs/room.md, docs/realtime.md): made over the socket
 * only. Joining answers with a snapshot of the room at one point in its history;
 * the room's numbered events follow (contract realtime.ts).
 */
import { z } from 'zod';
import { callTable, defineCall } from '../define-call';
import { CHAT_MESSAGE_MAX } from '../constants';
import { booleanish } from '../validation';
import { playingSong, roomVotes } from './playback';
import { chatLine } from './profile';
import { roomDetails, roomId } from './room';
import { publicUser } from './user';

/** What a room shows of each person in it: their avatar, laptop, points and standing. */
export const roomUser = publicUser.pick({
  userid: true,
  name: true,
  registered: true,
  avatarid: true,
  custom_avatar: true,
  images: true,
  points: true,
  acl: true,
  bot: true,
  laptop: true,
  subscription_level: true,
});
export type RoomUser = z.infer<typeof roomUser>;

/**
 * A line of the room's chat: `chatid` names it, so a moderator can delete it; `acl` is its
 * speaker's (staff at 1 and up), so a moderator's page offers that only on lines of people they
 * may act on, even once the speaker has left the room.
 */
export const roomChatLine = chatLine.extend({ chatid: z.string(), acl: z.number() });
export type RoomChatLine = z.infer<typeof roomChatLine>;

/**
 * A room as a member who joins it sees it, at one point in its history: `seq` is the room's
 * sequence number, and the events that follow carry seq + 1, seq + 2, …
 */
export const roomSnapshot = z.object({
  room: roomDetails,
  users: z.array(roomUser),
  /** Who is on the stage, in the order they stepped up. */
  djids: z.array(z.string()),
  /** The recent chat, oldest first (CHAT_HISTORY_SIZE lines at most). */
  chat: z.array(roomChatLine),
  /** Until when the caller may not chat here (epoch ms), or null. */
  muted_until: z.number().nullable(),
  /**
   * Everyone who may not chat here now, and until when (epoch ms): the room hears each mute as it
   * happens (`muted_user`), so a moderator's page knows whom to offer Unmute.
   */
  mutes: z.record(z.string(), z.number()),
  /** The song playing now and when it started (a late joiner starts mid-song), or null. */
  current_song: playingSong.nullable(),
  /** The votes on it so far (zero when nothing plays). */
  votes: roomVotes,
  /** Who snagged it so far. */
  snaggers: z.array(z.string()),
  /** Who waits for the stage, first in line first. */
  waitlist: z.array(z.string()),
  /** The DJs' own plans: songs left before each steps down (only DJs with a plan). */
  dj_plans: z.record(z.string(), z.number()),
  /**
   * When the caller last did something here (the AFK rule's clock, the server's clock, ms): the
   * AFK warning is timed from it, then from `afk_clock` events (docs/room.md, "AFK").
   */
  active_at: z.number().nullable(),
  seq: z.number(),
});
export type RoomSnapshot = z.infer<typeof roomSnapshot>;

export const chatMessages = {
  empty: 'Type a message first.',
  tooLong: `Keep chat messages under ${CHAT_MESSAGE_MAX} characters.`,
  flood: "Slow down! You're sending messages too fast. Wait a few seconds and try again.",
  notInRoom: 'Join the room to chat in it.',
  muted: 'A moderator has muted you in this room for now.',
  slowMode: (seconds: number) => `Slow mode is on: one message every ${seconds} seconds.`,
  /** A client's mistake, read by whoever writes the client. */
  badClientId: 'clientid must be 8 to 64 letters, digits, dashes or underscores.',
} as const;

/** Why a page stopped following its room (the `killdashnine` event). */
export const roomExitMessages = {
  replaced: 'You opened this room in another window or device, so it closed here.',
  /** The notice's ways on: join again, or go back. */
  rejoin: 'Try again',
  toLobby: 'Back to the lobby',
} as const;

/** The room's page in its own words: the header, the stage, the song's buttons, the chat, the miniplayer. */
export const roomPageMessages = {
  /** The tab's title while the room is missing or on its way. */
  notFoundTitle: 'room not found',
  loadingTitle: 'loading the room',
  notFound: "We couldn't find that room.",
  notFoundHint: 'It may have closed, or the link may be mistyped. There are plenty of others to join in the lobby.',
  findRoom: 'Find a room',
  tryAgain: 'Try again',
  opening: 'Opening the room…',
  joining: 'Joining the room…',
  /** The header's buttons and what they say once done. */
  miniplayer: 'Miniplayer',
  backToLobby: 'Back to the lobby',
  lobbyShort: '← Lobby',
  favorite: 'Favorite',
  favoriteAdded: 'Added to your favorites.',
  favoriteRemoved: 'Removed from your favorites.',
  share: 'Share',
  linkCopied: (url: string) => `Link copied: ${url}`,
  copyLink: (url: string) => `Copy this link to share the room: ${url}`,
  /** The song's buttons. */
  awesome: 'Awesome',
  lame: 'Lame',
  snag: 'Snag',
  snagged: 'Snagged',
  skip: 'Skip',
  history: 'History',
  nowPlayingLabel: 'Now playing',
  waveformLabel: (percent: number) => `Waveform, ${percent}% played`,
  /** The stage and the floor. */
  stageLabel: 'Stage',
  crowdLabel: 'Crowd',
  openSpot: 'Open spot',
  spotLocked: 'locked',
  guest: 'Guest',
  /** After the name of the DJ whose song plays. */
  djPlaying: ' · playing',
  snaggedHeart: 'snagged the song',
  emptyFloor: 'Nobody on the floor yet.',
  /** The side panel: the chat and My music side by side, or My music as a sheet on a phone. */
  sideLabel: 'Chat and your music',
  chat: 'Chat',
  myMusic: 'My music',
  closeMyMusic: 'Close My music',
  chatEmpty: 'Nobody has said anything yet. Say hello!',
  /** A guest's line under the chat, around its two links: "Log in or sign up to chat." */
  chatLogIn: 'Log in',
  chatOr: 'or',
  chatSignUp: 'sign up',
  chatToChat: 'to chat.',
  chatInputLabel: 'Chat message',
  /** The first stop of the room page's Tab order, shown when focused (docs/accessibility.md). */
  skipToChat: 'Skip to the chat',
  /** What a screen reader hears of a new chat line, or, when lines come fast, how many came. */
  chatLineSaid: (name: string, text: string) => `${name}: ${text}`,
  chatLinesCame: (count: number) => `${count} new lines in the chat`,
  chatPlaceholder: 'Say something…',
  send: 'Send',
  moderateLine: (name: string) => `Moderate ${name}'s message`,
  /** The miniplayer window, and the page that popped it out. */
  listening: (count: number) => `${count} listening`,
  fullView: 'Full view',
  poppedOut: 'This room is playing in the miniplayer window.',
  /** The miniplayer window went to full view (a page asked for it) and plays the room there. */
  openElsewhere: 'This room is open in another window.',
  bringBack: 'Bring it back here',
} as const;

/** The room's happenings as lines in its chat (docs/room.md): who stepped up or down, the waitlist, the moderators. */
export const roomNoticeMessages = {
  /** Who a line names when the page does not know them. */
  someGuest: 'A guest',
  someModerator: 'A moderator',
  steppedUp: (name: string) => `${name} stepped up to DJ`,
  /** Why a DJ left the stage (`rem_dj`'s reason); `songLimit` is the room's songs per DJ. */
  takenOffStage: (mod: string, name: string) => `${mod} took ${name} off the stage`,
  leftStage: (name: string) => `${name} left the stage`,
  emptyQueue: (name: string) => `${name} stepped down: their queue is empty`,
  noFittingSong: (name: string) => `${name} stepped down: no song in their queue fits the room's rules`,
  awayTooLong: (name: string) => `${name} stepped down: away too long`,
  songLimit: (name: string, songLimit: number) =>
    `${name} played ${songLimit === 1 ? 'their song' : `their ${songLimit} songs`} and stepped down`,
  asPlanned: (name: string) => `${name} stepped down as planned`,
  steppedDown: (name: string) => `${name} stepped down`,
  /** The line for the stage (`update_waitlist`). */
  joinedWaitlist: (name: string) => `${name} joined the waitlist`,
  leftWaitlist: (name: string) => `${name} left the waitlist`,
  movedInWaitlist: (mod: string, name: string, place: number) => `${mod} moved ${name} to #${place} in the waitlist`,
  takenOffWaitlist: (mod: string, name: string) => `${mod} took ${name} off the waitlist`,
  cannotDj: (name: string) => `${name} lost their place in the waitlist: they can't DJ right now`,
  /** The moderators and what they did. */
  newModerator: (name: string) => `${name} is now a moderator`,
  noLongerModerator: (name: string) => `${name} is no longer a moderator`,
  /** `reason`: the moderator's words, quoted after the line, or empty. */
  booted: (mod: string, name: string, reason: string) =>
    `${mod} removed ${name} from the room${reason ? `: “${reason}”` : ''}`,
  banned: (mod: string, name: string, forAWhile: boolean, reason: string) =>
    `${mod} banned ${name}${forAWhile ? ' for a while' : ''}${reason ? `: “${reason}”` : ''}`,
  unmuted: (mod: string, name: string) => `${mod} unmuted ${name}`,
  muted: (mod: string, name: string) => `${mod} muted ${name} in chat for a while`,
  settingsUpdated: (mod: string) => `${mod} updated the room's settings`,
} as const;

/** The miniplayer window (spec §2): opening it, and the way back to the full view from a modal page. */
export const miniplayerMessages = {
  returnToFullView: 'This opens in the full view of Platter. Return to full view?',
  widenWindow:
    'This page needs a wider window. Please widen this window (or open Platter in a full browser window) to see it.',
  blocked: 'Your browser blocked the miniplayer window. Allow pop-ups for this site, then try again.',
  /** The prompt's title and its buttons. */
  fullView: 'Full view',
  ok: 'OK',
} as const;

export const stageMessages = {
  notInRoom: 'Join the room to step up to the stage.',
  guests: 'Please sign up or log in to DJ.',
  full: 'The stage is full. Wait for a spot to open.',
  already: "You're already on the stage.",
  points: (points: number) => `You need ${points} DJ points to DJ in this room.`,
  notDj: "That person isn't on the stage.",
} as const;

/**
 * The Graphics modal's sentence when the stage is drawn without WebGL although WebGL is on
 * (docs/room.md, "Renderers"): the room chose the DOM renderer by itself, and why.
 */
export const stageDrawingMessages = {
  software:
    'The stage is drawn without WebGL on this device, because it draws WebGL in software, which would slow the page down.',
  none: 'The stage is drawn without WebGL, because this browser does not offer it.',
  failed: 'The stage is drawn without WebGL, because WebGL failed to start on this device.',
  slow: 'The stage is drawn without WebGL, because it was drawn too slowly on this device.',
} as const;

export const roomLiveCalls = callTable(
  defineCall({
    name: 'room.info',
    method: 'GET',
    access: 'anyone',
    /**
     * A room id or its shortcut: what follows the slash in a room's address. `extended`
     * (turntable's flag, which bots send) adds who is in the room, on its stage, and its moderators.
     */
    input: z.object({ roomid: roomId, extended: booleanish.optional() }),
    output: z.object({
      room: roomDetails,
      users: z.array(roomUser).optional(),
      djids: z.array(z.string()).optional(),
      moderator_ids: z.array(z.string()).optional(),
      /** Who waits for the stage, first in line first (with `extended`). */
      waitlist: z.array(z.string()).optional(),
      /** The song playing now (what ttapi bots read as room.metadata.current_song), or null. */
      current_song: playingSong.nullable(),
      /** The DJ playing it (ttapi's room.metadata.current_dj), or null. */
      current_dj: z.string().nullable(),
      /** With `extended`: the playing song's votes so far (ttapi's room.metadata.upvotes, downvotes, votelog). */
      votes: roomVotes.optional(),
    }),
  }),
  defineCall({
    name: 'room.register',
    method: 'POST',
    access: 'session',
    transport: 'socket',
    // Joins the room (leaving any other) and follows it: a snapshot now, its events after.
    input: z.object({ roomid: roomId }),
    output: roomSnapshot,
  }),
  defineCall({
    name: 'room.speak',
    method: 'POST',
    access: 'member',
    transport: 'socket',
    // Says something in the room's chat; everyone in the room hears a `speak` event.
    input: z.object({
      roomid: roomId,
      text: z
        .string({ message: chatMessages.empty })
        .trim()
        .min(1, chatMessages.empty)
        .max(CHAT_MESSAGE_MAX, chatMessages.tooLong),
      // The page's own id for this message, the same on every retry of it: a retry whose first
      // attempt was stored (its answer lost with the line) is stored and heard once.
      clientid: z
        .string({ message: chatMessages.badClientId })
        .regex(/^[\w-]{8,64}$/, chatMessages.badClientId)
        .optional(),
    }),
    output: z.object({}),
  }),
  defineCall({
    name: 'room.add_dj',
    method: 'POST',
    access: 'member',
    // The caller steps up to an open spot on the stage (turntable's room.add_dj).
    input: z.object({ roomid: roomId }),
    output: z.object({}),
  }),
  defineCall({
    name: 'room.rem_dj',
    method: 'POST',
    access: 'member',
    // The caller steps down; with `djid`, a moderator takes someone else off the stage.
    input: z.object({ roomid: roomId, djid: z.string().trim().min(1).max(64).optional() }),
    output: z.object({}),
  }),
  defineCall({
    name: 'room.deregister',
    method: 'POST',
    access: 'session',
    transport: 'socket',
    input: z.object({ roomid: roomId }),
    output: z.object({}),
  }),
);
