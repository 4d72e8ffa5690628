/**
 * room.directory_rooms (spec §2 Room list behaviour, §7): every view and sort
 * on a lobby whose rooms differ in listeners, DJs' points, liveliness and
 * age, so that each order is visible; paging, the random seed, featured
 * rooms first, unlisted rooms never, and each tile's friends and "current".
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  room as listedRoom,
  ROOM_PAGE_SIZE,
  roomMessages,
  roomSorts,
  roomViews,
  type Credentials,
  type DirectoryRoom,
  type RoomSort,
  type RoomView,
} from '@platter/contract';
import type { RoomRow } from '../src/db/schema';
import { updateUser } from '../src/features/accounts/store';
import { becomeFanOf } from '../src/features/fans/store';
import { createRoom } from '../src/features/rooms/create-room';
import { enterRoom } from '../src/features/rooms/membership';
import { playSong } from '../src/features/rooms/now-playing';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest, aMember, aRoom, aSocialFriendship, withPoints, type Member, type TestRoom } from './support/factories';
import { failureOf } from './support/envelopes';

const T0 = Date.parse('2030-03-01T12:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let clock = T0;

let t: TestApp;
/** r[0] … r[23]: public rooms made a minute apart, r[23] the newest. */
const r: TestRoom[] = [];
let featuredOld: TestRoom;
let featuredNew: TestRoom;
let hidden: TestRoom;
/** The caller whose tiles carry friends: a fan of `fannedDj`, a social friend of `yara` and of `zed`. */
let viewer: Member;
let fannedDj: Member;
let yara: Member;
let zed: Member;
let hiddenBuddy: Member;
let roamingGuest: Credentials;
let names: Map<string, string>;

const enter = (who: Credentials, room: TestRoom, asDj = false) =>
  enterRoom(t.app.services, who.userid, room.roomid, { asDj });
const aDj = async (points: number) => withPoints(t, await aMember(t), points);
async function fill(room: TestRoom, listeners: number): Promise<void> {
  for (let n = 0; n < listeners; n++) await enter(await aGuest(t), room);
}

