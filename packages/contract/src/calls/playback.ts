/**
 * What a room plays (docs/music.md): DJs on the stage play one song each in
 * turn; the server owns the timeline (which song, from when on its clock), the
 * crowd votes Awesome ('up') or Lame ('down'), and snags songs into their own
 * library. Names are turntable's (room.vote with val/vh/th/ph, room.stop_song,
 * snag.add, the newsong / nosong / update_votes / snagged events).
 */
import { z } from 'zod';
import { callTable, defineCall } from '../define-call';
import { wholeNumberWith } from '../validation';
import { librarySong } from './library';
import { roomId } from './room';

/** Where a song's audio is served (HTTP range requests): to its owner, and to a room it plays in. */
export const AUDIO_PATH_PREFIX = '/audio/';
export function songAudioPath(songid: string): string {
  return `${AUDIO_PATH_PREFIX}${encodeURIComponent(songid)}`;
}

export const votes = ['up', 'down'] as const;
export type Vote = (typeof votes)[number];

/** The song a room plays now, and when: everything a page needs to play the same moment. */
export const playingSong = z.object({
  /** The song's id in its DJ's library (turntable's current_song._id). */
  _id: z.string(),
  /** This play of it: an entry of the room's history. */
  playid: z.string(),
  djid: z.string(),
  djname: z.string(),
  metadata: librarySong.shape.metadata,
  /** When its first moment plays, on the server's clock (epoch ms); SONG_LEAD_MS after it was chosen. */
  starttime: z.number(),
  /** The gain (dB) that plays it at TARGET_LOUDNESS_LUFS (0 when not measured). */
  gain: z.number(),
  /** The waveform: WAVEFORM_PEAKS values in 0..1 (empty when not measured). */
  peaks: z.array(z.number()),
});
export type PlayingSong = z.infer<typeof playingSong>;

/** Who voted what on the playing song ([userid, vote], in the order they voted). */
export const roomVotes = z.object({
  upvotes: z.number(),
  downvotes: z.number(),
  votelog: z.array(z.tuple([z.string(), z.enum(votes)])),
});
export type RoomVotes = z.infer<typeof roomVotes>;

/** Why a song stopped playing (the `song_ended` event, the room's history). */
export const songEndings = ['played', 'skipped', 'lamed', 'left'] as const;
export type SongEnding = (typeof songEndings)[number];

/** An entry of the room's history: a song played, by whom, and how the room took it. */
export const playedSong = z.object({
  playid: z.string(),
  _id: z.string(),
  metadata: librarySong.shape.metadata,
  djid: z.string(),
  djname: z.string(),
  starttime: z.number(),
  upvotes: z.number(),
  downvotes: z.number(),
  snags: z.number(),
  /** Null while it still plays. */
  ended: z.enum(songEndings).nullable(),
});
export type PlayedSong = z.infer<typeof playedSong>;

export const playbackMessages = {
  nothingPlaying: 'Nothing is playing right now.',
  notInRoom: 'Join the room to vote.',
  voteInvalid: "Vote 'up' (Awesome) or 'down' (Lame).",
  ownSong: "You can't vote on your own song.",
  /** A listener changed their vote VOTE_CHANGES_PER_SONG times on this song already. */
  voteChangesUsed: "You've changed your vote on this song as often as you can. It stands until the next song.",
  /** The vote named another song (songid or turntable's vh hash): it ended meanwhile. */
  voteStale: 'That song has ended. Vote on the one playing now.',
  /** room.vote's th or ph (turntable's): each, when sent, is a sha1 in hex, as ttapi makes them. */
  voteHashInvalid: 'th and ph must each be a sha1 hash: 40 hexadecimal characters, as ttapi sends them.',
  notYourSong: 'Only the DJ playing this song or a moderator can skip it.',
  snagOwn: "It's your song already.",
  snagNotInRoom: 'Join the room to snag its song.',
  emptyQueue: 'Add a song to your queue before you step up.',
} as const;

/** A sha1 in hex, as ttapi sends a vote's th and ph. */
const sha1Hex = z.string().regex(/^[0-9a-f]{40}$/i, { message: playbackMessages.voteHashInvalid });

