/**
 * The lobby's words for rooms: views, sorts and the room messages, apart from the room
 * calls' schemas so that the page can show them without carrying zod (docs/web-weight.md).
 */
import { MAX_DJS_MAX, MAX_DJS_MIN, ROOM_NAME_MAX } from '../constants';

export const roomViews = ['allRooms', 'DJsNeeded', 'favorites'] as const;
export type RoomView = (typeof roomViews)[number];

export const roomSorts = ['hotness', 'listeners', 'bestDJs', 'created', 'random'] as const;
export type RoomSort = (typeof roomSorts)[number];

/** The sub navigation of each view, in order (spec §2 Room list behaviour). */
export const viewSorts: Record<RoomView, readonly RoomSort[]> = {
  allRooms: ['hotness', 'listeners', 'created', 'random'],
  DJsNeeded: ['hotness', 'random'],
  favorites: ['hotness', 'listeners'],
};

export const sortLabels: Record<RoomSort, string> = {
  hotness: "What's Hot",
  listeners: '# of Listeners',
  bestDJs: 'Best DJs',
  created: 'Recent',
  random: 'Random',
};

/** The lobby's views (spec §2), as its buttons name them. */
export const viewLabels: Record<RoomView, string> = {
  allRooms: 'All Rooms',
  DJsNeeded: 'DJs Needed',
  favorites: 'Favorites',
};

/** The server cannot be reached: said where the page cannot go on without it. */
export const UNREACHABLE_SERVER = "Sorry, we couldn't reach the server. Please refresh to try again.";

/**
 * Characters that only change how the text around them is drawn: control characters, and the
 * bidirectional overrides, embeddings and isolates (a name of U+202E + "evil" shows as "live" in
 * the lobby). Joiners and variation selectors stay: emoji need them.
 */
export const INVISIBLE_CHARACTERS = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

export const roomMessages = {
  nameRequired: 'Room needs a name.',
  nameTooLong: `Keep the room name under ${ROOM_NAME_MAX} characters.`,
  /** Not in the spec: a name with characters that turn or hide the text around them (docs/lobby.md). */
  nameInvisible: "Room names can't have invisible characters that turn or hide text.",
  maxDjsRange: `Max DJs must be between ${MAX_DJS_MIN} and ${MAX_DJS_MAX}.`,
  thresholdInvalid: 'Points to DJ must be a whole number, 0 or more.',
  createFailed: 'Sorry, an error occurred, please try again!',
  broken:
    'Sorry, this room appears to be broken! Please refresh and try again, and let us know if you continue to have trouble.',
  sortInvalid: `Sort by ${roomSorts.join(', ')}, or several of them joined by commas.`,
  /** room.create past the hourly limit per member or per address (rate_limited). */
  tooManyRooms: "You've made a lot of rooms lately. Please wait a while before making another.",
} as const;
