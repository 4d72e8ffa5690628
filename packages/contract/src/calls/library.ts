/**
 * A member's music (docs/music.md): the songs they uploaded or snagged (their
 * library) and their named playlists, one of them active (the queue they DJ
 * from). Names and fields are turntable's where bots use them (playlist.all,
 * playlist.add with song_dict.fileid, playlist.reorder with index_from/index_to);
 * a song's `_id` is its id in its owner's library.
 *
 * Files arrive over HTTP, not as a JSON call: POST UPLOAD_PATH?filename=<name>
 * with the file's bytes as the body, answered with the usual envelope holding
 * `uploadedSong` (docs/music.md says why one request per file).
 */
import { z } from 'zod';
import { callTable, defineCall } from '../define-call';
import { LIBRARY_PAGE_SIZE, PLAYLIST_NAME_MAX, PLAYLIST_SONGS_MAX, PLAYLISTS_MAX, SONG_TITLE_MAX } from '../constants';
import { wholeNumberWith } from '../validation';

/** Where a file is uploaded to (POST, the file's bytes as the body). */
export const UPLOAD_PATH = '/api/library.upload';

/** The audio formats we accept, by what their bytes say they are (never by their name). */
export const audioFormats = ['mp3', 'aac', 'm4a', 'ogg', 'opus', 'flac', 'wav'] as const;
export type AudioFormat = (typeof audioFormats)[number];

export const libraryMessages = {
  notAudio: "That file isn't audio we can play. Upload MP3, AAC/M4A, Ogg Vorbis, Opus, FLAC or WAV.",
  damaged: "That file looks damaged or cut short, so we couldn't read it.",
  empty: 'That file is empty.',
  tooBig: (megabytes: number) => `Files can be at most ${megabytes} MB.`,
  quota: (megabytes: number) => `Your library is full (${megabytes} MB). Remove some songs to make room.`,
  noFilename: 'Please say what the file is called.',
  songUnknown: "That song isn't in your library.",
  /** playlist.add of a song that is neither the caller's nor the one playing in their room. */
  notPlayingHere: "That song isn't in your library, and it isn't the one playing in your room.",
  titleEmpty: 'A song needs a title.',
  titleTooLong: `Keep titles under ${SONG_TITLE_MAX} characters.`,
  artistTooLong: `Keep artist names under ${SONG_TITLE_MAX} characters.`,
  playlistNameEmpty: 'Give the playlist a name.',
  playlistNameTooLong: `Keep playlist names under ${PLAYLIST_NAME_MAX} characters.`,
  playlistUnknown: "You don't have a playlist with that name.",
  playlistExists: 'You already have a playlist with that name.',
  playlistsFull: `You can have at most ${PLAYLISTS_MAX} playlists.`,
  playlistFull: `A playlist holds at most ${PLAYLIST_SONGS_MAX} songs.`,
  lastPlaylist: "You can't delete your only playlist.",
  alreadyInPlaylist: 'That song is already in this playlist.',
  indexOutOfRange: "There's no song at that place in the playlist.",
  /** playlist.reorder naming a song (`songid`) that has left the playlist meanwhile. */
  notInPlaylist: 'That song is no longer in this playlist.',
  interrupted: 'The upload was interrupted. Please try again.',
  /** GET /audio/:songid for a song that is neither the caller's nor playing in their room. */
  audioRefused: "That song isn't yours, and your room isn't playing it.",
  audioUnknown: 'There is no such song.',
} as const;

/**
 * What My music says in the page on its own (docs/music.md, "In the page"); the server's
 * refusals above are shown as the envelope brings them.
 */