beforeAll(async () => {
  t = await startTestApp({}, () => clock);
  const owner = await aMember(t);

  // Two featured rooms, old and empty: only section_aware brings them forward.
  const featured = async (name: string) => {
    const made = await createRoom(t.app.services, owner.userid, {
      room_name: name,
      max_djs: 5,
      djthreshold: 0,
      featured: true,
    });
    return { ...made, name };
  };
  clock = T0 - 2 * 24 * HOUR;
  featuredOld = await featured('Featured Old');
  clock = T0 - 24 * HOUR;
  featuredNew = await featured('Featured New');

  for (let i = 0; i < 24; i++) {
    clock = T0 + i * MINUTE;
    const maxDjs = i === 1 ? 1 : i === 8 ? 2 : 5;
    r.push(await aRoom(t, owner, { room_name: `Lobby Room ${String(i).padStart(2, '0')}`, max_djs: maxDjs }));
  }
  // Newer than every public room, the liveliest and with the best DJ: it would lead every sort if it were listed.
  clock = T0 + 30 * MINUTE;
  hidden = await aRoom(t, owner, { room_name: 'Secret Hideout', privacy: 'unlisted' });

  viewer = await aMember(t, { name: 'Vera Viewer' });
  fannedDj = await aMember(t, { name: 'Bea Fanned' });
  yara = await aMember(t, { name: 'Yara Friend' });
  zed = await aMember(t, { name: 'Zed Both' });
  hiddenBuddy = await aMember(t, { name: 'Hal Hidden' });
  await withPoints(t, fannedDj, 100);
  await updateUser(t.app.services.db, fannedDj.userid, { avatarId: 4 });
  await becomeFanOf(t.app.services, viewer.userid, fannedDj.userid);
  await becomeFanOf(t.app.services, viewer.userid, zed.userid);
  await becomeFanOf(t.app.services, viewer.userid, hiddenBuddy.userid);
  await aSocialFriendship(t, viewer, yara, 'facebook');
  await aSocialFriendship(t, viewer, zed, 'twitter');

  // Everyone arrives at one moment, an hour later: liveliness alone orders the occupied rooms.
  clock = T0 + HOUR;
  // r17: one DJ with 5000 points.                      listeners 1, DJs 1, DJ points 5000, activity 3
  await enter(await aDj(5000), r[17]!, true);
  // r3: a fanned DJ (100 points) and three guests.     listeners 4, DJs 1, DJ points  100, activity 6
  await enter(fannedDj, r[3]!, true);
  await fill(r[3]!, 3);
  // r10: a DJ (10 points) and two social friends.      listeners 3, DJs 1, DJ points   10, activity 5
  await enter(await aDj(10), r[10]!, true);
  await enter(zed, r[10]!);
  await enter(yara, r[10]!);
  // r8 (max 2 DJs): a full stage and one guest.         listeners 3, DJs 2, DJ points    3, activity 7
  await enter(await aDj(1), r[8]!, true);
  await enter(await aDj(2), r[8]!, true);
  await fill(r[8]!, 1);
  // r1 (max 1 DJ): a full stage and one guest.          listeners 2, DJs 1, DJ points   50, activity 4
  await enter(await aDj(50), r[1]!, true);
  await fill(r[1]!, 1);
  // r5: the viewer and a guest.                         listeners 2,                         activity 2
  await enter(viewer, r[5]!);
  await fill(r[5]!, 1);
  // r20: a guest who moves here from r0, and another.   listeners 2,                         activity 2
  roamingGuest = await aGuest(t);
  await enter(roamingGuest, r[0]!);
  await enter(roamingGuest, r[20]!);
  await fill(r[20]!, 1);
  // The unlisted room: the best DJ, a buddy of the viewer, a crowd, a song.
  await enter(await aDj(99_999), hidden, true);
  await enter(hiddenBuddy, hidden);
  await fill(hidden, 6);
  await playSong(t.app.services, hidden.roomid, {
    artist: 'Lobby Room Band',
    title: 'Lobby Room Song',
    coverart: null,
  });

  // The viewer's favorites, the hidden room among them.
  for (const room of [r[3]!, r[5]!, r[23]!, r[8]!, hidden]) await t.ok('room.add_favorite', room, viewer);

  names = new Map([...r, featuredOld, featuredNew, hidden].map((room) => [room.roomid, room.name]));
});
afterAll(() => t.close());

const label = (i: number) => `Lobby Room ${String(i).padStart(2, '0')}`;
const labels = (...indexes: number[]) => indexes.map(label);
const nameOf = (room: { roomid: string }) => names.get(room.roomid) ?? room.roomid;

async function list(params: Record<string, unknown>, as?: Credentials): Promise<DirectoryRoom[]> {
  return (await t.ok('room.directory_rooms', { limit: 100, ...params }, as)).rooms;
}
async function listNames(params: Record<string, unknown>, as?: Credentials): Promise<string[]> {
  return (await list(params, as)).map(nameOf);
}

async function roomRows(): Promise<Map<string, RoomRow>> {
  const rows = await t.app.services.db.selectFrom('rooms').selectAll().execute();
  return new Map(rows.map((row) => [row.id, row]));
}

const SORT_KEY: Record<Exclude<RoomSort, 'random'>, (row: RoomRow) => number> = {
  hotness: (row) => row.hotness,
  listeners: (row) => row.listeners,
  bestDJs: (row) => row.djPoints,
  created: (row) => row.createdAt,
};

interface SortOptions {
  sectionAware?: boolean;
  seed?: number;
}

