/**
 * GET/HEAD /audio/:songid (docs/music.md): range requests answered as
 * @fastify/static answers them for the same file, caching headers, and the
 * bytes only to the owner or to a listener whose room plays the song now.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SESSION_COOKIES, libraryMessages, songAudioPath, type Credentials, type LibrarySong } from '@platter/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest, aMember, aRoom } from './support/factories';
import { readResponse } from './support/envelopes';
import { mp3File } from './support/audio-files';
import { anMp3, playingNow, uploaded } from './support/library';
import { TestSocket } from './support/socket-client';

let t: TestApp;
let owner: Credentials;
let song: LibrarySong;
let bytes: Buffer;
let reference: FastifyInstance;
let referenceUrl: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  owner = await aMember(t);
  bytes = mp3File({ seconds: 2 }, { title: 'Ranged' });
  song = await uploaded(t, owner, bytes);
  // The same file served by @fastify/static: the reference for range answers.
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-static-'));
  fs.writeFileSync(path.join(folder, 'song.mp3'), bytes);
  reference = Fastify();
  await reference.register(fastifyStatic, { root: folder });
  referenceUrl = `${await reference.listen({ port: 0, host: '127.0.0.1' })}/song.mp3`;
});
afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await reference.close();
  await t.close();
});

const asOwner = () => `${songAudioPath(song._id)}?userid=${owner.userid}&userauth=${owner.userauth}`;

async function both(range: string | null, method = 'GET') {
  const headers: Record<string, string> = range ? { range } : {};
  const ours = await t.fetch(asOwner(), { method, headers });
  const theirs = await fetch(referenceUrl, { method, headers });
  return {
    ours,
    theirs,
    ourBody: Buffer.from(await ours.arrayBuffer()),
    theirBody: Buffer.from(await theirs.arrayBuffer()),
  };
}

describe('ranges, as @fastify/static answers them', () => {
  test.each([
    ['the whole file', null, 200, null],
    ['the first bytes', 'bytes=0-99', 206, [0, 99]],
    ['the middle', 'bytes=1000-1999', 206, [1000, 1999]],
    ['a suffix', 'bytes=-100', 206, 'suffix'],
    ['from a byte to the end', 'bytes=500-', 206, [500, -1]],
    ['past the end, clamped', 'bytes=100-99999999', 206, [100, -1]],
  ] as const)('%s', async (_name, range, status, span) => {
    const { ours, theirs, ourBody, theirBody } = await both(range);
    expect(ours.status).toBe(status);
    expect(theirs.status).toBe(status);
    for (const header of ['content-range', 'content-length', 'accept-ranges'])
      expect([header, ours.headers.get(header)]).toEqual([header, theirs.headers.get(header)]);
    expect(ourBody).toEqual(theirBody);
    const [start, end] =
      span === null ? [0, bytes.length - 1] : span === 'suffix' ? [bytes.length - 100, bytes.length - 1] : span;
    expect(ourBody).toEqual(bytes.subarray(start, end === -1 ? bytes.length : end + 1));
    expect(ours.headers.get('content-type')).toBe('audio/mpeg');
    expect(ours.headers.get('cache-control')).toMatch(/^private, max-age=\d+, immutable$/);
    expect(ours.headers.get('etag')).toMatch(/^"[0-9a-f]{64}"$/);
  });

  test('an unsatisfiable range: 416 with the size', async () => {
    const { ours, theirs } = await both(`bytes=${bytes.length}-`);
    expect(ours.status).toBe(416);
    expect(theirs.status).toBe(416);
    expect(ours.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
    expect(ours.headers.get('content-range')).toBe(theirs.headers.get('content-range'));
  });

  test('HEAD: the headers, no bytes; a range too', async () => {
    const whole = await both(null, 'HEAD');
    expect(whole.ours.status).toBe(200);
    expect(whole.ours.headers.get('content-length')).toBe(String(bytes.length));
    expect(whole.ourBody.length).toBe(0);
    const ranged = await both('bytes=0-9', 'HEAD');
    expect(ranged.ours.status).toBe(206);
    expect(ranged.ours.headers.get('content-range')).toBe(ranged.theirs.headers.get('content-range'));
  });

  test('a cached copy is confirmed with 304', async () => {
    const first = await t.fetch(asOwner());
    const etag = first.headers.get('etag')!;
    await first.arrayBuffer();
    const again = await t.fetch(asOwner(), { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  test('the session cookies an <audio> element sends are enough', async () => {
    const response = await t.fetch(songAudioPath(song._id), {
      headers: { cookie: `${SESSION_COOKIES.userId}=${owner.userid}; ${SESSION_COOKIES.userAuth}=${owner.userauth}` },
    });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
  });
});

describe('who may hear it', () => {
  const as = (who: Credentials) => `${songAudioPath(song._id)}?userid=${who.userid}&userauth=${who.userauth}`;

  test('a stranger, a guest, no session, an unknown song: refused with the envelope, never the bytes', async () => {
    const stranger = await readResponse(await t.fetch(as(await aMember(t))));
    expect(stranger).toEqual({
      status: 403,
      body: [false, { err: libraryMessages.audioRefused, errcode: 'forbidden' }],
    });
    expect((await readResponse(await t.fetch(as(await aGuest(t))))).status).toBe(403);
    const nobody = await readResponse(await t.fetch(songAudioPath(song._id)));
    expect(nobody).toMatchObject({ status: 401, body: [false, { errcode: 'not_authenticated' }] });
    const unknown = await readResponse(
      await t.fetch(`${songAudioPath('0'.repeat(24))}?userid=${owner.userid}&userauth=${owner.userauth}`),
    );
    expect(unknown).toEqual({
      status: 404,
      body: [false, { err: libraryMessages.audioUnknown, errcode: 'not_found' }],
    });
  });

  test('a listener in a room that plays it now hears it; once it stops, or elsewhere, they do not', async () => {
    const room = await aRoom(t, owner);
    const elsewhere = await aRoom(t, owner);
    const listener = await aMember(t);
    const guest = await aGuest(t);
    const outsider = await aMember(t);
    for (const [who, where] of [
      [listener, room],
      [guest, room],
      [outsider, elsewhere],
    ] as const) {
      const socket = await TestSocket.welcomed(t, who);
      sockets.push(socket);
      await socket.ok('room.register', { roomid: where.roomid });
    }
    expect((await t.fetch(as(listener))).status).toBe(403);
    await playingNow(t, room.roomid, owner, song);
    const heard = await t.fetch(as(listener), { headers: { range: 'bytes=0-99' } });
    expect(heard.status).toBe(206);
    expect(Buffer.from(await heard.arrayBuffer())).toEqual(bytes.subarray(0, 100));
    // A guest listening in the room hears it too.
    expect((await t.fetch(as(guest), { headers: { range: 'bytes=0-99' } })).status).toBe(206);
    expect((await t.fetch(as(outsider))).status).toBe(403);
    await t.app.services.db.updateTable('rooms').set({ currentPlayId: null }).where('id', '=', room.roomid).execute();
    expect((await t.fetch(as(listener))).status).toBe(403);
  });
  test('a song whose stored bytes are gone: 404 with the envelope, not our failure', async () => {
    const bytesGone = anMp3({ title: 'Gone' });
    const gone = await uploaded(t, owner, bytesGone);
    const { db, storage } = t.app.services;
    const { fileHash } = await db
      .selectFrom('songs')
      .select('fileHash')
      .where('id', '=', gone._id)
      .executeTakeFirstOrThrow();
    await storage.remove(fileHash);
    const path = `${songAudioPath(gone._id)}?userid=${owner.userid}&userauth=${owner.userauth}`;
    for (const range of [null, 'bytes=0-99']) {
      const response = await t.fetch(path, { headers: range ? { range } : {} });
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await readResponse(response)).toEqual({
        status: 404,
        body: [false, { err: libraryMessages.audioUnknown, errcode: 'not_found' }],
      });
    }
    const head = await t.fetch(path, { method: 'HEAD' });
    expect(head.status).toBe(404);
    expect(head.headers.get('accept-ranges')).toBeNull();
  });
});
