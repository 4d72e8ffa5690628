/** The spec's §9 numbers, named. Client and server read them from here only. */

export const DEFAULT_PRODUCT_NAME = 'Platter';

// Room list
export const ROOM_PAGE_SIZE = 20;
export const MIN_SCROLL_LOAD_INTERVAL_MS = 1000;
export const DIRECTORY_POLL_ACTIVE_MS = 60_000;
export const DIRECTORY_POLL_IDLE_MS = 600_000;
export const FRIEND_ICONS_PER_TILE = 3;
export const BUDDY_ROW_SIZE = 5;

// Cookies and remembered settings
export const SETTING_COOKIE_PREFIX = 'setting_';
export const SETTING_COOKIE_DAYS = 365;
export const WELCOME_COOKIE_DAYS = 365;
export const SESSION_COOKIE_DAYS = 365;
export const HEADBAND_HIDDEN_DAYS = 21;
export const CONNECT_BANNER_AUTO_CLOSE_MS = 7000;

// Timing of the UI
export const ALERT_DEFAULT_MS = 3000;
export const MODAL_TRANSITION_MS = 400;
export const OVERLAY_FALLBACK_MS = 600;
export const IGNORE_ERROR_HIDE_MS = 1000;
/** Not in the spec: a bound on one member's ignore list (docs/accounts.md). */
export const IGNORE_LIST_MAX = 1000;
export const FINGERPRINT_FONT_TIMEOUT_MS = 300;
export const CROSS_DOMAIN_RETRY_LIMIT = 5;

// Payments
export const CARD_TOKEN_TIMEOUT_MS = 40_000;
export const ORDER_POLL_INTERVAL_MS = 2000;
export const ORDER_POLL_TIMEOUT_MS = 30_000;
export const CARD_NUMBER_MAX = 19;
export const CARD_MONTH_MAX = 2;
export const CARD_YEAR_MAX = 4;
export const CARD_CVC_MAX = 4;
export const CARD_ZIP_MAX = 5;

// Text limits
export const PASSWORD_MIN = 6;
/** Not in the spec: a bound so that hashing cost stays bounded (docs/accounts.md). */
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
export const DJ_NAME_MAX = 20;
export const PROFILE_TEXT_MAX = 400;
export const REPORT_REASON_MAX = 400;
export const TWITTER_HANDLE_MAX = 15;
export const NAME_CHANGE_INTERVAL_DAYS = 7;
export const PASSWORD_MASK = '••••••••';

// Rooms
export const MAX_DJS_MIN = 1;
export const MAX_DJS_MAX = 5;
export const MAX_DJS_DEFAULT = 5;
export const DJ_THRESHOLD_DEFAULT = 0;
/** Not in the spec: room names fit a tile (docs/lobby.md). */
export const ROOM_NAME_MAX = 50;
export const ROOM_SEARCH_MAX = 100;
export const HEADBAND_CONTENT_MAX = 300;
export const NEWS_CONTENT_MAX = 2000;

// Avatars
export const DEFAULT_AVATAR_ID = 8;
export const SIGNUP_AVATAR_IDS = [8, 4, 34, 1, 7, 5] as const;
export const AVATAR_ASSET_MIN = 1;
export const AVATAR_ASSET_MAX = 32;
export const CAT_AVATAR_ID = 3000;
export const CUSTOM_AVATAR_MIN_POINTS = 40_000;

// Stickers
export const MAX_STICKER_PLACEMENTS = 20;
export const STICKERS_PER_PAGE = 4;
export const STICKER_WIDTH = 130;
export const UNPURCHASED_STICKER_OPACITY = 0.5;
export const LAPTOP_SIZE = { width: 564, height: 381 } as const;
export const LAPTOP_SCREEN_SIZE = { width: 500, height: 325 } as const;

// Modals
export const PAYMENT_MODAL_WIDTH = 520;
export const SOCIAL_MODAL_WIDTH = 400;

// Room view
export const RENDERER_FRAME_RATE = 20;
export const REPORT_CHATLOG_SIZE = 25;
/** The reports a member may make in a day (a rolling 24 hours): enough for a room's raid, not a flood of staff's queue. */
export const REPORTS_PER_DAY = 10;
/** The longest chat message, in characters (turntable cut at about this). */
export const CHAT_MESSAGE_MAX = 400;
/** The chat lines a page is given when it joins a room. */
export const CHAT_HISTORY_SIZE = 50;
/** Flood limit: at most this many messages from one person in one room in CHAT_FLOOD_WINDOW_MS. */
export const CHAT_FLOOD_MESSAGES = 5;
export const CHAT_FLOOD_WINDOW_MS = 5_000;
/** Private messages (docs/pm.md): the longest one, in characters. */
export const PM_MESSAGE_MAX = 1000;
/** PM flood limit: at most this many private messages from one member, to anyone, in PM_FLOOD_WINDOW_MS. */
export const PM_FLOOD_MESSAGES = 5;
export const PM_FLOOD_WINDOW_MS = 5_000;
/** The messages of a conversation pm.history answers with at once (the newest; older ones page in). */
export const PM_HISTORY_PAGE = 50;
/** The conversations pm.conversations lists, latest first. */
export const PM_CONVERSATIONS_MAX = 50;