/** How a sort string orders two rooms, from their stored values: each sort breaks the ties of the one before. */
function compareBySorts(sorts: readonly RoomSort[], { sectionAware = false, seed = 0 }: SortOptions = {}) {
  return (a: RoomRow, b: RoomRow): number => {
    if (sectionAware && a.featured !== b.featured) return b.featured - a.featured;
    for (const sort of sorts) {
      if (sort === 'random') {
        const lap = (row: RoomRow) => (row.shuffleKey >= seed ? 0 : 1);
        if (lap(a) !== lap(b)) return lap(a) - lap(b);
        if (a.shuffleKey !== b.shuffleKey) return a.shuffleKey - b.shuffleKey;
      } else {
        const difference = SORT_KEY[sort](b) - SORT_KEY[sort](a);
        if (difference !== 0) return difference;
      }
    }
    return 0;
  };
}

/**
 * Asserts that `actual` holds exactly `rows` in the order the sorts promise.
 * Rooms the sorts cannot tell apart may come in either id order, but in the
 * same direction throughout, so that pages of one order always agree.
 */
function expectPromisedOrder(
  actual: readonly string[],
  rows: readonly RoomRow[],
  sorts: readonly RoomSort[],
  options: SortOptions = {},
): void {
  const byId = new Map(rows.map((row) => [row.id, row]));
  expect([...actual].sort()).toEqual([...byId.keys()].sort());
  const compare = compareBySorts(sorts, options);
  const tieDirections = new Set<number>();
  for (let i = 1; i < actual.length; i++) {
    const [a, b] = [byId.get(actual[i - 1]!)!, byId.get(actual[i]!)!];
    const order = compare(a, b);
    expect(order, `${names.get(a.id)} before ${names.get(b.id)} (${sorts.join(',')})`).toBeLessThanOrEqual(0);
    if (order === 0) tieDirections.add(a.id < b.id ? 1 : -1);
  }
  expect(tieDirections.size, 'ties are broken by id in one direction').toBeLessThanOrEqual(1);
}

function inView(rows: Map<string, RoomRow>, view: RoomView, favorites: readonly string[] = []): RoomRow[] {
  return [...rows.values()].filter(
    (row) =>
      row.privacy === 'public' &&
      (view !== 'DJsNeeded' || row.djcount < row.maxDjs) &&
      (view !== 'favorites' || favorites.includes(row.id)),
  );
}

const ids = (rooms: readonly { roomid: string }[]) => rooms.map((room) => room.roomid);
const PUBLIC_ROOMS = 26;

describe('the set-up', () => {
  test('rooms hold the listeners, DJs and DJ points the sorts will order by', async () => {
    const rows = await roomRows();
    const row = (room: TestRoom) => rows.get(room.roomid)!;
    const counts = (room: TestRoom) => [row(room).listeners, row(room).djcount, row(room).djPoints];
    expect(counts(r[17]!)).toEqual([1, 1, 5000]);
    expect(counts(r[3]!)).toEqual([4, 1, 100]);
    expect(counts(r[10]!)).toEqual([3, 1, 10]);
    expect(counts(r[8]!)).toEqual([3, 2, 3]);
    expect(counts(r[1]!)).toEqual([2, 1, 50]);
    expect(counts(r[5]!)).toEqual([2, 0, 0]);
    expect(counts(r[20]!)).toEqual([2, 0, 0]);
    expect(counts(r[0]!)).toEqual([0, 0, 0]);
    expect(counts(hidden)).toEqual([8, 1, 99_999]);
  });
});

