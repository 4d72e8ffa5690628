/**
 * The database as Kysely sees it, in camelCase (CamelCasePlugin maps to the
 * snake_case of the SQL). Times are epoch milliseconds; flags are 0/1 integers
 * so that one migration set serves SQLite and PostgreSQL alike.
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

type Flag = Generated<number>;

export interface UsersTable {
  id: string;
  name: string | null;
  nameLower: string | null;
  /** The name's confusable skeleton (lib/name-skeleton.ts), unique: look-alike names cannot coexist. */
  nameSkeleton: string | null;
  email: string | null;
  emailLower: string | null;
  unverifiedEmail: string | null;
  unverifiedEmailLower: string | null;
  passwordHash: string | null;
  avatarId: Generated<number>;
  /** JSON: {head, body, screen} parts of the custom avatar maker. */
  customAvatar: string | null;
  points: Generated<number>;
  acl: Generated<number>;
  bot: Flag;
  laptop: Generated<string>;
  subscriptionLevel: Generated<number>;
  verified: string | null;
  twitter: string | null;
  facebook: string | null;
  soundcloud: string | null;
  website: string | null;
  about: string | null;
  topartists: string | null;
  hangout: string | null;
  nameChangedAt: number | null;
  presenceStatus: Generated<string>;
  lastSeenAt: number | null;
  createdAt: number;
  registeredAt: number | null;
}

export interface PastNamesTable {
  id: string;
  userId: string;
  name: string;
  changedAt: number;
}

export interface SessionsTable {
  id: string;
  userId: string;
  tokenHash: string;
  fingerprint: string | null;
  usertoken: string | null;
  createdAt: number;
  lastUsedAt: number;
}

export interface FansTable {
  fanId: string;
  djId: string;
  createdAt: number;
}

export interface BlocksTable {
  userId: string;
  blockedId: string;
  createdAt: number;
}

export interface RoomsTable {
  id: string;
  shortcut: string;
  name: string;
  description: string | null;
  theme: string | null;
  creatorId: string | null;
  privacy: Generated<string>;
  maxDjs: Generated<number>;
  djthreshold: Generated<number>;
  featured: Flag;
  listeners: Generated<number>;
  djcount: Generated<number>;
  songArtist: string | null;
  songTitle: string | null;
  songCoverart: string | null;
  songStartedAt: number | null;
  upvotes: Generated<number>;
  downvotes: Generated<number>;
  hotness: Generated<number>;
  /** Sum of the points of the DJs on stage: the Best DJs sort. */
  djPoints: Generated<number>;
  /** A random number in [0, 1) fixed at creation: the Random sort starts at a seed and wraps. */
  shuffleKey: Generated<number>;
  /** The last time the room had anyone in it: the time part of hotness. */
  activeAt: number | null;
  /** Bumped by every room command; carried by the room's events and snapshots (docs/realtime.md). */
  seq: Generated<number>;
  /** Seconds between one person's chat messages (0: off). */
  slowMode: Generated<number>;
  /** The room_plays row playing now (the timeline, docs/music.md), or null. */
  currentPlayId: string | null;
  /** The instance that drives the room's timeline, and until when (its lease). */
  timelineHolder: string | null;
  timelineLeaseUntil: number | null;
  /** The room's rules for its stage (docs/room.md, "Room rules"): flags, and limits where 0 is off. */
  stageLocked: Generated<number>;
  waitlistLocked: Generated<number>;
  afkMinutes: Generated<number>;
  maxSongMinutes: Generated<number>;
  noRepeatHours: Generated<number>;
  djSongLimit: Generated<number>;
  createdAt: number;
}

export interface RoomMembersTable {
  /** A person is in one room at a time. */
  userId: string;
  roomId: string;
  isDj: Flag;
  joinedAt: number;
  /** When they stepped up (the stage's order); null off the stage. */
  djSince: number | null;
  /** When their last page in the room closed; null while one is open (docs/room.md, grace period). */
  awaySince: number | null;
  /** When they last did something in the room (the AFK rule); null: never since they came. */
  activeAt: Generated<number | null>;
  /** Songs they played since they stepped up (the songs-per-DJ rule). */
  djPlays: Generated<number>;
  /** Songs left before they step down of their own plan; null: no plan. */
  djPlan: Generated<number | null>;
}

/** The line for a room's stage: position 0 takes the next free spot. */
export interface RoomWaitlistTable {
  roomId: string;
  userId: string;
  position: number;
  joinedAt: number;
}

