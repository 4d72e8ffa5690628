/**
 * A member's library in the database: their songs (their names for stored
 * files), as the contract shows them, and the member-wide lock every change
 * to their library and playlists takes first.
 */
import { sql } from 'kysely';
import { libraryMessages, type AudioFormat, type LibrarySong } from '@platter/contract';
import { errors } from '../../api/errors';
import type { Db } from '../../db/database';
import { gainFor } from './analysis';
import { COVERS_PATH } from './covers';

/** A song joined with its file: what a LibrarySong is made from. */
export interface SongRow {
  id: string;
  userId: string;
  fileHash: string;
  title: string;
  artist: string;
  album: string;
  cover: string | null;
  createdAt: number;
  size: number;
  format: string;
  durationMs: number;
  analysis: string;
  loudness: number | null;
}

export function coverUrl(cover: string | null): string | null {
  return cover ? `${COVERS_PATH}${cover}` : null;
}

/** A song's tags as the API shows them, from a song's row or a play's copy of its tags. */
export function songMetadata(
  tags: { title: string; artist: string; album: string; cover: string | null },
  durationMs: number | string | bigint,
): LibrarySong['metadata'] {
  return {
    song: tags.title,
    artist: tags.artist,
    album: tags.album,
    coverart: coverUrl(tags.cover),
    length: Math.round(Number(durationMs) / 1000),
  };
}

export function songView(row: SongRow): LibrarySong {
  return {
    _id: row.id,
    metadata: songMetadata(row, row.durationMs),
    format: row.format as AudioFormat,
    size: Number(row.size),
    created: Number(row.createdAt),
    analysis: row.analysis as LibrarySong['analysis'],
    // Measured songs play evened out; until then, as they are.
    gain: row.analysis === 'ready' ? gainFor(row.loudness) : 0,
  };
}

export function songsWithFiles(db: Db) {
  return db
    .selectFrom('songs')
    .innerJoin('audioFiles', 'audioFiles.hash', 'songs.fileHash')
    .select([
      'songs.id',
      'songs.userId',
      'songs.fileHash',
      'songs.title',
      'songs.artist',
      'songs.album',
      'songs.cover',
      'songs.createdAt',
      'audioFiles.size',
      'audioFiles.format',
      'audioFiles.durationMs',
      'audioFiles.analysis',
      'audioFiles.loudness',
    ]);
}

/** The caller's own song, or the library's "not in your library" refusal. */
export async function ownSong(db: Db, userId: string, songId: string): Promise<SongRow> {
  const row = await findOwnSong(db, userId, songId);
  if (!row) throw errors.notFound(libraryMessages.songUnknown);
  return row;
}

/** The member's song with this id, if they have one. */
export function findOwnSong(db: Db, userId: string, songId: string): Promise<SongRow | undefined> {
  return songsWithFiles(db).where('songs.id', '=', songId).where('songs.userId', '=', userId).executeTakeFirst();
}

/**
 * Takes the member's row lock for the rest of the transaction (a no-op write, portable to SQLite and
 * PostgreSQL): a member's library changes one at a time, so playlist positions stay a dense 0..n-1
 * order and limits are counted right however many of their pages call at once.
 */
export async function lockMember(trx: Db, userId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ points: eb.ref('points') }))
    .where('id', '=', userId)
    .execute();
}

/** The bytes a member's songs take (every song counts its file, shared or not). */
export async function bytesUsed(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('songs')
    .innerJoin('audioFiles', 'audioFiles.hash', 'songs.fileHash')
    .select((eb) => eb.fn.sum<number | string | null>('audioFiles.size').as('used'))
    .where('songs.userId', '=', userId)
    .executeTakeFirst();
  return Number(row?.used ?? 0);
}

/** The member's songs, newest first; `query` matches title, artist or album, case-insensitively. */
export async function listSongs(
  db: Db,
  userId: string,
  query: string | undefined,
  skip: number,
  limit: number,
): Promise<{ songs: LibrarySong[]; total: number }> {
  let base = songsWithFiles(db).where('songs.userId', '=', userId);
  if (query) {
    const pattern = `%${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    base = base.where((eb) => eb.or([like('songs.title'), like('songs.artist'), like('songs.album')]));
  }
  const rows = await base
    .orderBy('songs.createdAt', 'desc')
    .orderBy('songs.id', 'desc')
    .limit(limit)
    .offset(skip)
    .execute();
  const counted = await base
    .clearSelect()
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirst();
  return { songs: rows.map(songView), total: Number(counted?.total ?? 0) };
}
