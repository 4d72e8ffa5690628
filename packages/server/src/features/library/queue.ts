/**
 * A member's queue (their active playlist) as DJ turns use it: the song that
 * plays next, and sending a played song to the back. For the playback feature.
 */
import type { Db } from '../../db/database';
import { reusableQuery } from '../../db/reusable-query';

export interface QueuedSong {
  /** Where it is: its playlist (the member's active one) and its place there. */
  playlistId: string;
  position: number;
  songId: string;
  fileHash: string;
  title: string;
  artist: string;
  album: string;
  cover: string | null;
  durationMs: number;
  analysis: string;
  loudness: number | null;
  /** JSON: the waveform's peaks, once measured. */
  peaks: string | null;
  /** The member's name (the DJ's, when it plays). */
  djName: string;
}

/** What a room's rules let a DJ play (docs/room.md, "Room rules"); each left out: no limit. */
export interface SongLimits {
  /** The longest song allowed. */
  maxDurationMs?: number;
  /** No file this room played since then (epoch ms). */
  notPlayedIn?: { roomId: string; since: number };
}

/**
 * The first song of the member's active playlist that fits `limits` (songs that don't fit are
 * passed over, keeping their place), or null when none does (or it is empty).
 */
export async function nextSongOf(db: Db, userId: string, limits: SongLimits = {}): Promise<QueuedSong | null> {
  // A limit left out is one no song reaches, so the query keeps one shape (compiled once).
  const {
    rows: [row],
  } = await firstFittingSong(db, {
    userId,
    maxDurationMs: limits.maxDurationMs ?? LONGEST_INTEGER,
    roomId: limits.notPlayedIn?.roomId ?? '',
    playedSince: limits.notPlayedIn?.since ?? Number.MAX_SAFE_INTEGER,
  });
  return row ? { ...row, durationMs: Number(row.durationMs), djName: row.djName ?? '' } : null;
}

/** The largest value of a 32-bit integer column (durations are; PostgreSQL refuses a larger parameter). */
const LONGEST_INTEGER = 2 ** 31 - 1;

interface FittingSongValues {
  userId: string;
  maxDurationMs: number;
  /** No file this room played since `playedSince`. */
  roomId: string;
  playedSince: number;
}

// The active playlist as a subquery, so the queue is walked in its order and the walk stops at
// the first song that fits (joined from playlists, it was read whole and sorted, peaks and all).
const firstFittingSong = reusableQuery((db: Db, { userId, maxDurationMs, roomId, playedSince }: FittingSongValues) =>
  db
    .selectFrom('playlistSongs')
    .innerJoin('songs', 'songs.id', 'playlistSongs.songId')
    .innerJoin('audioFiles', 'audioFiles.hash', 'songs.fileHash')
    .innerJoin('users', (join) => join.on('users.id', '=', userId))
    .select([
      'users.name as djName',
      'playlistSongs.playlistId',
      'playlistSongs.position',
      'songs.id as songId',
      'songs.fileHash',
      'songs.title',
      'songs.artist',
      'songs.album',
      'songs.cover',
      'audioFiles.durationMs',
      'audioFiles.analysis',
      'audioFiles.loudness',
      'audioFiles.peaks',
    ])
    .where('playlistSongs.playlistId', '=', (eb) =>
      eb.selectFrom('playlists').select('playlists.id').where('userId', '=', userId).where('active', '=', 1).limit(1),
    )
    .where('audioFiles.durationMs', '<=', maxDurationMs)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('roomPlays')
            .select('roomPlays.id')
            .whereRef('roomPlays.fileHash', '=', 'songs.fileHash')
            .where('roomPlays.roomId', '=', roomId)
            .where('roomPlays.startsAt', '>', playedSince),
        ),
      ),
    )
    .orderBy('playlistSongs.position')
    .limit(1),
);

/**
 * Moves a song nextSongOf found to the end of its playlist. Runs in the caller's transaction (the
 * room command starting the song), which holds the member's lock (lockMember) since before
 * nextSongOf read the queue, so the song is still where it was found.
 */
export async function sendToBack(trx: Db, song: Pick<QueuedSong, 'playlistId' | 'position' | 'songId'>): Promise<void> {
  await moveToBack(trx, song);
}

/**
 * One statement: the song takes the last place and those after it move up one (a song already
 * last stays). Positions are not unique in the index, so no row collides on the way; the count is
 * read once, before the update.
 */
const moveToBack = reusableQuery(
  (db: Db, { playlistId, position, songId }: Pick<QueuedSong, 'playlistId' | 'position' | 'songId'>) =>
    db
      .updateTable('playlistSongs')
      .set((eb) => ({
        position: eb
          .case()
          .when('songId', '=', songId)
          .then(
            eb
              .selectFrom('playlistSongs as queue')
              .select((count) => count(count.fn.countAll<number>(), '-', 1).as('last'))
              .where('queue.playlistId', '=', playlistId),
          )
          .else(eb('position', '-', 1))
          .end(),
      }))
      .where('playlistId', '=', playlistId)
      .where('position', '>=', position),
);