export interface RoomModeratorsTable {
  roomId: string;
  userId: string;
  addedAt: number;
}

/** A ban (until null: for good), or a boot's cool-down (booted 1). */
export interface RoomBansTable {
  roomId: string;
  userId: string;
  until: number | null;
  reason: string;
  modId: string;
  booted: Flag;
  createdAt: number;
}

export interface RoomMutesTable {
  roomId: string;
  userId: string;
  until: number;
}

export interface RoomModerationLogTable {
  id: string;
  roomId: string;
  modId: string;
  modName: string;
  action: string;
  targetId: string | null;
  targetName: string | null;
  reason: string;
  detail: string;
  createdAt: number;
}

/** One open page of a member in a room (docs/room.md): a second tab counts once. */
export interface RoomPagesTable {
  id: string;
  roomId: string;
  userId: string;
  sessionId: string;
  seenAt: number;
}

/** One chat message in a room (docs/room.md). */
export interface RoomChatTable {
  id: string;
  roomId: string;
  userId: string;
  /** The speaker's name when they spoke: the line reads the same after a rename. */
  name: string;
  text: string;
  createdAt: number;
  /** The room's sequence number of the line's `speak` event (null for lines stored before it was kept). */
  seq: number | null;
  /** The page's id for the message, when it gave one: a retry with the same id is stored once. */
  clientId: string | null;
}

export interface PrivateMessagesTable {
  id: string;
  senderId: string;
  receiverId: string;
  text: string;
  createdAt: number;
  /** When the receiver read the conversation; null while unread. */
  readAt: number | null;
}

export interface RoomFavoritesTable {
  userId: string;
  roomId: string;
  createdAt: number;
}

export interface HeadbandsTable {
  id: string;
  color: Generated<string>;
  content: string;
  active: Flag;
  createdAt: number;
}

export interface NewsTable {
  id: string;
  content: string;
  createdAt: number;
}

export interface StickersTable {
  id: string;
  path: string;
  name: string;
  price: Generated<number>;
  state: Generated<string>;
  createdAt: number;
}

export interface StickerPlacementsTable {
  id: string;
  userId: string;
  stickerId: string;
  top: number;
  left: number;
  angle: number;
  position: number;
}

export interface StickerPurchasesTable {
  userId: string;
  stickerId: string;
  orderId: string | null;
  createdAt: number;
}

