/**
 * A big community for the benchmark: 10,000 rooms and 100,000 members, about
 * a third of them in rooms, written in batches (the demo seed goes through the
 * API's services one by one, which would take an hour at this size). Random,
 * but the same on every run, so runs compare.
 */
import type { Db } from '../packages/server/src/db/database';
import { hotness } from '../packages/server/src/features/rooms/hotness';

export const ROOMS = 10_000;
export const MEMBERS = 100_000;
const BATCH = 500;

/** mulberry32: a small seeded generator, so every run builds the same community. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  'Indie',
  'Jazz',
  'Synth',
  'Lo-fi',
  'Metal',
  'Soul',
  'Techno',
  'Folk',
  'Disco',
  'Funk',
  'Ambient',
  'Punk',
];
const PLACES = ['Lounge', 'Cellar', 'Club', 'Garage', 'Terrace', 'Basement', 'Loft', 'Café', 'Arena', 'Corner'];
const ARTISTS = ['The Midnight Owls', 'Velvet Static', 'Neon Harbor', 'Paper Satellites', 'Loma Verde'];
const TITLES = ['Blue in Neon', 'Slow Satellites', 'Paper Moons', 'Night Bus Home', 'Afterglow', 'Polaroid'];

async function inBatches<T>(rows: T[], write: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await write(rows.slice(i, i + BATCH));
}

const id = (prefix: string, n: number) => `${prefix}${n.toString(16).padStart(24 - prefix.length, '0')}`;

/** Whom the benchmark calls as: a member with friends in the first page's rooms, so their tiles are their own. */
export const BENCH_CALLER = id('b0', 42);
const CALLER_FOLLOWS = 3;

/** Only the member the benchmark calls as (for benchmarks that need no community around them). */
export async function seedBenchCaller(db: Db, now: number): Promise<void> {
  await db
    .insertInto('users')
    .values({ id: BENCH_CALLER, name: 'Bench Caller', nameLower: 'bench caller', points: 0, createdAt: now })
    .execute();
}

export async function seedBenchCommunity(db: Db, now: number): Promise<void> {
  const random = seededRandom(42);
  const randomInt = (below: number) => Math.floor(random() * below);
  const pick = <T>(list: readonly T[]) => list[randomInt(list.length)] as T;

  const users = Array.from({ length: MEMBERS }, (_, n) => ({
    id: id('b0', n),
    name: `Bench DJ ${n}`,
    nameLower: `bench dj ${n}`,
    points: randomInt(50_000),
    createdAt: now - randomInt(365 * 86_400_000),
  }));
  await inBatches(users, (batch) => db.insertInto('users').values(batch).execute());

  // Each member is a fan of one other: a sparse social graph.
  const fans = users.map((u, n) => ({ fanId: u.id, djId: id('b0', (n * 7919 + 1) % MEMBERS), createdAt: now }));

  // A third of the members are in rooms: a few big rooms, a long tail of small ones.
  const members: { userId: string; roomId: string; isDj: number; joinedAt: number }[] = [];
  const counts = new Map<number, { listeners: number; djcount: number; djPoints: number }>();
  for (let n = 0; n < MEMBERS / 3; n++) {
    const room = Math.floor(ROOMS * random() ** 3);
    const count = counts.get(room) ?? { listeners: 0, djcount: 0, djPoints: 0 };
    const isDj = count.djcount < 5 && random() < 0.3 ? 1 : 0;
    count.listeners++;
    count.djcount += isDj;
    count.djPoints += isDj ? (users[n]?.points ?? 0) : 0;
    counts.set(room, count);
    members.push({ userId: id('b0', n), roomId: id('r0', room), isDj, joinedAt: now });
  }

  const rooms = Array.from({ length: ROOMS }, (_, n) => {
    const count = counts.get(n) ?? { listeners: 0, djcount: 0, djPoints: 0 };
    const activeAt = count.listeners > 0 ? now : now - randomInt(30 * 86_400_000);
    const playing = count.listeners > 0;
    return {
      id: id('r0', n),
      shortcut: `bench-room-${n}`,
      name: `${pick(WORDS)} ${pick(PLACES)} ${n}`,
      privacy: n % 50 === 0 ? 'unlisted' : 'public',
      maxDjs: 5,
      featured: n < 5 ? 1 : 0,
      listeners: count.listeners,
      djcount: count.djcount,
      djPoints: count.djPoints,
      songArtist: playing ? pick(ARTISTS) : null,
      songTitle: playing ? pick(TITLES) : null,
      songCoverart: playing ? '/media/covers/bench.svg' : null,
      songStartedAt: playing ? now : null,
      shuffleKey: random(),
      activeAt,
      hotness: hotness({ listeners: count.listeners, djcount: count.djcount, upvotes: 0, downvotes: 0, activeAt }),
      createdAt: now - randomInt(365 * 86_400_000),
    };
  });
  await inBatches(rooms, (batch) => db.insertInto('rooms').values(batch).execute());
  await inBatches(members, (batch) => db.insertInto('roomMembers').values(batch).execute());

  // The caller also follows a few listeners of the featured rooms, which lead the first page.
  for (const { userId } of members
    .filter((m) => m.roomId < id('r0', 5) && m.userId !== BENCH_CALLER)
    .slice(0, CALLER_FOLLOWS))
    fans.push({ fanId: BENCH_CALLER, djId: userId, createdAt: now });
  await inBatches(fans, (batch) => db.insertInto('fans').values(batch).execute());
}
