/**
 * Music test data: uploads over HTTP as a page makes them, songs in a
 * member's library, a room that plays one of them now.
 */
import { UPLOAD_PATH, credentialsHeader, type Credentials, type Envelope, type LibrarySong } from '@platter/contract';
import { newId } from '../../src/lib/ids';
import { mp3File, type Id3Tags, type Tone } from './audio-files';
import type { TestApp } from './test-app';

let counter = 0;

/** POSTs the bytes to the upload route, the session in the Authorization header as the page sends it. */
export async function upload(
  t: TestApp,
  as: Credentials | null,
  body: Buffer | ReadableStream<Uint8Array> | null,
  filename: string | null = 'song.mp3',
): Promise<{ status: number; envelope: Envelope<{ song: LibrarySong }> }> {
  const query = new URLSearchParams();
  if (filename !== null) query.set('filename', filename);
  const response = await t.fetch(`${UPLOAD_PATH}?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', ...(as ? { authorization: credentialsHeader(as) } : {}) },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  return { status: response.status, envelope: (await response.json()) as Envelope<{ song: LibrarySong }> };
}

/** Uploads and fails the test unless it was accepted; the song. */
export async function uploaded(t: TestApp, as: Credentials, body: Buffer, filename = 'song.mp3'): Promise<LibrarySong> {
  const { envelope } = await upload(t, as, body, filename);
  if (!envelope[0]) throw new Error(`upload failed: ${envelope[1].err}`);
  return envelope[1].song;
}

/** A distinct short MP3 (its tone differs each call, so its bytes and hash do). */
export function anMp3(tags: Id3Tags = {}, tone: Tone = {}): Buffer {
  counter++;
  return mp3File(
    { seconds: 1, frequency: 200 + counter * 7, ...tone },
    { title: `Song ${counter}`, artist: 'Test Artist', ...tags },
  );
}

/** A song in `member`'s library, uploaded as a page would. */
export async function aSong(t: TestApp, member: Credentials, tags: Id3Tags = {}): Promise<LibrarySong> {
  return uploaded(t, member, anMp3(tags));
}

/** Makes `song` (of `dj`) the song `room` plays now: a play row and rooms.current_play_id, as playback would. */
export async function playingNow(t: TestApp, roomid: string, dj: Credentials, song: LibrarySong): Promise<string> {
  const { db, now } = t.app.services;
  const row = await db.selectFrom('songs').selectAll().where('id', '=', song._id).executeTakeFirstOrThrow();
  const playId = newId();
  await db
    .insertInto('roomPlays')
    .values({
      id: playId,
      roomId: roomid,
      songId: song._id,
      fileHash: row.fileHash,
      djId: dj.userid,
      title: row.title,
      artist: row.artist,
      album: row.album,
      cover: row.cover,
      lengthMs: song.metadata.length * 1000,
      startsAt: now(),
      endsAt: now() + song.metadata.length * 1000,
      ended: null,
    })
    .execute();
  await db.updateTable('rooms').set({ currentPlayId: playId }).where('id', '=', roomid).execute();
  return playId;
}
