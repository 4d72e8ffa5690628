/**
 * A DJ's queue: the songs of their active playlist, in order. The song at its head plays on
 * their turn, and moves to the end as it starts, so the head is always what they play next.
 */
import type { Db } from '../../db/database';

export interface QueuedSong {
  playlistId: string;
  songId: string;
  fileHash: string;
  title: string;
  artist: string;
  album: string;
  cover: string | null;
  durationMs: number;
}

/** The song a member plays on their next turn, or null when their queue is empty. */
export async function nextSongOf(db: Db, userId: string): Promise<QueuedSong | null> {
  const row = await db
    .selectFrom('playlists')
    .innerJoin('playlistSongs', 'playlistSongs.playlistId', 'playlists.id')
    .innerJoin('songs', 'songs.id', 'playlistSongs.songId')
    .innerJoin('audioFiles', 'audioFiles.hash', 'songs.fileHash')
    .select([
      'playlists.id as playlistId',
      'songs.id as songId',
      'songs.fileHash',
      'songs.title',
      'songs.artist',
      'songs.album',
      'songs.cover',
      'audioFiles.durationMs',
    ])
    .where('playlists.userId', '=', userId)
    .where('playlists.active', '=', 1)
    .orderBy('playlistSongs.position')
    .orderBy('songs.id')
    .limit(1)
    .executeTakeFirst();
  return row ? { ...row, durationMs: Number(row.durationMs) } : null;
}

/** Moves a song to the end of its playlist (it has just started playing). */
export async function sendToBack(db: Db, playlistId: string, songId: string): Promise<void> {
  const { last } = await db
    .selectFrom('playlistSongs')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('playlistId', '=', playlistId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('playlistSongs')
    .set({ position: Number(last ?? 0) + 1 })
    .where('playlistId', '=', playlistId)
    .where('songId', '=', songId)
    .execute();
}