export interface SubscriptionsTable {
  id: string;
  userId: string;
  level: number;
  state: string;
  periodEnd: number | null;
  providerRef: string | null;
  /** The Gold plan (features/gold/products.ts). */
  productId: string | null;
  /** A renewal run working on it holds it until then, so two runs never both renew it. */
  claimedUntil: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface CardsTable {
  userId: string;
  lastFour: string;
  expMonth: number;
  expYear: number;
  addressZip: string | null;
  brand: string;
  /** The provider's customer the card is saved on. */
  providerRef: string | null;
  /** Which provider ('sandbox' or 'stripe') holds that customer. */
  provider: string | null;
  updatedAt: number;
}

export interface OrdersTable {
  id: string;
  userId: string;
  kind: string;
  state: string;
  level: number | null;
  subscriptionId: string | null;
  amount: number;
  /** JSON list of product ids. */
  items: string;
  idempotencyKey: string | null;
  /** Why it failed, in the provider's words (or ours for a time-out). */
  error: string | null;
  /** 'payment_declined' or 'payment_unavailable': a retry asks the provider again only after the latter. */
  errorCode: string | null;
  /** The provider's charge (stickers) or subscription (Gold) behind it. */
  providerRef: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface PaymentEventsTable {
  /** The provider's event id: an event delivered twice is applied once. */
  id: string;
  type: string;
  receivedAt: number;
}

export interface JobLeasesTable {
  name: string;
  /** The instance that holds it (a random id per process). */
  holder: string;
  expiresAt: number;
}

export interface ContactPrefsTable {
  userId: string;
  name: string;
  checked: number;
}

export interface PreferencesTable {
  userId: string;
  layout: Generated<string>;
  miniplayer: Flag;
  disableZoom: Flag;
  disableAnimation: Flag;
  disableWebgl: Flag;
}

export interface TokensTable {
  id: string;
  userId: string;
  purpose: string;
  tokenHash: string;
  email: string | null;
  expiresAt: number;
  usedAt: number | null;
  createdAt: number;
}

export interface SocialAccountsTable {
  userId: string;
  provider: string;
  providerUserId: string;
  name: string | null;
  profileImage: string | null;
  createdAt: number;
}

export interface SocialFriendsTable {
  userId: string;
  provider: string;
  friendProviderUserId: string;
}

export interface ReportsTable {
  id: string;
  reporterId: string;
  reportedId: string;
  roomId: string | null;
  reason: string;
  /** JSON list of recent chat messages. */
  chatlog: string;
  /** Whose record the chat log is: the room's (`room`), or what the reporter sent (`reporter`: older reports). */
  chatlogSource: Generated<'room' | 'reporter'>;
  createdAt: number;
}

export interface MailOutboxTable {
  id: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  createdAt: number;
}

/** A stored audio file, by the SHA-256 of its bytes (shared by every member who has it). */
export interface AudioFilesTable {
  hash: string;
  size: number;
  format: string;
  durationMs: number;
  analysis: Generated<string>;
  /** Integrated loudness (LUFS), once measured. */
  loudness: number | null;
  /** JSON array of WAVEFORM_PEAKS numbers in 0..1, once measured. */
  peaks: string | null;
  createdAt: number;
}

/** A song in a member's library: their name for a file. */
export interface SongsTable {
  id: string;
  userId: string;
  fileHash: string;
  title: string;
  artist: string;
  album: string;
  cover: string | null;
  createdAt: number;
}

export interface PlaylistsTable {
  id: string;
  userId: string;
  name: string;
  active: Flag;
  createdAt: number;
}

export interface PlaylistSongsTable {
  playlistId: string;
  songId: string;
  position: number;
}

/** A song a room played or plays: the timeline and the room's history. */
export interface RoomPlaysTable {
  id: string;
  roomId: string;
  songId: string;
  fileHash: string;
  djId: string;
  title: string;
  artist: string;
  album: string;
  cover: string | null;
  lengthMs: number;
  startsAt: number;
  endsAt: number;
  ended: string | null;
  upvotes: Generated<number>;
  downvotes: Generated<number>;
  snags: Generated<number>;
  /** When the room last heard this play's votes (update_votes); null: not yet. */
  votesToldAt: Generated<number | null>;
}

export interface RoomVotesTable {
  playId: string;
  userId: string;
  vote: string;
  votedAt: number;
  /** The DJ got this listener's point for the song (once, whatever they vote after). */
  pointed: Flag;
  /** How often the listener changed their vote on the song after their first. */
  changes: Generated<number>;
  /** The room has heard this vote (0: it waits for the next update_votes). */
  told: Generated<number>;
}

export interface RoomSnagsTable {
  playId: string;
  userId: string;
  snaggedAt: number;
}

export interface Database {
  users: UsersTable;
  pastNames: PastNamesTable;
  sessions: SessionsTable;
  fans: FansTable;
  blocks: BlocksTable;
  rooms: RoomsTable;
  roomMembers: RoomMembersTable;
  roomFavorites: RoomFavoritesTable;
  roomChat: RoomChatTable;
  roomModerators: RoomModeratorsTable;
  roomBans: RoomBansTable;
  roomMutes: RoomMutesTable;
  roomModerationLog: RoomModerationLogTable;
  roomPages: RoomPagesTable;
  privateMessages: PrivateMessagesTable;
  headbands: HeadbandsTable;
  news: NewsTable;
  stickers: StickersTable;
  stickerPlacements: StickerPlacementsTable;
  stickerPurchases: StickerPurchasesTable;
  subscriptions: SubscriptionsTable;
  cards: CardsTable;
  orders: OrdersTable;
  contactPrefs: ContactPrefsTable;
  preferences: PreferencesTable;
  tokens: TokensTable;
  socialAccounts: SocialAccountsTable;
  socialFriends: SocialFriendsTable;
  reports: ReportsTable;
  mailOutbox: MailOutboxTable;
  paymentEvents: PaymentEventsTable;
  jobLeases: JobLeasesTable;
  audioFiles: AudioFilesTable;
  songs: SongsTable;
  playlists: PlaylistsTable;
  playlistSongs: PlaylistSongsTable;
  roomPlays: RoomPlaysTable;
  roomVotes: RoomVotesTable;
  roomSnags: RoomSnagsTable;
  roomWaitlist: RoomWaitlistTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type RoomRow = Selectable<RoomsTable>;
