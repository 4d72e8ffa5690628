/**
 * One authority per room's timeline (docs/room.md, "Music in the room"): the instance holding a
 * room's lease ends its songs; when it dies another takes the room over within a few seconds and
 * still ends the song on time; a restarted server resumes the song where it is, from the rows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { SONG_LEAD_MS, TIMELINE_LEASE_MS, type Credentials } from '@platter/contract';
import { freshDatabase, startTestApp, TEST_POSTGRES_URL, type TestApp } from './support/test-app';
import { aMember, aRoom } from './support/factories';
import { aSong } from './support/music';
import { eventsUntil, pageIn } from './support/room-pages';
import type { TestSocket } from './support/socket-client';

const REDIS_URL = 'redis://127.0.0.1:6379';
const sockets: TestSocket[] = [];
const apps: TestApp[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  for (const app of apps.splice(0).reverse()) await app.close();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function holderOf(t: TestApp, roomid: string) {
  const row = await t.app.services.db
    .selectFrom('rooms')
    .select(['timelineHolder', 'timelineLeaseUntil'])
    .where('id', '=', roomid)
    .executeTakeFirstOrThrow();
  return row.timelineHolder;
}

async function djPlaying(t: TestApp, dj: Credentials, roomid: string) {
  const page = await pageIn(t, dj, roomid, sockets);
  await page.socket.ok('room.add_dj', { roomid });
  return page;
}

describe('two instances (PostgreSQL, Redis)', () => {
  test('the holder dies: the other takes the room over within a few seconds and ends the song on time', async () => {
    const a = await startTestApp({ redisUrl: REDIS_URL }, undefined, { postgres: true });
    apps.push(a);
    const b = await startTestApp({ redisUrl: REDIS_URL, database: a.app.services.config.database });
    apps.push(b);
    const owner = await aMember(a);
    const room = await aRoom(a, owner);
    const dj = await aMember(a);
    // Longer than a lease and a sweep, so that the takeover comes before the end.
    const lengthMs = TIMELINE_LEASE_MS + 4000;
    await aSong(a, dj, { lengthMs });
    const second = await aSong(a, dj, { lengthMs });
    const watching = await pageIn(b, owner, room.roomid, sockets);
    await djPlaying(a, dj, room.roomid);
    const song = (await eventsUntil(watching.socket, room.roomid, 'newsong')).last.current_song;
    expect(await holderOf(a, room.roomid)).toBe(a.timeline!.holder);
    // While the holder lives, the other instance's sweeps leave the room to it.
    for (let n = 0; n < 3; n++) await b.timeline!.sweep();
    expect(await holderOf(b, room.roomid)).toBe(a.timeline!.holder);

    // The holder's sweep dies without a word (its lease is left to run out).
    const died = Date.now();
    await a.timeline!.stop({ release: false });
    while ((await holderOf(b, room.roomid)) !== b.timeline!.holder) {
      expect(Date.now() - died).toBeLessThan(TIMELINE_LEASE_MS + 3000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const ended = await eventsUntil(watching.socket, room.roomid, 'newsong', lengthMs + SONG_LEAD_MS + 5000);
    const endsAt = song.starttime + lengthMs;
    expect(Date.now()).toBeGreaterThanOrEqual(endsAt);
    expect(Date.now() - endsAt).toBeLessThan(1500);
    expect(ended.events.map((event) => event.command)).toEqual(['song_ended', 'newsong']);
    expect(ended.events[0]).toMatchObject({ playid: song.playid, reason: 'played' });
    expect(ended.last.current_song._id).toBe(second);
    // Played once: the history has each play once.
    const { songs } = await b.ok('room.history', { roomid: room.roomid });
    expect(songs.map((entry) => entry.playid)).toEqual([ended.last.current_song.playid, song.playid]);
  }, 30_000);
});

describe('a restart mid-song', () => {
  test('resumes the same song at the right position, and ends it on time', async () => {
    let clock = Date.now();
    const now = () => clock;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-restart-'));
    const url = process.env.DATABASE_URL?.startsWith('postgres') ? TEST_POSTGRES_URL : undefined;
    const { database, dropDatabase } = await freshDatabase(dataDir, url);
    cleanups.push(async () => {
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    const first = await startTestApp({ database }, now);
    const owner = await aMember(first);
    const room = await aRoom(first, owner);
    const dj = await aMember(first);
    await aSong(first, dj, { lengthMs: 200_000 });
    const next = await aSong(first, dj);
    await djPlaying(first, dj, room.roomid);
    const before = (await first.ok('room.info', { roomid: room.roomid })).current_song!;
    clock += 60_000;
    // The server dies mid-song: its lease is left behind.
    await first.timeline!.stop({ release: false });
    await first.close();

    const again = await startTestApp({ database }, now);
    apps.push(again);
    const page = await pageIn(again, owner, room.roomid, sockets);
    expect(page.snapshot.current_song).toEqual(before);
    // Where it is: a minute in, less the lead.
    expect(clock - page.snapshot.current_song!.starttime).toBe(60_000 - SONG_LEAD_MS);

    // Its old lease runs out; the new instance holds the room, and nothing ends before its time.
    clock += TIMELINE_LEASE_MS;
    await again.timeline!.sweep();
    expect(await holderOf(again, room.roomid)).toBe(again.timeline!.holder);
    clock = before.starttime + 200_000 - 1;
    await again.timeline!.sweep();
    expect((await again.ok('room.info', { roomid: room.roomid })).current_song?.playid).toBe(before.playid);
    clock += 1;
    await again.timeline!.sweep();
    const ended = await eventsUntil(page.socket, room.roomid, 'newsong');
    expect(ended.events.map((event) => event.command)).toEqual(['song_ended', 'newsong']);
    expect(ended.last.current_song._id).toBe(next);
    // A second sweep, or another instance's, finds nothing more to end.
    await again.timeline!.sweep();
    const { songs } = await again.ok('room.history', { roomid: room.roomid });
    expect(songs.map((entry) => entry.ended)).toEqual([null, 'played']);
  });
});