export const libraryPanelMessages = {
  /** While the panel's code loads. */
  opening: 'Opening your music…',
  membersOnly: 'Members bring their own music: sign up or log in to upload songs and DJ.',
  queueEmpty: 'Your queue is empty. Upload songs, or add them from your library.',
  libraryEmpty: 'No songs yet. Upload some to start your library.',
  noMatches: (query: string) => `No songs match “${query}”.`,
  dropHere: 'Drop audio files here to upload them',
  waiting: 'Waiting…',
  reading: 'Reading the file…',
  added: 'Added to your queue',
  cancelled: 'Cancelled',
  notUnderstood: 'Sorry, the server sent an answer we did not understand.',
  analysisPending: 'measuring loudness…',
  analysisFailed: 'plays at its own loudness',
  inQueue: 'In the queue',
  /** The queue's first song: the one played when the member's turn as DJ comes. */
  upNext: 'Up next',
  deleteSong: (title: string) => `Delete “${title}” from your library? It leaves every playlist too.`,
  deletePlaylist: (name: string) => `Delete the playlist “${name}”? Its songs stay in your library.`,
  previewFailed: "That song can't be played right now.",
  space: (used: string, quota: string) => `${used} of ${quota} used`,
  /** The panel's own words: its headings, buttons and the names screen readers hear. */
  title: 'My music',
  yourSongs: 'Your songs',
  queueTab: 'Queue',
  libraryTab: 'Library',
  /** A tab's name with how many songs it holds ("Queue · 3"). */
  tabCount: (tab: string, count: number) => `${tab} · ${count}`,
  loadingQueue: 'Loading your queue…',
  loadingLibrary: 'Loading your library…',
  spaceLabel: 'Library space',
  playlistLabel: 'Playlist',
  newPlaylist: 'New',
  renamePlaylist: 'Rename',
  createPlaylist: 'Create',
  newPlaylistName: "New playlist's name",
  renamedPlaylistName: "Playlist's new name",
  deletePlaylistQuestion: 'Delete this playlist?',
  uploadSongs: 'Upload songs',
  orDropFiles: 'or drop files here',
  chooseFiles: 'Choose audio files to upload',
  uploadsLabel: 'Uploads',
  clearFinished: 'Clear finished',
  cancelUpload: (file: string) => `Cancel uploading ${file}`,
  uploading: (file: string) => `Uploading ${file}`,
  searchLibrary: 'Search your library',
  libraryLabel: 'Your library',
  matchingLabel: (query: string) => `Songs matching “${query}”`,
  showMore: 'Show more',
  add: 'Add',
  addToQueue: (title: string) => `Add “${title}” to the queue`,
  deleteFromLibrary: (title: string) => `Delete “${title}” from your library`,
  deleteSongQuestion: 'Delete this song?',
  delete: 'Delete',
  keep: 'Keep',
  queueLabel: 'Queue',
  dragToReorder: 'Drag to reorder',
  moveUp: (title: string) => `Move “${title}” up`,
  moveDown: (title: string) => `Move “${title}” down`,
  edit: (title: string) => `Edit “${title}”`,
  removeFromQueue: (title: string) => `Remove “${title}” from the queue`,
  preview: (title: string) => `Preview “${title}”`,
  stopPreview: (title: string) => `Stop “${title}”`,
  titleLabel: 'Title',
  artistLabel: 'Artist',
  save: 'Save',
  cancel: 'Cancel',
} as const;

/** Whether the server has measured a song's loudness and waveform yet (a worker does it after upload). */
export const analysisStates = ['pending', 'ready', 'failed'] as const;

/** A song in a member's library, as turntable's playlist.all listed it. */
export const librarySong = z.object({
  _id: z.string(),
  metadata: z.object({
    song: z.string(),
    artist: z.string(),
    album: z.string(),
    /** A URL under /media/covers/ (content-addressed, public), or null. */
    coverart: z.string().nullable(),
    /** Seconds. */
    length: z.number(),
  }),
  format: z.enum(audioFormats),
  /** Bytes. */
  size: z.number(),
  created: z.number(),
  analysis: z.enum(analysisStates),
  /** The gain (dB) that plays it at TARGET_LOUDNESS_LUFS; 0 until measured. */
  gain: z.number(),
});
export type LibrarySong = z.infer<typeof librarySong>;

/** What an upload answers with: the song, now in the member's library and at the end of their active playlist. */
export const uploadedSong = z.object({ song: librarySong });
export type UploadedSong = z.infer<typeof uploadedSong>;

export const playlistSummary = z.object({ name: z.string(), active: z.boolean(), count: z.number() });

const playlistName = z
  .string({ message: libraryMessages.playlistNameEmpty })
  .trim()
  .min(1, libraryMessages.playlistNameEmpty)
  .max(PLAYLIST_NAME_MAX, libraryMessages.playlistNameTooLong);
/** Which playlist (the active one when left out, as ttapi's 'default' usually means). */
const whichPlaylist = z.object({ playlist_name: playlistName.optional() });
const songId = z.string({ message: libraryMessages.songUnknown }).trim().min(1, libraryMessages.songUnknown).max(64);
const index = wholeNumberWith(libraryMessages.indexOutOfRange).pipe(z.number().min(0, libraryMessages.indexOutOfRange));

