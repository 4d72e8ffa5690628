/**
 * A member's queue (their active playlist) as DJ turns use it: the song that
 * plays next, and sending a played song to the back. For the playback feature.
 */
import type { Db } from '../../db/database';
import { lockMember } from './songs';
import { moveSong, playlistsOf, whichPlaylist, countSongs } from './playlists';

export interface QueuedSong {
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
  const { maxDurationMs, notPlayedIn } = limits;
  let query = db
    .selectFrom('playlists')
    .innerJoin('playlistSongs', 'playlistSongs.playlistId', 'playlists.id')
    .innerJoin('songs', 'songs.id', 'playlistSongs.songId')
    .innerJoin('audioFiles', 'audioFiles.hash', 'songs.fileHash')
    .select([
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
    .where('playlists.userId', '=', userId)
    .where('playlists.active', '=', 1);
  if (maxDurationMs !== undefined) query = query.where('audioFiles.durationMs', '<=', maxDurationMs);
  if (notPlayedIn) {
    query = query.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('roomPlays')
            .select('roomPlays.id')
            .whereRef('roomPlays.fileHash', '=', 'songs.fileHash')
            .where('roomPlays.roomId', '=', notPlayedIn.roomId)
            .where('roomPlays.startsAt', '>', notPlayedIn.since),
        ),
      ),
    );
  }
  const row = await query.orderBy('playlistSongs.position').limit(1).executeTakeFirst();
  return row ? { ...row, durationMs: Number(row.durationMs) } : null;
}

/**
 * Moves a played song to the end of its owner's active playlist (nothing when it is not in it
 * any more). Runs in the caller's transaction (the room command starting the song).
 */
export async function sendToBack(trx: Db, userId: string, songId: string, now: number): Promise<void> {
  await lockMember(trx, userId);
  const playlist = whichPlaylist(await playlistsOf(trx, userId, now), undefined);
  const place = await trx
    .selectFrom('playlistSongs')
    .select('position')
    .where('playlistId', '=', playlist.id)
    .where('songId', '=', songId)
    .executeTakeFirst();
  if (!place) return;
  await moveSong(trx, playlist.id, place.position, (await countSongs(trx, playlist.id)) - 1);
}
