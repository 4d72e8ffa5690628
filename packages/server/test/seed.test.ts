/** seedIfWanted: demo members on a first start, never twice, never when SEED_DEMO says no. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Services } from '../src/api/context';
import { seedIfWanted } from '../src/seed';
import decode from 'audio-decode';
import { AUDIO_PATH_PREFIX, MAX_GAIN_DB } from '@platter/contract';
import { ALL_DEMO_MEMBERS, DEMO_MEMBERS, DEMO_PASSWORD } from '../src/seed/members';
import { DEMO_PLAYLIST } from '../src/seed/libraries';
import { DEMO_TRACKS } from '../src/seed/music';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest } from './support/factories';
import { failureOf } from './support/envelopes';

/** Everyone: members, the staff account and the guests who fill the rooms. */
async function userCount(t: TestApp): Promise<number> {
  const row = await t.app.services.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function memberCount(t: TestApp): Promise<number> {
  const row = await t.app.services.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('name', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The demo members and the staff account the news comes from. */
const SEEDED_MEMBERS = ALL_DEMO_MEMBERS.length + 1;

const seed = (t: TestApp, services: Services = t.app.services) => seedIfWanted(services, t.app.http.log);
const withSeedDemo = (t: TestApp, seedDemo: boolean | undefined): Services => ({
  ...t.app.services,
  config: { ...t.app.services.config, seedDemo },
});

describe('a first start (SEED_DEMO unset, empty database)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    expect(t.app.services.config.seedDemo).toBeUndefined();
    expect(await userCount(t)).toBe(0);
    await seed(t);
    // The whole lobby and the demo's music, on a busy machine: longer than a hook's usual 30 s.
  }, 60_000);
  afterAll(() => t.close());

  test('makes the demo members', async () => {
    expect(await memberCount(t)).toBe(SEEDED_MEMBERS);
    for (const member of DEMO_MEMBERS) {
      expect((await t.call('user.get_id', { name: member.name }))[0], member.name).toBe(true);
    }
  });

  test('ada@example.com / platter-demo can log in', async () => {
    expect(DEMO_PASSWORD).toBe('platter-demo');
    const session = await t.ok('user.email_login', { email: 'ada@example.com', password: 'platter-demo' });
    const info = await t.ok('user.info', {}, session);
    expect(info).toMatchObject({
      name: 'Ada Vinyl',
      registered: true,
      // The demo members' emails are already verified.
      email: 'ada@example.com',
      unverified_email: null,
      has_tt_password: true,
      points: 1520,
      // Each is a fan of the next three, so each has three fans.
      fans: 3,
      fanofs: 3,
    });
  });

  test('every demo member can log in with the demo password', async () => {
    for (const member of DEMO_MEMBERS) {
      const session = await t.ok('user.email_login', { email: member.email, password: DEMO_PASSWORD });
      expect((await t.ok('user.info', {}, session)).name).toBe(member.name);
    }
  });

  describe('music of its own', () => {
    test('every demo member has songs in their queue, made at seed time and stored once each', async () => {
      const files = await t.app.services.db
        .selectFrom('audioFiles')
        .select(['hash', 'format', 'size', 'durationMs'])
        .execute();
      expect(files).toHaveLength(DEMO_TRACKS.length);
      for (const file of files) {
        expect(file.format).toBe('mp3');
        expect(file.durationMs).toBeGreaterThanOrEqual(20_000);
        expect(file.durationMs).toBeLessThanOrEqual(40_000);
        // 64 kbit/s: 8 KB a second, where the WAV they replace took 88 KB (22.05 kHz, 16-bit stereo).
        expect(Number(file.size)).toBeLessThan((Number(file.durationMs) / 1000) * 8_500);
      }
      for (const member of DEMO_MEMBERS) {
        const session = await t.ok('user.email_login', { email: member.email, password: DEMO_PASSWORD });
        const queue = (await t.ok('playlist.all', {}, session)).list;
        expect(queue.length, member.name).toBeGreaterThanOrEqual(3);
        for (const song of queue) {
          expect(DEMO_TRACKS.map((track) => track.title)).toContain(song.metadata.song);
          expect(song.metadata.artist.length).toBeGreaterThan(0);
          expect(song.metadata.coverart).toMatch(/^\/media\/covers\/.+\.svg$/);
        }
      }
    });

    test('ada@example.com has every track, and a second playlist of the calm ones', async () => {
      const ada = await t.ok('user.email_login', { email: 'ada@example.com', password: DEMO_PASSWORD });
      expect((await t.ok('library.list', {}, ada)).total).toBe(DEMO_TRACKS.length);
      const lists = (await t.ok('playlist.list_all', {}, ada)).list;
      expect(lists).toContainEqual({ name: DEMO_PLAYLIST.name, active: false, count: DEMO_PLAYLIST.titles.length });
      const calm = (await t.ok('playlist.all', { playlist_name: DEMO_PLAYLIST.name }, ada)).list;
      expect(calm.map((song) => song.metadata.song)).toEqual(DEMO_PLAYLIST.titles);
    });

    test('the songs are measured like uploads, and their audio plays: MP3 of the length the library says', async () => {
      t.app.analysis.kick();
      await t.app.analysis.idle();
      const ada = await t.ok('user.email_login', { email: 'ada@example.com', password: DEMO_PASSWORD });
      const { songs } = await t.ok('library.list', {}, ada);
      for (const song of songs) {
        expect(song.analysis, song.metadata.song).toBe('ready');
        expect(Math.abs(song.gain)).toBeGreaterThan(0);
        expect(song.gain).toBeLessThanOrEqual(MAX_GAIN_DB);
        const query = new URLSearchParams({ userid: ada.userid, userauth: ada.userauth });
        const response = await t.fetch(`${AUDIO_PATH_PREFIX}${song._id}?${query}`);
        expect(response.status, song.metadata.song).toBe(200);
        expect(response.headers.get('content-type')).toBe('audio/mpeg');
        const { channelData, sampleRate } = await decode(new Uint8Array(await response.arrayBuffer()));
        expect(channelData).toHaveLength(2);
        expect(Math.round(channelData[0]!.length / sampleRate)).toBe(song.metadata.length);
        const file = await t.app.services.db
          .selectFrom('songs')
          .innerJoin('audioFiles', 'audioFiles.hash', 'songs.fileHash')
          .select(['audioFiles.durationMs', 'audioFiles.size'])
          .where('songs.id', '=', song._id)
          .executeTakeFirstOrThrow();
        // The duration the timeline ends the song by is what the decoder plays, to the millisecond.
        expect(Number(file.durationMs)).toBe(Math.round((channelData[0]!.length / sampleRate) * 1000));
        // Served in ranges: a seek into the song asks for the bytes from there on.
        const ranged = await t.fetch(`${AUDIO_PATH_PREFIX}${song._id}?${query}`, { headers: { range: 'bytes=1000-' } });
        expect(ranged.status).toBe(206);
        expect(ranged.headers.get('content-range')).toBe(`bytes 1000-${Number(file.size) - 1}/${file.size}`);
      }
      const peaks = await t.app.services.db.selectFrom('audioFiles').select('peaks').execute();
      for (const row of peaks) expect(Math.max(...(JSON.parse(row.peaks!) as number[]))).toBeGreaterThan(0.2);
    });
  });

  describe('a lively lobby', () => {
    const allListed = async () => (await t.ok('room.directory_rooms', { limit: 100 })).rooms;

    test('at least 60 rooms, exactly one of them unlisted, at least 3 featured', async () => {
      const rows = await t.app.services.db.selectFrom('rooms').select(['id', 'privacy', 'featured']).execute();
      expect(rows.length).toBeGreaterThanOrEqual(60);
      const unlisted = rows.filter((row) => row.privacy === 'unlisted');
      expect(unlisted).toHaveLength(1);
      expect(rows.filter((row) => row.privacy !== 'unlisted').every((row) => row.privacy === 'public')).toBe(true);
      expect(rows.filter((row) => row.featured === 1).length).toBeGreaterThanOrEqual(3);

      const listed = await allListed();
      expect(listed).toHaveLength(rows.length - 1);
      expect(listed.map((room) => room.roomid)).not.toContain(unlisted[0]!.id);
      expect((await t.ok('room.info', { roomid: unlisted[0]!.id })).room.roomid).toBe(unlisted[0]!.id);
      // Featured rooms lead the lobby's first page.
      const first = (await t.ok('room.directory_rooms', { section_aware: true })).rooms;
      expect(first).toHaveLength(20);
      expect(first.slice(0, 3).every((room) => room.metadata.featured)).toBe(true);
    });

    test('every room with DJs plays a song from their queue (the others are quiet), its cover art served', async () => {
      const listed = await allListed();
      const playing = listed.filter((room) => room.metadata.current_song !== null);
      expect(playing.map((room) => room.roomid).sort()).toEqual(
        listed
          .filter((room) => room.metadata.djcount > 0)
          .map((room) => room.roomid)
          .sort(),
      );
      const titles = DEMO_TRACKS.map((track) => track.title);
      const covers = new Set(playing.map((room) => room.metadata.current_song!.coverart));
      expect(covers.has(null)).toBe(false);
      expect(covers.size).toBe(DEMO_TRACKS.length);
      for (const cover of covers) {
        expect(cover).toMatch(/^\/media\//);
        const response = await t.fetch(cover!);
        expect(response.status, cover!).toBe(200);
        expect(response.headers.get('content-type'), cover!).toMatch(/^image\/svg\+xml/);
        expect(await response.text()).toMatch(/^<svg /);
      }
      for (const room of playing) {
        expect(titles).toContain(room.metadata.current_song!.song);
        expect(room.metadata.current_song!.artist.length).toBeGreaterThan(0);
      }
    });

    test('many rooms have listeners, and DJs on stage', async () => {
      const listed = await allListed();
      expect(listed.filter((room) => room.metadata.listeners > 0).length).toBeGreaterThanOrEqual(20);
      expect(listed.filter((room) => room.metadata.djcount > 0).length).toBeGreaterThanOrEqual(10);
      for (const room of listed) expect(room.metadata.listeners).toBeGreaterThanOrEqual(room.metadata.djcount);
    });

    test('some stages are full, so DJsNeeded is not every room', async () => {
      const listed = await allListed();
      const full = listed.filter((room) => room.metadata.djcount === room.metadata.max_djs);
      expect(full.length).toBeGreaterThanOrEqual(1);
      const needed = (await t.ok('room.directory_rooms', { constraints: 'DJsNeeded', limit: 100 })).rooms;
      expect(needed.length).toBe(listed.length - full.length);
      expect(needed.map((room) => room.roomid)).not.toContain(full[0]!.roomid);
    });

    test("ada@example.com's friends panel is not empty, and she has favorites", async () => {
      const ada = await t.ok('user.email_login', { email: 'ada@example.com', password: DEMO_PASSWORD });
      const graph = (await t.ok('room.directory_graph', {}, ada)).rooms;
      expect(graph.length).toBeGreaterThan(0);
      for (const [, buddies] of graph) expect(buddies.length).toBeGreaterThan(0);
      const favorites = (await t.ok('room.directory_rooms', { constraints: 'favorites' }, ada)).rooms;
      expect(favorites.length).toBeGreaterThan(0);
      // Her buddies show on the lobby's tiles too.
      const tiles = (await t.ok('room.directory_rooms', { limit: 100 }, ada)).rooms;
      expect(tiles.some((room) => room.friends.length > 0)).toBe(true);
    });

    test('one headband and some news', async () => {
      const { headbands } = await t.ok('headband.get_headbands', {});
      expect(headbands).toHaveLength(1);
      expect(headbands[0]!.content.length).toBeGreaterThan(0);
      const news = await t.ok('newsbox.get_news', {});
      expect(news.content.trim().length).toBeGreaterThan(0);
      expect(news.updated).toEqual(expect.any(Number));
    });
  });

  test('is idempotent: a second start, even one that asks for the demo, adds nothing', async () => {
    const before = await userCount(t);
    await seed(t);
    await seed(t, withSeedDemo(t, true));
    expect(await userCount(t)).toBe(before);
    expect(await memberCount(t)).toBe(SEEDED_MEMBERS);
  });
});

describe('with human verification configured', () => {
  test('the seed still makes the demo community: it is no sign-up to verify', async () => {
    // Nothing listens at this address: a seed that asked the provider would fail.
    const t = await startTestApp({
      captcha: { provider: 'turnstile', siteKey: 'site', secret: 'secret', verifyUrl: 'http://127.0.0.1:9/siteverify' },
    });
    try {
      await seed(t);
      expect(await memberCount(t)).toBe(SEEDED_MEMBERS);
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe('SEED_DEMO=0', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seedDemo: false });
  });
  afterAll(() => t.close());

  test('does nothing, even on an empty database', async () => {
    await seed(t);
    expect(await userCount(t)).toBe(0);
    expect(
      failureOf(await t.call('user.email_login', { email: 'ada@example.com', password: 'platter-demo' })).errcode,
    ).toBe('invalid');
  });
});

describe('a database already in use', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await aGuest(t);
  });
  afterAll(() => t.close());

  test('is not seeded when SEED_DEMO is unset', async () => {
    await seed(t);
    expect(await userCount(t)).toBe(1);
  });

  test('is seeded when SEED_DEMO=1, once', async () => {
    await seed(t, withSeedDemo(t, true));
    const after = await userCount(t);
    expect(await memberCount(t)).toBe(SEEDED_MEMBERS);
    await seed(t, withSeedDemo(t, true));
    expect(await userCount(t)).toBe(after);
    expect((await t.ok('user.email_login', { email: 'ADA@example.com', password: DEMO_PASSWORD })).userid).toBeTruthy();
    // Seeding the whole lobby and its music inside a test, on a busy machine.
  }, 60_000);
});