export const playbackCalls = callTable(
  defineCall({
    name: 'room.vote',
    method: 'POST',
    access: 'session',
    /**
     * Awesome ('up') or Lame ('down') on the playing song, once per listener per song (a new
     * vote replaces the old, up to VOTE_CHANGES_PER_SONG times). `songid` (our pages) or turntable's `vh` = sha1(roomid + val +
     * songid) (bots) pins the vote to a song: a vote for one that ended is refused. `th` and
     * `ph` are turntable's hashes of random values: checked for their shape (40 hex digits), no more.
     */
    input: z.object({
      roomid: roomId,
      val: z.enum(votes, { message: playbackMessages.voteInvalid }),
      songid: z.string().max(64).optional(),
      vh: z.string().max(64).optional(),
      th: sha1Hex.optional(),
      ph: sha1Hex.optional(),
    }),
    output: z.object({}),
  }),
  defineCall({
    name: 'room.stop_song',
    method: 'POST',
    access: 'member',
    // Skips the playing song: its DJ may, and the room's moderators. The next DJ's song follows.
    input: z.object({
      roomid: roomId,
      djid: z.string().max(64).optional(),
      current_song: z.string().max(64).optional(),
    }),
    output: z.object({}),
  }),
  defineCall({
    name: 'room.history',
    method: 'GET',
    access: 'anyone',
    // The room's songs, newest first (the playing one too); `before` pages back by start time.
    input: z.object({ roomid: roomId, before: wholeNumberWith().optional() }),
    output: z.object({ songs: z.array(playedSong) }),
  }),
);

/** Snagging copies a song into the snagger's library (the library feature serves it). */
export const snagCalls = callTable(
  defineCall({
    name: 'snag.add',
    method: 'POST',
    access: 'member',
    /**
     * Adds the playing song to the caller's library and the end of their active playlist; the
     * room sees a heart over them. ttapi's other fields (djid, site, location, vh, sh, fh, …)
     * are accepted and ignored.
     */
    // ttapi sends songid: null when it has not seen the song start (it joined mid-song).
    input: z.looseObject({ roomid: roomId, songid: z.string().max(64).nullish() }),
    output: z.object({ song: librarySong }),
  }),
);

/**
 * What the room's page says about its music on its own: the chat's feed lines for a song
 * starting or being skipped, the now-playing strip, and the room's history.
 */
export const roomMusicMessages = {
  /** A song named in a sentence: its title, and its artist when it has one. */
  songTitle: (song: string, artist: string) => (artist ? `${song} by ${artist}` : song),
  /** A song the page no longer knows (it ended before the page saw it start). */
  unknownSong: 'the song',
  /** Who skipped a song when the page does not know its DJ's name. */
  unknownDj: 'The DJ',
  started: (dj: string, title: string) => `${dj} started playing ${title}`,
  skipped: (who: string, title: string) => `${who} skipped ${title}`,
  lamed: (title: string) => `The crowd lamed ${title} off the stage`,
  nothingPlaying: 'No song playing',
  playedBy: (dj: string) => `Played by ${dj}`,
  historyLoading: "Loading the room's history…",
  historyEmpty: 'No songs have played here yet.',
  /** How each song in the history ended; `playingNow` while it still plays. */
  endings: { played: 'played', skipped: 'skipped', lamed: 'lamed off', left: 'DJ left' } satisfies Record<
    SongEnding,
    string
  >,
  playingNow: 'playing now',
  historyTitle: 'Room history',
  olderSongs: 'Older songs',
} as const;

/** What the page's player says (docs/music.md, "Playing in sync"). */
export const playerMessages = {
  clickToListen: 'Click to listen',
  blocked: 'Your browser held the music back until you click.',
  audioFailed: "We couldn't load this song's audio. Trying again…",
  behind: 'Your audio is running behind the room. Listening over Bluetooth? Set its latency in the player.',
  ahead:
    "Your audio is running ahead of the room. If you set a Bluetooth latency, it may be more than your speakers' delay.",
  stalled: 'Your audio keeps stopping to load. The connection may be too slow for this song.',
  latencyInvalid: 'Set a latency between 0 and 1000 ms.',
  /** The field under Audio: how late the listener's speakers sound (Bluetooth adds 100–300 ms). */
  latencyLabel: 'Speaker latency (Bluetooth), ms',
  play: 'Play',
  pause: 'Pause',
  mute: 'Mute',
  unmute: 'Unmute',
  volume: 'Volume',
  /** The button that opens the speaker-latency field. */
  audio: 'Audio',
  /** The sync readout: how far this page's clock is from the server's, and its audio from the room's. */
  clock: 'Clock',
  playback: 'Playback',
} as const;