export const libraryCalls = callTable(
  defineCall({
    name: 'library.list',
    method: 'GET',
    access: 'member',
    // The caller's library, newest first; `query` matches title, artist or album.
    input: z.object({
      query: z.string().trim().max(SONG_TITLE_MAX).optional(),
      skip: wholeNumberWith().pipe(z.number().min(0)).default(0),
      limit: wholeNumberWith().pipe(z.number().min(1).max(LIBRARY_PAGE_SIZE)).default(LIBRARY_PAGE_SIZE),
    }),
    output: z.object({
      songs: z.array(librarySong),
      total: z.number(),
      /** Bytes the member's songs take, and the most they may (UPLOAD quota). */
      used: z.number(),
      quota: z.number(),
      /** The largest file an upload may be, in bytes. */
      max_file: z.number(),
    }),
  }),
  defineCall({
    name: 'library.edit',
    method: 'POST',
    access: 'member',
    // Renames a song in the caller's own library (others' copies keep their names).
    input: z.object({
      songid: songId,
      song: z
        .string({ message: libraryMessages.titleEmpty })
        .trim()
        .min(1, libraryMessages.titleEmpty)
        .max(SONG_TITLE_MAX, libraryMessages.titleTooLong)
        .optional(),
      artist: z.string().trim().max(SONG_TITLE_MAX, libraryMessages.artistTooLong).optional(),
    }),
    output: z.object({ song: librarySong }),
  }),
  defineCall({
    name: 'library.remove',
    method: 'POST',
    access: 'member',
    // Out of the library and every playlist; the file goes when no one has it any more.
    input: z.object({ songid: songId }),
    output: z.object({}),
  }),
  defineCall({
    name: 'playlist.list_all',
    method: 'GET',
    access: 'member',
    input: z.object({}),
    output: z.object({ list: z.array(playlistSummary) }),
  }),
  defineCall({
    name: 'playlist.create',
    method: 'POST',
    access: 'member',
    input: z.object({ playlist_name: playlistName }),
    output: z.object({}),
  }),
  defineCall({
    name: 'playlist.delete',
    method: 'POST',
    access: 'member',
    input: z.object({ playlist_name: playlistName }),
    output: z.object({}),
  }),
  defineCall({
    name: 'playlist.rename',
    method: 'POST',
    access: 'member',
    input: z.object({ old_playlist_name: playlistName, new_playlist_name: playlistName }),
    output: z.object({}),
  }),
  defineCall({
    name: 'playlist.switch',
    method: 'POST',
    access: 'member',
    // Makes the playlist the active one: the queue the member DJs from.
    input: z.object({ playlist_name: playlistName }),
    output: z.object({}),
  }),
  defineCall({
    name: 'playlist.all',
    method: 'GET',
    access: 'member',
    // The playlist's songs in order (the active playlist's first song plays next).
    input: whichPlaylist,
    output: z.object({ list: z.array(librarySong) }),
  }),
  defineCall({
    name: 'playlist.add',
    method: 'POST',
    access: 'member',
    // Puts a song of the caller's library into the playlist at `index` (the end when left out). The song
    // playing in the caller's room may be named too (turntable's snag: playlist.add, then snag.add): a copy
    // of it is made, or the copy they have is placed there; no snag is counted.
    input: whichPlaylist.extend({
      song_dict: z.object({ fileid: songId }),
      index: index.optional(),
    }),
    output: z.object({}),
  }),
  defineCall({
    name: 'playlist.remove',
    method: 'POST',
    access: 'member',
    // Takes the song at `index` out of the playlist (it stays in the library). A page names the song it
    // means too (`songid`): if the playlist changed since the page read it (a played song went to the
    // end, another page moved one), that song is taken out wherever it is, and if it is out already
    // nothing is done, so a repeated press removes one song, not the next one along.
    input: whichPlaylist.extend({ index, songid: songId.optional() }),
    output: z.object({}),
  }),
  defineCall({
    name: 'playlist.reorder',
    method: 'POST',
    access: 'member',
    // Moves the song at `index_from` to `index_to`. With `songid`, the song meant is moved from wherever
    // it is now (as for playlist.remove), and one no longer in the playlist is refused.
    input: whichPlaylist.extend({ index_from: index, index_to: index, songid: songId.optional() }),
    output: z.object({}),
  }),
);
