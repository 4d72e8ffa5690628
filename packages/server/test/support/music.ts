/**
 * Music test data, written straight into the tables (uploading is the library's, tested there):
 * an audio file, a song in a member's library, at the end of their active playlist.
 */
import { randomBytes } from 'node:crypto';
import type { Credentials } from '@platter/contract';
import type { TestApp } from './test-app';

export interface SongOptions {
  title?: string;
  artist?: string;
  lengthMs?: number;
  /** Integrated loudness (LUFS) and waveform, as the analysis stores them; unmeasured when left out. */
  loudness?: number;
  peaks?: number[];
  cover?: string;
  /** An audio file already stored (another member's copy of the same song); a new one when left out. */
  fileHash?: string;
}

let counter = 0;

/** A song in `owner`'s library, queued at the end of their active playlist (made if they have none). */
export async function aSong(t: TestApp, owner: Credentials, options: SongOptions = {}): Promise<string> {
  const { db, now } = t.app.services;
  const n = counter++;
  const hash = options.fileHash ?? randomBytes(32).toString('hex');
  if (options.fileHash === undefined) {
    await db
      .insertInto('audioFiles')
      .values({
        hash,
        size: 1000,
        format: 'mp3',
        durationMs: options.lengthMs ?? 180_000,
        analysis: options.loudness === undefined ? 'pending' : 'ready',
        loudness: options.loudness ?? null,
        peaks: options.peaks ? JSON.stringify(options.peaks) : null,
        createdAt: now(),
      })
      .execute();
  }
  const songId = randomBytes(12).toString('hex');
  await db
    .insertInto('songs')
    .values({
      id: songId,
      userId: owner.userid,
      fileHash: hash,
      title: options.title ?? `Song ${n}`,
      artist: options.artist ?? `Artist ${n}`,
      album: 'Album',
      cover: options.cover ?? null,
      createdAt: now(),
    })
    .execute();
  const playlistId = await activePlaylistOf(t, owner);
  const { last } = await db
    .selectFrom('playlistSongs')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('playlistId', '=', playlistId)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('playlistSongs')
    .values({ playlistId, songId, position: last === null ? 0 : Number(last) + 1 })
    .execute();
  return songId;
}

export async function activePlaylistOf(t: TestApp, owner: Credentials): Promise<string> {
  const { db, now } = t.app.services;
  const active = await db
    .selectFrom('playlists')
    .select('id')
    .where('userId', '=', owner.userid)
    .where('active', '=', 1)
    .executeTakeFirst();
  if (active) return active.id;
  const id = randomBytes(12).toString('hex');
  await db
    .insertInto('playlists')
    .values({ id, userId: owner.userid, name: 'default', active: 1, createdAt: now() })
    .execute();
  return id;
}

/** The member's queue (their active playlist's song ids, in order). */
export async function queueOf(t: TestApp, owner: Credentials): Promise<string[]> {
  const rows = await t.app.services.db
    .selectFrom('playlistSongs')
    .select('songId')
    .where('playlistId', '=', await activePlaylistOf(t, owner))
    .orderBy('position')
    .execute();
  return rows.map((row) => row.songId);
}

/** Empties the member's queue. */
export async function emptyQueue(t: TestApp, owner: Credentials): Promise<void> {
  await t.app.services.db
    .deleteFrom('playlistSongs')
    .where('playlistId', '=', await activePlaylistOf(t, owner))
    .execute();
}

/** The audio file a song of the library plays. */
export async function fileOf(t: TestApp, songId: string): Promise<string> {
  const row = await t.app.services.db
    .selectFrom('songs')
    .select('fileHash')
    .where('id', '=', songId)
    .executeTakeFirstOrThrow();
  return row.fileHash;
}