describe('allRooms', () => {
  test('hotness (the default): liveliest first, then empty rooms by when they were last lively', async () => {
    const order = await listNames({});
    expect(order).toEqual(await listNames({ sort: 'hotness', constraints: 'allRooms' }));
    expect(order.slice(0, 5)).toEqual(labels(8, 3, 10, 1, 17));
    // Equally lively at the same moment: a tie, which the room id breaks.
    expect(new Set(order.slice(5, 7))).toEqual(new Set(labels(5, 20)));
    // r0 was lively an hour ago, when a guest passed through: it keeps that moment's score.
    expect(order.slice(7)).toEqual([
      ...labels(0, 23, 22, 21, 19, 18, 16, 15, 14, 13, 12, 11, 9, 7, 6, 4, 2),
      'Featured New',
      'Featured Old',
    ]);
  });

  test('listeners: most listeners first', async () => {
    const order = await listNames({ sort: 'listeners' });
    expect(order[0]).toBe(label(3));
    expect(new Set(order.slice(1, 3))).toEqual(new Set(labels(10, 8)));
    expect(new Set(order.slice(3, 6))).toEqual(new Set(labels(1, 5, 20)));
    expect(order[6]).toBe(label(17));
    expect(order).toHaveLength(PUBLIC_ROOMS);
  });

  test('created (Recent): newest first', async () => {
    expect(await listNames({ sort: 'created' })).toEqual([
      ...Array.from({ length: 24 }, (_, i) => label(23 - i)),
      'Featured New',
      'Featured Old',
    ]);
  });

  test("bestDJs: the most points on stage first; a listener's points do not count", async () => {
    const order = await listNames({ sort: 'bestDJs' });
    expect(order.slice(0, 5)).toEqual(labels(17, 3, 1, 10, 8));
  });

  test('a combined sort breaks the ties of the first with the second', async () => {
    expect(await listNames({ sort: 'listeners,created' })).toEqual([
      ...labels(3, 10, 8, 20, 5, 1, 17, 23, 22, 21, 19, 18, 16, 15, 14, 13, 12, 11, 9, 7, 6, 4, 2, 0),
      'Featured New',
      'Featured Old',
    ]);
    expect(await listNames({ sort: 'bestDJs, created' })).toEqual([
      ...labels(17, 3, 1, 10, 8, 23, 22, 21, 20, 19, 18, 16, 15, 14, 13, 12, 11, 9, 7, 6, 5, 4, 2, 0),
      'Featured New',
      'Featured Old',
    ]);
    const hotThenNew = await listNames({ sort: 'hotness,created' });
    expect(hotThenNew.slice(0, 7)).toEqual(labels(8, 3, 10, 1, 17, 20, 5));
  });

  test('an empty sort is the default', async () => {
    expect(await listNames({ sort: '' })).toEqual(await listNames({ sort: 'hotness' }));
  });

  test('the sorts really differ on this lobby', async () => {
    const orders = await Promise.all(
      ['hotness', 'listeners,created', 'created', 'bestDJs,created'].map((sort) => listNames({ sort })),
    );
    expect(new Set(orders.map((order) => order.join('|'))).size).toBe(orders.length);
  });
});

describe('every view × sort', () => {
  const combos = roomViews.flatMap((view) =>
    [...roomSorts, 'listeners,created', 'hotness,bestDJs', 'created,listeners,hotness,bestDJs'].map(
      (sort) => [view, sort] as const,
    ),
  );

  test.each(combos)('%s sorted by %s: exactly the promised rooms, in the promised order', async (view, sort) => {
    const favorites = (await t.ok('room.get_favorites', {}, viewer)).roomids;
    const rows = await roomRows();
    const sorts = sort.split(',') as RoomSort[];
    const rooms = await list({ constraints: view, sort }, viewer);
    expectPromisedOrder(ids(rooms), inView(rows, view, favorites), sorts);
    expect(ids(rooms)).not.toContain(hidden.roomid);
  });

  test.each(roomViews)('%s with section_aware: featured rooms first, then the sort', async (view) => {
    const favorites = (await t.ok('room.get_favorites', {}, viewer)).roomids;
    const rows = await roomRows();
    for (const sort of ['hotness', 'listeners', 'created', 'bestDJs', 'random', 'listeners,created']) {
      const rooms = await list({ constraints: view, sort, section_aware: true }, viewer);
      expectPromisedOrder(ids(rooms), inView(rows, view, favorites), sort.split(',') as RoomSort[], {
        sectionAware: true,
      });
    }
  });
});

