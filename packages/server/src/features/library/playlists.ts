/**
 * A member's playlists (turntable's semantics): several, named, one active
 * (the queue they DJ from); the first is `default`. Positions are a dense
 * 0-based order: every change runs in one transaction under the member's
 * lock (songs.ts), so concurrent calls cannot leave gaps or duplicates.
 */
import {
  DEFAULT_PLAYLIST_NAME,
  PLAYLIST_SONGS_MAX,
  PLAYLISTS_MAX,
  libraryMessages,
  type LibrarySong,
} from '@platter/contract';
import { errors } from '../../api/errors';
import type { Db } from '../../db/database';
import { newId } from '../../lib/ids';
import { lockMember, songView, songsWithFiles } from './songs';

export interface PlaylistRow {
  id: string;
  name: string;
  active: number;
}

/** The member's playlists, oldest first; a member who has none gets `default`, active. Call under lockMember. */
export async function playlistsOf(trx: Db, userId: string, now: number): Promise<PlaylistRow[]> {
  const rows = await trx
    .selectFrom('playlists')
    .select(['id', 'name', 'active'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  if (rows.length > 0) return rows;
  const first = { id: newId(), userId, name: DEFAULT_PLAYLIST_NAME, active: 1, createdAt: now };
  await trx.insertInto('playlists').values(first).execute();
  return [{ id: first.id, name: first.name, active: 1 }];
}

/**
 * The playlist a call names: by its name; the active one when no name is given, or when the name
 * is `default` and none is called that (ttapi sends `playlist_name: 'default'` unless told otherwise).
 */
export function whichPlaylist(playlists: PlaylistRow[], name: string | undefined): PlaylistRow {
  const named = name === undefined ? undefined : playlists.find((p) => p.name === name);
  if (named) return named;
  if (name === undefined || name === DEFAULT_PLAYLIST_NAME) {
    const active = playlists.find((p) => p.active) ?? playlists[0];
    if (active) return active;
  }
  throw errors.notFound(libraryMessages.playlistUnknown);
}

/** Runs a change to the member's playlists in one transaction under their lock. */
export function withPlaylists<T>(
  db: Db,
  userId: string,
  now: number,
  change: (trx: Db, playlists: PlaylistRow[]) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await lockMember(trx, userId);
    return change(trx, await playlistsOf(trx, userId, now));
  });
}