// Room moderation (docs/room.md)
/** A booted member may come back after this long (a ban is for longer, or for good). */
export const BOOT_COOLDOWN_MS = 5 * 60_000;
/** The longest ban with an end, and the longest mute, in minutes (a year, a week). */
export const BAN_MINUTES_MAX = 365 * 24 * 60;
export const MUTE_MINUTES_MAX = 7 * 24 * 60;
/** Slow mode: at most one chat message per this many seconds per person (0 = off). */
export const SLOW_MODE_SECONDS_MAX = 600;
export const ROOM_DESCRIPTION_MAX = 1000;
export const MODERATION_REASON_MAX = 200;
/** The moderation log's entries per page. */
export const MODERATION_LOG_PAGE_SIZE = 50;
/** A member whose pages all dropped keeps their place (stage, later the waitlist) this long. */
export const ROOM_GRACE_MS = 5 * 60_000;

/** A member counts as present for this long after their last sign of life: longer than the idle poll (600 s). */
export const PRESENCE_TIMEOUT_MS = 15 * 60_000;

// Music (docs/music.md)
/** Defaults for the limits an operator sets (UPLOAD_MAX_MB, LIBRARY_QUOTA_MB). */
export const UPLOAD_MAX_MB_DEFAULT = 100;
export const LIBRARY_QUOTA_MB_DEFAULT = 2000;
export const SONG_TITLE_MAX = 200;
export const PLAYLIST_NAME_MAX = 50;
/** A member's playlists, and the songs in one playlist, at most. */
export const PLAYLISTS_MAX = 50;
export const PLAYLIST_SONGS_MAX = 5000;
/** The playlist every member starts with (ttapi's default name). */
export const DEFAULT_PLAYLIST_NAME = 'default';
/** The songs library.list answers with at once. */
export const LIBRARY_PAGE_SIZE = 50;
/** The songs room.history answers with at once. */
export const ROOM_HISTORY_PAGE_SIZE = 50;
/** A song starts this far ahead on the room's timeline, so every page has time to buffer. */
export const SONG_LEAD_MS = 2000;
/** Every song is played at this integrated loudness (EBU R128, LUFS), by a gain applied in the page. */
export const TARGET_LOUDNESS_LUFS = -18;
/** The most a page boosts a quiet song, in dB (a near-silent track is not made to roar). */
export const MAX_GAIN_DB = 12;
/** Waveform peaks measured per song (each 0..1). */
export const WAVEFORM_PEAKS = 200;
/** A song whose Lame votes exceed this share of the members in the room (DJs and guests excluded) is skipped. */
export const LAME_SKIP_SHARE = 0.5;
/** …but only once at least this many have voted Lame (one grumpy listener in a room of two does not skip). */
export const LAME_SKIP_MIN_VOTES = 2;
/**
 * A listener may change their vote on a song this many times after their first vote; then it
 * stands until the next song. Enough for second thoughts and a misclick or two; a toggle flood
 * ends here (issue 31: one member toggling pushed thousands of update_votes a second).
 */
export const VOTE_CHANGES_PER_SONG = 5;
/**
 * A room hears update_votes at most once in this long (its clock): a vote after a quiet spell is
 * told at once, votes within the window after it together at its end (the latest counts, and
 * every vote changed meanwhile in the votelog). Four a second still reads as live.
 */
export const VOTE_UPDATE_MS = 250;
/** The timeline lease of a room: held this long, renewed well before it runs out. */
export const TIMELINE_LEASE_MS = 5000;

// Room rules (docs/room.md, "Room rules"): each 0 means off.
/** The longest a moderator may let a DJ sit idle before the stage passes them over. */
export const AFK_MINUTES_MAX = 24 * 60;
/** The longest song a room may allow. */
export const MAX_SONG_MINUTES_MAX = 180;
/** How far back "no repeats" may look. */
export const NO_REPEAT_HOURS_MAX = 7 * 24;
/** The most songs a room may let one DJ play before stepping down (and the most a DJ may plan). */
export const DJ_SONG_LIMIT_MAX = 50;
/** The most people waiting for the stage in one room. */
export const WAITLIST_MAX = 50;