describe('DJsNeeded', () => {
  test('only rooms with a free spot on stage', async () => {
    const rooms = await list({ constraints: 'DJsNeeded' });
    expect(rooms).toHaveLength(PUBLIC_ROOMS - 2);
    for (const room of rooms) expect(room.metadata.djcount).toBeLessThan(room.metadata.max_djs);
    expect(rooms.map(nameOf)).not.toContain(label(8));
    expect(rooms.map(nameOf)).not.toContain(label(1));
    expect(rooms.map(nameOf).slice(0, 3)).toEqual(labels(3, 10, 17));
  });

  test('random: the rooms with free spots, each once', async () => {
    const rooms = await list({ constraints: 'DJsNeeded', sort: 'random', seed: '0.5' });
    expect(new Set(ids(rooms))).toEqual(new Set(ids(await list({ constraints: 'DJsNeeded' }))));
    expect(rooms).toHaveLength(PUBLIC_ROOMS - 2);
  });
});

describe('favorites', () => {
  test("only the caller's favorites, in the sort's order; unlisted ones never", async () => {
    expect(await listNames({ constraints: 'favorites' }, viewer)).toEqual(labels(8, 3, 5, 23));
    expect(await listNames({ constraints: 'favorites', sort: 'listeners' }, viewer)).toEqual(labels(3, 8, 5, 23));
  });

  test("someone else's favorites are their own", async () => {
    const other = await aMember(t);
    expect(await list({ constraints: 'favorites' }, other)).toEqual([]);
    await t.ok('room.add_favorite', { roomid: r[0]!.roomid }, other);
    expect(await listNames({ constraints: 'favorites' }, other)).toEqual([label(0)]);
    expect(await listNames({ constraints: 'favorites' }, viewer)).toEqual(labels(8, 3, 5, 23));
  });

  test('guests and anonymous callers get members_only', async () => {
    const guest = await aGuest(t);
    expect(failureOf(await t.call('room.directory_rooms', { constraints: 'favorites' }, guest))).toEqual({
      err: 'Please sign up or log in to do that.',
      errcode: 'members_only',
    });
    expect(failureOf(await t.call('room.directory_rooms', { constraints: 'favorites' })).errcode).toBe('members_only');
  });
});

describe('paging', () => {
  test(`the default page is ${ROOM_PAGE_SIZE} rooms`, async () => {
    expect(ROOM_PAGE_SIZE).toBe(20);
    const { rooms } = await t.ok('room.directory_rooms', {});
    expect(rooms).toHaveLength(20);
    expect(ids(rooms)).toEqual(ids(await list({})).slice(0, 20));
    const { rooms: rest } = await t.ok('room.directory_rooms', { skip: 20 });
    expect(ids(rest)).toEqual(ids(await list({})).slice(20));
  });

  test.each(['hotness', 'listeners', 'bestDJs', 'created', 'listeners,created'])(
    'pages sorted by %s have no duplicates and no gaps',
    async (sort) => {
      const whole = ids(await list({ sort }));
      const paged: string[] = [];
      for (let skip = 0; skip < whole.length + 7; skip += 7) {
        const page = ids(await list({ sort, limit: 7, skip }));
        expect(page.length).toBeLessThanOrEqual(7);
        paged.push(...page);
      }
      expect(paged).toEqual(whole);
      expect(new Set(paged).size).toBe(PUBLIC_ROOMS);
    },
  );

  test('section_aware pages continue where the last one stopped', async () => {
    const pages = [];
    for (let skip = 0; skip < 4; skip++) pages.push(...(await list({ section_aware: 'true', limit: 1, skip })));
    expect(pages.map(nameOf)).toEqual(['Featured New', 'Featured Old', label(8), label(3)]);
    expect(ids(pages)).toEqual(ids(await list({ section_aware: 'true' })).slice(0, 4));
  });

  test('past the end is an empty page', async () => {
    expect(await list({ skip: PUBLIC_ROOMS })).toEqual([]);
    expect(await list({ skip: 1000 })).toEqual([]);
  });

  test('limit and skip as numbers in a query string', async () => {
    const page = await t.ok('room.directory_rooms', { limit: '3', skip: '2' });
    expect(ids(page.rooms)).toEqual(ids(await list({})).slice(2, 5));
  });
});

