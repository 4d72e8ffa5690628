/** `room.*` calls of the lobby (spec §7): the directory, search, the friends graph, favorites, creation. */
import { z } from 'zod';
import { callTable, defineCall } from '../define-call';
import { DJ_THRESHOLD_DEFAULT, MAX_DJS_DEFAULT, ROOM_PAGE_SIZE, ROOM_SEARCH_MAX } from '../constants';
import { booleanish, wholeNumber } from '../validation';
import { djThresholdInput, maxDjsInput, roomName } from './room-fields';
import { roomMessages, roomSorts, roomViews, UNREACHABLE_SERVER, type RoomSort } from './room-words';

export * from './room-words';
export { djThresholdInput, maxDjsInput, roomName } from './room-fields';

/** The create-room dialog (spec §2): its title, fields, choices and buttons. */
export const createRoomMessages = {
  title: 'Create a Room',
  membersOnly:
    "Rooms are made by members. Sign up (it's free) or log in to start your own room, name it and choose who takes the stage.",
  unreachable: UNREACHABLE_SERVER,
  nameLabel: 'Room name',
  namePlaceholder: 'Late Night Synthwave',
  typeLabel: 'Type',
  publicLabel: 'Public',
  publicHint: 'Anyone can join',
  unlistedLabel: 'Unlisted',
  unlistedHint: 'Only people with the link can join',
  advanced: 'Advanced options',
  maxDjsLabel: 'Max DJs',
  thresholdLabel: 'Points to DJ',
  thresholdHint: 'The DJ points someone needs before they can take the stage. 0 lets anyone DJ.',
  creating: 'Creating…',
  create: 'Create room',
  cancel: 'Cancel',
} as const;

/** The lobby's own words: the guests' banner, the header, the room list and its tiles. */
export const lobbyMessages = {
  /** The tab's title on the lobby. */
  pageTitle: 'play music together',
  bannerTitle: 'Play Music Together',
  bannerText: "Join a room, take the stage and DJ for your friends. Sign up, it's free.",
  hideBanner: 'Hide this banner',
  /** The guests' banner as a landmark, for a screen reader's list of them. */
  bannerLabel: 'Join Platter',
  /** The first stop of the page's Tab order, shown when focused (docs/accessibility.md). */
  skipToRooms: 'Skip to the rooms',
  unreachable: UNREACHABLE_SERVER,
  gettingReady: 'Getting things ready…',
  searchLabel: 'Search rooms',
  searchPlaceholder: 'Search rooms, songs, artists',
  accountLabel: 'Account',
  createRoom: 'Create a room',
  myMusic: 'My music',
  signUp: 'Sign up',
  logIn: 'Log in',
  /** The settings menu under the member's name. */
  settingsLabel: (name: string | null) => `${name ?? 'Your'} settings`,
  settingsMenu: 'Settings',
  changeAvatar: 'Change Avatar',
  laptopStickers: 'Laptop Stickers',
  profile: 'Profile',
  contactSettings: 'Contact Settings',
  manageAccount: 'Manage Account',
  logout: 'Logout',
  /** The room list. */
  roomsTitle: 'Rooms',
  roomViewsLabel: 'Room views',
  sortRoomsLabel: 'Sort rooms',
  /** Before the search's words, which the page shows in bold and quotes. */
  roomsMatching: 'Rooms matching',
  clearSearch: 'Clear search',
  tryAgain: 'Try again',
  noResults: 'Sorry, no results were returned.',
  noResultsHint: 'Try another search term, or click a navigation button.',
  loadingRooms: 'Loading rooms…',
  loadingMoreRooms: 'Loading more rooms…',
  /** A room's tile. */
  listenersTitle: 'Listeners',
  listeners: (count: number) => `${count} ${count === 1 ? 'listener' : 'listeners'}`,
  djsTitle: 'DJs on stage',
  djs: (count: number, max: number) => `${count}/${max} DJs`,
  friendsHere: (names: string) => `Friends here: ${names}`,
  moreFriends: (more: number) => `+${more} more`,
} as const;

/**
 * A sort string: one of the sorts, or several joined by commas, each breaking
 * the ties of the one before ("listeners,created"). Random stands alone.
 */
export const roomSortString = z
  .string()
  .trim()
  .default('hotness')
  .transform((text) => (text === '' ? 'hotness' : text).split(',').map((part) => part.trim()))
  .refine(
    (parts) =>
      parts.every((part) => (roomSorts as readonly string[]).includes(part)) &&
      new Set(parts).size === parts.length &&
      (parts.length === 1 || !parts.includes('random')),
    roomMessages.sortInvalid,
  )
  .transform((parts) => parts as RoomSort[]);

export const song = z.object({
  coverart: z.string().nullable(),
  artist: z.string(),
  song: z.string(),
  /** When it started playing (epoch ms). */
  played: z.number(),
});
export type Song = z.infer<typeof song>;

/**
 * Spec §3 Room, as lists show it (room tiles, the friends panel): exactly the
 * spec's fields. A lobby page carries twenty of these every few seconds, so
 * what only the room's own page needs is in roomDetails instead.
 */