export async function countSongs(trx: Db, playlistId: string): Promise<number> {
  const row = await trx
    .selectFrom('playlistSongs')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('playlistId', '=', playlistId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Puts a song into the playlist at `index` (the end when undefined). Call under lockMember. */
export async function insertSong(trx: Db, playlistId: string, songId: string, index?: number): Promise<void> {
  if ((await positionOf(trx, playlistId, songId)) !== null) throw errors.conflict(libraryMessages.alreadyInPlaylist);
  const count = await countSongs(trx, playlistId);
  if (count >= PLAYLIST_SONGS_MAX) throw errors.conflict(libraryMessages.playlistFull);
  const at = index ?? count;
  if (at > count) throw errors.invalid(libraryMessages.indexOutOfRange);
  if (at < count)
    await trx
      .updateTable('playlistSongs')
      .set((eb) => ({ position: eb('position', '+', 1) }))
      .where('playlistId', '=', playlistId)
      .where('position', '>=', at)
      .execute();
  await trx.insertInto('playlistSongs').values({ playlistId, songId, position: at }).execute();
}

/**
 * Puts the song at `index` of the playlist (the end when undefined): inserted, or moved there when
 * the playlist has it already (left where it is when no index is given). Call under lockMember.
 */
export async function placeSong(trx: Db, playlistId: string, songId: string, index?: number): Promise<void> {
  const here = await positionOf(trx, playlistId, songId);
  if (here === null) return insertSong(trx, playlistId, songId, index);
  if (index !== undefined) await moveSong(trx, playlistId, here, index);
}

/** The song id at `index`, or the out-of-range refusal. */
async function songAt(trx: Db, playlistId: string, index: number): Promise<string> {
  const row = await trx
    .selectFrom('playlistSongs')
    .select('songId')
    .where('playlistId', '=', playlistId)
    .where('position', '=', index)
    .executeTakeFirst();
  if (!row) throw errors.invalid(libraryMessages.indexOutOfRange);
  return row.songId;
}

/** Where a song is in a playlist; null when it is not there. */
async function positionOf(trx: Db, playlistId: string, songId: string): Promise<number | null> {
  const row = await trx
    .selectFrom('playlistSongs')
    .select('position')
    .where('playlistId', '=', playlistId)
    .where('songId', '=', songId)
    .executeTakeFirst();
  return row?.position ?? null;
}

/**
 * Takes a song out of a playlist: the one at `index`, or, when the page names the song it means,
 * that one wherever it is now (none if it is out already: a repeated remove takes nothing more).
 */
export async function removeAt(trx: Db, playlistId: string, index: number, meant?: string): Promise<void> {
  const position = meant === undefined ? index : await positionOf(trx, playlistId, meant);
  if (position === null) return;
  const songId = meant ?? (await songAt(trx, playlistId, index));
  await trx.deleteFrom('playlistSongs').where('playlistId', '=', playlistId).where('songId', '=', songId).execute();
  await closeGap(trx, playlistId, position);
}

async function closeGap(trx: Db, playlistId: string, index: number): Promise<void> {
  await trx
    .updateTable('playlistSongs')
    .set((eb) => ({ position: eb('position', '-', 1) }))
    .where('playlistId', '=', playlistId)
    .where('position', '>', index)
    .execute();
}

/** Moves the song at `from` (or the one the page means, from wherever it is now) to `to`. */
export async function moveSong(trx: Db, playlistId: string, at: number, to: number, meant?: string): Promise<void> {
  const from = meant === undefined ? at : await positionOf(trx, playlistId, meant);
  if (from === null) throw errors.invalid(libraryMessages.notInPlaylist);
  const songId = meant ?? (await songAt(trx, playlistId, from));
  if (to >= (await countSongs(trx, playlistId))) throw errors.invalid(libraryMessages.indexOutOfRange);
  if (from === to) return;
  const shift =
    from < to
      ? trx
          .updateTable('playlistSongs')
          .set((eb) => ({ position: eb('position', '-', 1) }))
          .where('position', '>', from)
          .where('position', '<=', to)
      : trx
          .updateTable('playlistSongs')
          .set((eb) => ({ position: eb('position', '+', 1) }))
          .where('position', '>=', to)
          .where('position', '<', from);
  await shift.where('playlistId', '=', playlistId).execute();
  await trx
    .updateTable('playlistSongs')
    .set({ position: to })
    .where('playlistId', '=', playlistId)
    .where('songId', '=', songId)
    .execute();
}

/** Takes a song out of every playlist of its owner, closing each gap. Call under lockMember. */
export async function removeFromPlaylists(trx: Db, songId: string): Promise<void> {
  const places = await trx
    .selectFrom('playlistSongs')
    .select(['playlistId', 'position'])
    .where('songId', '=', songId)
    .execute();
  for (const place of places) {
    await trx
      .deleteFrom('playlistSongs')
      .where('playlistId', '=', place.playlistId)
      .where('songId', '=', songId)
      .execute();
    await closeGap(trx, place.playlistId, place.position);
  }
}

export async function playlistSongs(trx: Db, playlistId: string): Promise<LibrarySong[]> {
  const rows = await songsWithFiles(trx)
    .innerJoin('playlistSongs', 'playlistSongs.songId', 'songs.id')
    .where('playlistSongs.playlistId', '=', playlistId)
    .orderBy('playlistSongs.position')
    .execute();
  return rows.map(songView);
}

export async function createPlaylist(trx: Db, userId: string, playlists: PlaylistRow[], name: string, now: number) {
  if (playlists.some((p) => p.name === name)) throw errors.conflict(libraryMessages.playlistExists);
  if (playlists.length >= PLAYLISTS_MAX) throw errors.conflict(libraryMessages.playlistsFull);
  // Strictly after the member's last, even within one millisecond: the list's order is the order they were made.
  const { latest } = await trx
    .selectFrom('playlists')
    .select((eb) => eb.fn.max('createdAt').as('latest'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  const createdAt = Math.max(now, Number(latest ?? 0) + 1);
  await trx.insertInto('playlists').values({ id: newId(), userId, name, active: 0, createdAt }).execute();
}