describe('random', () => {
  async function seeds(): Promise<[number, number]> {
    // Seeds between stored keys, so that the two orders must start at different rooms.
    const keys = [...(await roomRows()).values()]
      .filter((row) => row.privacy === 'public')
      .map((row) => row.shuffleKey)
      .sort((a, b) => a - b);
    return [keys[0]!, keys[13]!];
  }

  test('the pages of one seed agree and cover every listed room exactly once', async () => {
    const [, seed] = await seeds();
    const whole = ids(await list({ sort: 'random', seed: String(seed) }));
    const paged: string[] = [];
    for (let skip = 0; skip < PUBLIC_ROOMS; skip += 5) {
      paged.push(...ids(await list({ sort: 'random', seed: String(seed), limit: 5, skip })));
    }
    expect(paged).toEqual(whole);
    expect(paged).toHaveLength(PUBLIC_ROOMS);
    expect(new Set(paged)).toEqual(new Set(ids(await list({}))));
    // Asking again gives the same order.
    expect(ids(await list({ sort: 'random', seed: String(seed) }))).toEqual(whole);
  });

  test('different seeds give different orders of the same rooms', async () => {
    const [first, middle] = await seeds();
    const a = ids(await list({ sort: 'random', seed: String(first) }));
    const b = ids(await list({ sort: 'random', seed: String(middle) }));
    expect(a).not.toEqual(b);
    expect(new Set(a)).toEqual(new Set(b));
    const rows = await roomRows();
    expectPromisedOrder(a, inView(rows, 'allRooms'), ['random'], { seed: first });
    expectPromisedOrder(b, inView(rows, 'allRooms'), ['random'], { seed: middle });
    // Each starts at its seed: the room whose key is the seed leads.
    expect(rows.get(a[0]!)!.shuffleKey).toBe(first);
    expect(rows.get(b[0]!)!.shuffleKey).toBe(middle);
  });

  test('a seed of 0, or none, starts at the lowest key', async () => {
    const none = ids(await list({ sort: 'random' }));
    expect(ids(await list({ sort: 'random', seed: '0' }))).toEqual(none);
    expectPromisedOrder(none, inView(await roomRows(), 'allRooms'), ['random']);
  });

  test('a seed outside [0, 1) is invalid', async () => {
    for (const seed of ['1.5', '-0.2', 'abc', '2']) {
      const failure = failureOf(await t.call('room.directory_rooms', { sort: 'random', seed }));
      expect(failure.errcode, seed).toBe('invalid');
      expect(failure.err, seed).toMatch(/seed/);
    }
  });
});

describe('featured rooms', () => {
  test('lead with section_aware; without it they sit where the sort puts them', async () => {
    const aware = await listNames({ section_aware: true });
    expect(aware.slice(0, 3)).toEqual(['Featured New', 'Featured Old', label(8)]);
    const byListeners = await listNames({ section_aware: '1', sort: 'listeners' });
    expect(new Set(byListeners.slice(0, 2))).toEqual(new Set(['Featured New', 'Featured Old']));
    expect(byListeners[2]).toBe(label(3));
    const plain = await listNames({ section_aware: 'false' });
    expect(plain.slice(-2)).toEqual(['Featured New', 'Featured Old']);
  });

  test('tiles say which rooms are featured', async () => {
    const rooms = await list({});
    const featured = rooms.filter((room) => room.metadata.featured).map(nameOf);
    expect(featured.sort()).toEqual(['Featured New', 'Featured Old']);
  });
});

