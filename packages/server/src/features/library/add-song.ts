/**
 * A song enters a member's library: a new `songs` row for a stored file (an
 * upload, or a snag's copy), at the end of their active playlist, in one
 * transaction under the member's lock.
 */
import { libraryMessages, type LibrarySong } from '@platter/contract';
import { errors } from '../../api/errors';
import type { Db } from '../../db/database';
import { newId } from '../../lib/ids';
import { insertSong, playlistsOf, whichPlaylist } from './playlists';
import { bytesUsed, lockMember, songView, songsWithFiles } from './songs';

export interface NewSong {
  fileHash: string;
  title: string;
  artist: string;
  album: string;
  cover: string | null;
}

export interface NewFile {
  hash: string;
  size: number;
  format: string;
  durationMs: number;
}

/**
 * Adds the song (and its file's row, unless the same bytes are known already) for `userId`.
 * With `quotaBytes`, refuses when the member's songs would take more. It goes at the end of their
 * active playlist, or where `place` says.
 */
export async function addSong(
  db: Db,
  userId: string,
  song: NewSong,
  now: number,
  options: { file?: NewFile; quotaBytes?: number; within?: Db; place?: { playlistId: string; index?: number } } = {},
): Promise<LibrarySong> {
  const work = async (trx: Db) => {
    await lockMember(trx, userId);
    if (options.quotaBytes !== undefined && options.file) {
      const used = await bytesUsed(trx, userId);
      if (used + options.file.size > options.quotaBytes)
        throw errors.conflict(libraryMessages.quota(Math.floor(options.quotaBytes / (1024 * 1024))));
    }
    if (options.file)
      await trx
        .insertInto('audioFiles')
        .values({ ...options.file, createdAt: now })
        .onConflict((oc) => oc.column('hash').doNothing())
        .execute();
    const id = newId();
    await trx
      .insertInto('songs')
      .values({ id, userId, ...song, createdAt: now })
      .execute();
    const playlistId = options.place?.playlistId ?? whichPlaylist(await playlistsOf(trx, userId, now), undefined).id;
    await insertSong(trx, playlistId, id, options.place?.index);
    return songView(await songsWithFiles(trx).where('songs.id', '=', id).executeTakeFirstOrThrow());
  };
  return options.within ? work(options.within) : db.transaction().execute(work);
}
