/**
 * room.search (spec §2 search mode, §7): rooms whose name, current artist or
 * current song title holds the query, case-insensitively on either database;
 * the query's `%`, `_` and `\` are plain characters; a blank query is the
 * plain list; hottest first, paged like the directory.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ROOM_SEARCH_MAX, room as listedRoom, type Credentials, type DirectoryRoom } from '@platter/contract';
import { becomeFanOf } from '../src/features/fans/store';
import { enterRoom } from '../src/features/rooms/membership';
import { playSong } from '../src/features/rooms/now-playing';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest, aMember, aRoom, type Member, type TestRoom } from './support/factories';
import { failureOf } from './support/envelopes';

let clock = Date.parse('2030-04-01T09:00:00Z');
let t: TestApp;
const rooms = new Map<string, TestRoom>();
let viewer: Member;
let jazzDj: Member;

const PAGING_ROOMS = 23;

beforeAll(async () => {
  t = await startTestApp({}, () => clock);
  const owner = await aMember(t);
  const make = async (room_name: string, extra: { privacy?: 'unlisted' } = {}) => {
    clock += 1000;
    rooms.set(room_name, await aRoom(t, owner, { room_name, ...extra }));
  };
  const play = (room: string, artist: string, title: string) =>
    playSong(t.app.services, rooms.get(room)!.roomid, { artist, title, coverart: `/media/covers/${title}.svg` });

  for (const name of [
    'Jazz Cellar',
    'Late Night JAZZ',
    'Blue Monday Lounge',
    '100% Vinyl',
    'Under_score Club',
    'Underscore Free',
    'Percent Free',
    'AC\\DC Tribute',
    'Über Techno',
    'Quiet Corner',
    'Formerly Famous',
  ]) {
    await make(name);
  }
  await make('Jazz Secret', { privacy: 'unlisted' });
  for (let i = 0; i < PAGING_ROOMS; i++) await make(`Paging Room ${i}`);

  await play('Jazz Cellar', 'Velvet Static', 'Blue in Neon');
  await play('Quiet Corner', 'Half_Price', 'Loud and Proud');
  await play('Percent Free', 'The Copper Kites', 'Neon 50% Off');
  await play('Jazz Secret', 'Hidden Artist', 'Hidden Song');
  // A song that played and stopped: the room no longer matches it.
  await play('Formerly Famous', 'Gone Band', 'Gone Song');
  await playSong(t.app.services, rooms.get('Formerly Famous')!.roomid, null);

  viewer = await aMember(t);
  jazzDj = await aMember(t, { name: 'Jazz Hands' });
  await becomeFanOf(t.app.services, viewer.userid, jazzDj.userid);
  await enterRoom(t.app.services, jazzDj.userid, rooms.get('Jazz Cellar')!.roomid, { asDj: true });
  await enterRoom(t.app.services, viewer.userid, rooms.get('Late Night JAZZ')!.roomid);
  // Liveliness differs across the paging rooms, so that "hottest first" is a real order.
  for (let i = 0; i < PAGING_ROOMS; i += 3) {
    for (let n = 0; n <= i % 4; n++) {
      await enterRoom(t.app.services, (await aGuest(t)).userid, rooms.get(`Paging Room ${i}`)!.roomid);
    }
  }
});
afterAll(() => t.close());

const nameOf = (room: { roomid: string }) =>
  [...rooms.entries()].find(([, each]) => each.roomid === room.roomid)?.[0] ?? room.roomid;

async function search(query: string, params: Record<string, unknown> = {}, as?: Credentials): Promise<DirectoryRoom[]> {
  return (await t.ok('room.search', { query, limit: 100, ...params }, as)).rooms;
}
const found = async (query: string) => (await search(query)).map(nameOf).sort();

describe('matching', () => {
  test('by room name, case-insensitively', async () => {
    expect(await found('jazz')).toEqual(['Jazz Cellar', 'Late Night JAZZ']);
    expect(await found('JAZZ')).toEqual(['Jazz Cellar', 'Late Night JAZZ']);
    expect(await found('jAzZ cElLaR')).toEqual(['Jazz Cellar']);
    expect(await found('cellar')).toEqual(['Jazz Cellar']);
  });

  test('by the current artist', async () => {
    expect(await found('velvet static')).toEqual(['Jazz Cellar']);
    expect(await found('COPPER')).toEqual(['Percent Free']);
  });

  test('by the current song title, alongside names that match', async () => {
    expect(await found('neon')).toEqual(['Jazz Cellar', 'Percent Free']);
    expect(await found('BLUE')).toEqual(['Blue Monday Lounge', 'Jazz Cellar']);
  });

  test('beyond ASCII, on either database', async () => {
    expect(await found('über')).toEqual(['Über Techno']);
    expect(await found('ÜBER TECHNO')).toEqual(['Über Techno']);
  });

  test('names and songs in any script read back as written, though the page is sent in ASCII', async () => {
    await playSong(t.app.services, rooms.get('Über Techno')!.roomid, {
      artist: '坂本龍一',
      title: 'Merry Christmas ☃ 🎄 "Mr. Lawrence"',
      coverart: null,
    });
    const response = await fetch(`${t.baseUrl}/api/room.search?client=web&query=${encodeURIComponent('über')}`);
    const text = await response.text();
    // Prepared pages escape what is not ASCII (\u00dc…): Node then sends them without a UTF-8 pass.
    expect(text).toMatch(/^[\x20-\x7e]*$/);
    const [
      ok,
      {
        rooms: [tile],
      },
    ] = JSON.parse(text) as [boolean, { rooms: DirectoryRoom[] }];
    expect(ok).toBe(true);
    expect(tile!.name).toBe('Über Techno');
    expect(tile!.metadata.current_song).toMatchObject({
      artist: '坂本龍一',
      song: 'Merry Christmas ☃ 🎄 "Mr. Lawrence"',
    });
    expect(await found('龍一')).toEqual(['Über Techno']);
    await playSong(t.app.services, rooms.get('Über Techno')!.roomid, null);
  });

  test('not by a song that has stopped playing', async () => {
    expect(await found('gone')).toEqual([]);
    expect(await found('formerly')).toEqual(['Formerly Famous']);
  });

  test('surrounding spaces are ignored', async () => {
    expect(await found('  jazz cellar  ')).toEqual(['Jazz Cellar']);
  });

  test('a tile is the room as room.info shows it', async () => {
    const [tile] = await search('velvet');
    const { room } = await t.ok('room.info', { roomid: rooms.get('Jazz Cellar')!.roomid });
    const { friends: _friends, current: _current, ...shown } = tile!;
    expect(shown).toEqual(listedRoom.parse(room));
    expect(room.metadata.current_song).toEqual({
      artist: 'Velvet Static',
      song: 'Blue in Neon',
      coverart: '/media/covers/Blue in Neon.svg',
      played: expect.any(Number) as number,
    });
  });
});

describe('wildcards are plain characters', () => {
  test("'%' matches only a '%'", async () => {
    expect(await found('%')).toEqual(['100% Vinyl', 'Percent Free']);
    expect(await found('0%')).toEqual(['100% Vinyl', 'Percent Free']);
    expect(await found('%vinyl')).toEqual([]);
  });

  test("'_' matches only a '_'", async () => {
    expect(await found('_')).toEqual(['Quiet Corner', 'Under_score Club']);
    expect(await found('under_score')).toEqual(['Under_score Club']);
    expect(await found('half_')).toEqual(['Quiet Corner']);
  });

  test("'\\' matches only a '\\'", async () => {
    expect(await found('\\')).toEqual(['AC\\DC Tribute']);
    expect(await found('ac\\dc')).toEqual(['AC\\DC Tribute']);
    expect(await found('\\%')).toEqual([]);
  });
});

describe('unlisted rooms', () => {
  test('are never found, by name, artist or song', async () => {
    for (const query of ['Jazz Secret', 'secret', 'Hidden Artist', 'hidden song']) {
      expect(await found(query), query).toEqual([]);
    }
    expect(await found('jazz')).not.toContain('Jazz Secret');
  });
});

describe('nothing to search for', () => {
  test('a query of only spaces, or none, is the plain list', async () => {
    const plain = (await t.ok('room.directory_rooms', {})).rooms.map((room) => room.roomid);
    expect(plain).toHaveLength(20);
    for (const query of ['   ', '', '\t']) {
      expect(
        (await t.ok('room.search', { query })).rooms.map((room) => room.roomid),
        JSON.stringify(query),
      ).toEqual(plain);
    }
    expect((await t.ok('room.search', {})).rooms.map((room) => room.roomid)).toEqual(plain);
    const second = (await t.ok('room.directory_rooms', { skip: 20 })).rooms.map((room) => room.roomid);
    expect((await t.ok('room.search', { query: ' ', skip: 20 })).rooms.map((room) => room.roomid)).toEqual(second);
  });

  test('no match is an empty list', async () => {
    expect(await t.ok('room.search', { query: 'no such room anywhere' })).toEqual({ rooms: [] });
  });
});

describe('paging', () => {
  test('hottest first, 20 to a page by default', async () => {
    const first = (await t.ok('room.search', { query: 'paging room' })).rooms;
    expect(first).toHaveLength(20);
    const all = await search('paging room');
    expect(all).toHaveLength(PAGING_ROOMS);
    expect(first.map((room) => room.roomid)).toEqual(all.slice(0, 20).map((room) => room.roomid));

    const rows = await t.app.services.db.selectFrom('rooms').select(['id', 'hotness']).execute();
    const hotness = new Map(rows.map((row) => [row.id, row.hotness]));
    const scores = all.map((room) => hotness.get(room.roomid)!);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // The busiest paging rooms lead.
    expect(all[0]!.metadata.listeners).toBe(Math.max(...all.map((room) => room.metadata.listeners)));
    expect(all[0]!.metadata.listeners).toBeGreaterThan(0);
  });

  test('pages have no duplicates and no gaps', async () => {
    const whole = (await search('paging')).map((room) => room.roomid);
    const paged: string[] = [];
    for (let skip = 0; skip < PAGING_ROOMS + 5; skip += 5) {
      const page = await search('paging', { limit: 5, skip });
      expect(page.length).toBeLessThanOrEqual(5);
      paged.push(...page.map((room) => room.roomid));
    }
    expect(paged).toEqual(whole);
    expect(new Set(paged).size).toBe(PAGING_ROOMS);
  });

  test('limit and skip are checked as for the directory', async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ limit: 0 }, "The field 'limit' must be at least 1."],
      [{ limit: 101 }, "The field 'limit' must be at most 100."],
      [{ skip: -1 }, "The field 'skip' must be at least 0."],
    ];
    for (const [params, err] of refusals) {
      expect(failureOf(await t.call('room.search', { query: 'jazz', ...params }))).toEqual({ err, errcode: 'invalid' });
    }
  });
});

describe('tiles', () => {
  test("carry the caller's buddies and current room; an anonymous caller's carry none", async () => {
    const mine = await search('jazz', {}, viewer);
    const cellar = mine.find((room) => nameOf(room) === 'Jazz Cellar')!;
    expect(cellar.friends).toEqual([
      {
        name: 'Jazz Hands',
        userid: jazzDj.userid,
        type: 'fanned',
        icon: '/roommanager_assets/avatars/8/headfront.png',
        subscription_level: 0,
      },
    ]);
    expect(cellar.current).toBe(false);
    expect(mine.find((room) => nameOf(room) === 'Late Night JAZZ')!.current).toBe(true);

    const anyone = await search('jazz');
    expect(anyone.flatMap((room) => room.friends)).toEqual([]);
    expect(anyone.filter((room) => room.current)).toEqual([]);
  });
});

describe('validation', () => {
  test(`a query longer than ${ROOM_SEARCH_MAX} characters is refused`, async () => {
    expect((await t.ok('room.search', { query: 'x'.repeat(ROOM_SEARCH_MAX) })).rooms).toEqual([]);
    const failure = failureOf(await t.call('room.search', { query: 'x'.repeat(ROOM_SEARCH_MAX + 1) }));
    expect(failure).toEqual({ err: "The field 'query' is too long (at most 100).", errcode: 'invalid' });
  });
});