describe('unlisted rooms', () => {
  test('never appear in any view, sort or search', async () => {
    for (const view of roomViews) {
      for (const sort of [...roomSorts, 'listeners,created']) {
        for (const section_aware of [true, false]) {
          const rooms = await list({ constraints: view, sort, section_aware }, viewer);
          expect(ids(rooms), `${view} ${sort}`).not.toContain(hidden.roomid);
        }
      }
    }
    for (const query of ['Secret Hideout', 'secret', 'Lobby Room Band', 'Lobby Room Song', 'Lobby Room']) {
      const { rooms } = await t.ok('room.search', { query, limit: 100 }, viewer);
      expect(ids(rooms), query).not.toContain(hidden.roomid);
    }
    expect((await t.ok('room.search', { query: 'secret' })).rooms).toEqual([]);
  });
});

describe('validation', () => {
  const invalid = async (params: Record<string, unknown>) => {
    const failure = failureOf(await t.call('room.directory_rooms', params));
    expect(failure.errcode).toBe('invalid');
    return failure.err;
  };

  test.each(['loudness', 'hotness,loudness', 'hotness,hotness', 'random,hotness', 'listeners,random', ',', 'HOTNESS'])(
    'the sort %j is refused with the sorts one may use',
    async (sort) => {
      expect(await invalid({ sort })).toBe(roomMessages.sortInvalid);
      expect(roomMessages.sortInvalid).toBe(
        'Sort by hotness, listeners, bestDJs, created, random, or several of them joined by commas.',
      );
    },
  );

  test('an unknown view is refused', async () => {
    expect(await invalid({ constraints: 'everything' })).toBe(
      "The field 'constraints' must be one of: allRooms, DJsNeeded, favorites.",
    );
  });

  test.each([
    [{ limit: 0 }, "The field 'limit' must be at least 1."],
    [{ limit: -1 }, "The field 'limit' must be at least 1."],
    [{ limit: 101 }, "The field 'limit' must be at most 100."],
    [{ limit: 'many' }, "The field 'limit' is not valid."],
    [{ limit: 2.5 }, "The field 'limit' is not valid."],
    [{ skip: -1 }, "The field 'skip' must be at least 0."],
    [{ skip: 'first' }, "The field 'skip' is not valid."],
  ])('%j is refused: %j', async (params, message) => {
    expect(await invalid(params)).toBe(message);
  });

  test('limits 1 and 100 are fine', async () => {
    expect(await list({ limit: 1 })).toHaveLength(1);
    expect(await list({ limit: 100 })).toHaveLength(PUBLIC_ROOMS);
  });
});