export const room = z.object({
  roomid: z.string(),
  shortcut: z.string(),
  name: z.string(),
  theme: z.string().nullable(),
  metadata: z.object({
    max_djs: z.number(),
    djcount: z.number(),
    listeners: z.number(),
    featured: z.boolean(),
    current_song: song.nullable(),
  }),
});
export type Room = z.infer<typeof room>;

/**
 * A room on its own page (room.info): the Room plus its description, creation time, points to DJ,
 * slow mode (seconds between one person's messages, 0 = off), its creator (the owner) and the
 * moderators the owner appointed (turntable's `moderator_id`).
 */
/** A room's rules for its stage (docs/room.md, "Room rules"; calls/room-rules.ts): 0 is off. */
export const roomRules = z.object({
  stage_locked: z.boolean(),
  waitlist_locked: z.boolean(),
  afk_minutes: z.number(),
  max_song_minutes: z.number(),
  no_repeat_hours: z.number(),
  dj_song_limit: z.number(),
});
export type RoomRules = z.infer<typeof roomRules>;

export const roomDetails = room.extend({
  description: z.string().nullable(),
  created: z.number(),
  metadata: room.shape.metadata.extend({
    djthreshold: z.number(),
    slow_mode: z.number(),
    creator: z.string().nullable(),
    moderator_id: z.array(z.string()),
    rules: roomRules,
  }),
});
export type RoomDetails = z.infer<typeof roomDetails>;

/** Spec §3 Buddy entry: a friend (social) or someone the caller is a fan of. */
export const buddy = z.object({
  name: z.string(),
  userid: z.string(),
  type: z.enum(['friends', 'fanned']),
  icon: z.string(),
  /** Above 0: a Gold member, shown with the Gold emblem (spec §6). */
  subscription_level: z.number(),
});
export type Buddy = z.infer<typeof buddy>;

/** A directory tile: the room, the caller's buddies in it, and whether the caller is in it now. */
export const directoryRoom = room.extend({ friends: z.array(buddy), current: z.boolean() });
export type DirectoryRoom = z.infer<typeof directoryRoom>;

/** The rooms where the member's buddies are (spec §3 Directory graph). */
export const directoryGraph = z.object({ rooms: z.array(z.tuple([room, z.array(buddy)])) });

const paging = {
  limit: wholeNumber.pipe(z.number().min(1).max(100)).default(ROOM_PAGE_SIZE),
  skip: wholeNumber.pipe(z.number().min(0).max(100_000)).default(0),
};

export const roomId = z.string().trim().min(1, 'Please say which room.').max(64);

export const roomCalls = callTable(
  defineCall({
    name: 'room.directory_rooms',
    method: 'GET',
    access: 'anyone',
    reuseCheckedInput: true,
    input: z.object({
      ...paging,
      /** Featured rooms lead the first page. */
      section_aware: booleanish.default(false),
      /** The view: allRooms (default), DJsNeeded (free DJ spots) or favorites (members only). */
      constraints: z.enum(roomViews).default('allRooms'),
      sort: roomSortString,
      /** Where the random order starts, so that its pages agree (0 ≤ seed < 1). */
      seed: z
        .union([
          z.number(),
          z
            .string()
            .trim()
            .regex(/^0?\.\d+$|^0$/)
            .transform(Number),
        ])
        .optional(),
    }),
    output: z.object({ rooms: z.array(directoryRoom) }),
  }),
  defineCall({
    name: 'room.search',
    method: 'GET',
    access: 'anyone',
    reuseCheckedInput: true,
    input: z.object({ ...paging, query: z.string().max(ROOM_SEARCH_MAX).default('') }),
    output: z.object({ rooms: z.array(directoryRoom) }),
  }),
  defineCall({
    name: 'room.directory_graph',
    method: 'GET',
    access: 'session',
    input: z.object({}),
    output: directoryGraph,
  }),
  defineCall({
    name: 'room.follow_directory_graph',
    method: 'POST',
    access: 'session',
    transport: 'socket',
    // The friends panel, live: this graph now, and a `directory_graph` event whenever it changes.
    input: z.object({}),
    output: directoryGraph,
  }),
  defineCall({
    name: 'room.follow_counts',
    method: 'POST',
    access: 'session',
    transport: 'socket',
    // The lobby's tiles, live: a `room_counts` event whenever a room's listeners or DJs change.
    input: z.object({}),
    output: z.object({}),
  }),
  defineCall({
    name: 'room.create',
    method: 'POST',
    access: 'member',
    input: z.object({
      room_name: roomName,
      max_djs: maxDjsInput.default(MAX_DJS_DEFAULT),
      privacy: z.literal('unlisted', { message: "Privacy is 'unlisted', or left out for a public room." }).optional(),
      djthreshold: djThresholdInput.default(DJ_THRESHOLD_DEFAULT),
    }),
    output: z.object({ roomid: z.string(), shortcut: z.string() }),
  }),
  defineCall({
    name: 'room.add_favorite',
    method: 'POST',
    access: 'member',
    input: z.object({ roomid: roomId }),
    output: z.object({}),
  }),
  defineCall({
    name: 'room.rem_favorite',
    method: 'POST',
    access: 'member',
    input: z.object({ roomid: roomId }),
    output: z.object({}),
  }),
  defineCall({
    name: 'room.get_favorites',
    method: 'GET',
    access: 'member',
    input: z.object({}),
    output: z.object({ roomids: z.array(z.string()) }),
  }),
);