describe('tiles', () => {
  const tile = (rooms: DirectoryRoom[], room: TestRoom) => rooms.find((each) => each.roomid === room.roomid);

  test("carry the room as room.info shows it, with only the spec's Room fields", async () => {
    const rooms = await list({});
    const { room } = await t.ok('room.info', { roomid: r[3]!.roomid });
    const { friends: _friends, current: _current, ...shown } = tile(rooms, r[3]!)!;
    // The page's own fields (description, created, points to DJ) stay on the room's page.
    expect(shown).toEqual(listedRoom.parse(room));
    expect(Object.keys(shown).sort()).toEqual(['metadata', 'name', 'roomid', 'shortcut', 'theme']);
    expect(Object.keys(shown.metadata).sort()).toEqual(['current_song', 'djcount', 'featured', 'listeners', 'max_djs']);
    expect(room.metadata).toMatchObject({ listeners: 4, djcount: 1, max_djs: 5, featured: false });
  });

  test("carry the caller's buddies in each room: fanned people and social friends, a person who is both once", async () => {
    const rooms = await list({}, viewer);
    expect(tile(rooms, r[3]!)!.friends).toEqual([
      {
        name: 'Bea Fanned',
        userid: fannedDj.userid,
        type: 'fanned',
        icon: '/roommanager_assets/avatars/4/headfront.png',
        subscription_level: 0,
      },
    ]);
    expect(tile(rooms, r[10]!)!.friends).toEqual([
      {
        name: 'Yara Friend',
        userid: yara.userid,
        type: 'friends',
        icon: '/roommanager_assets/avatars/8/headfront.png',
        subscription_level: 0,
      },
      {
        name: 'Zed Both',
        userid: zed.userid,
        type: 'friends',
        icon: '/roommanager_assets/avatars/8/headfront.png',
        subscription_level: 0,
      },
    ]);
    for (const room of rooms) {
      if (room.roomid !== r[3]!.roomid && room.roomid !== r[10]!.roomid) expect(room.friends, nameOf(room)).toEqual([]);
    }
  });

  test('mark only the room the caller is in as current', async () => {
    const rooms = await list({}, viewer);
    expect(rooms.filter((room) => room.current).map(nameOf)).toEqual([label(5)]);
    const guestRooms = await list({}, roamingGuest);
    expect(guestRooms.filter((room) => room.current).map(nameOf)).toEqual([label(20)]);
  });

  test('carry the same friends and current mark in every view and sort', async () => {
    for (const view of roomViews) {
      for (const sort of ['hotness', 'random', 'created']) {
        const rooms = await list({ constraints: view, sort }, viewer);
        const r3 = tile(rooms, r[3]!);
        if (r3) expect(r3.friends.map((f) => f.name)).toEqual(['Bea Fanned']);
        const r10 = tile(rooms, r[10]!);
        if (r10) expect(r10.friends.map((f) => f.name)).toEqual(['Yara Friend', 'Zed Both']);
        const current = rooms.filter((room) => room.current).map(nameOf);
        expect(current).toEqual(rooms.some((room) => room.roomid === r[5]!.roomid) ? [label(5)] : []);
      }
    }
  });

  test('someone with no buddies sees no friends, and no current room when in none', async () => {
    const stranger = await aMember(t);
    const rooms = await list({}, stranger);
    expect(rooms.flatMap((room) => room.friends)).toEqual([]);
    expect(rooms.filter((room) => room.current)).toEqual([]);
  });

  test("one caller's friends and room never reach the next caller of the same page", async () => {
    // Within the second a page is cached, in both orders: the shared page, then the viewer's own, then shared again.
    const stranger = await aMember(t);
    const asked = [await list({}, stranger), await list({}, viewer), await list({}), await list({}, stranger)];
    const [strangerFirst, viewers, anonymous, strangerAfter] = asked;
    expect(viewers!.filter((room) => room.friends.length > 0 || room.current).length).toBeGreaterThan(0);
    for (const rooms of [strangerFirst!, anonymous!, strangerAfter!]) {
      expect(rooms.flatMap((room) => room.friends)).toEqual([]);
      expect(rooms.filter((room) => room.current)).toEqual([]);
    }
    // Apart from the caller's fields, everyone is shown the same tiles.
    const withoutCaller = (rooms: DirectoryRoom[]) => rooms.map(({ friends: _f, current: _c, ...room }) => room);
    expect(withoutCaller(viewers!)).toEqual(withoutCaller(anonymous!));
  });

  test('an anonymous caller gets tiles with no friends and no current room', async () => {
    const rooms = await list({});
    expect(rooms).toHaveLength(PUBLIC_ROOMS);
    expect(rooms.flatMap((room) => room.friends)).toEqual([]);
    expect(rooms.filter((room) => room.current)).toEqual([]);
  });

  test("stale credentials on this open call get an anonymous caller's tiles, never the member's buddies", async () => {
    const rooms = await list({}, { userid: viewer.userid, userauth: 'not-the-secret' });
    expect(rooms).toHaveLength(PUBLIC_ROOMS);
    expect(rooms.flatMap((room) => room.friends)).toEqual([]);
    expect(rooms.filter((room) => room.current)).toEqual([]);
  });
});
