/**
 * The live room benchmark's people: one room and `count` members, each with a
 * session whose secret is derived from their number, so the load generator
 * can sign in as any of them without being told. Written in batches (the
 * demo seed's one-by-one path would take minutes at 5,000). `seated`: they
 * are in the room already (as after a reload), so joining over the socket
 * announces nobody and a big room fills without the `registered` storm.
 */
import type { Db } from '../packages/server/src/db/database';
import { hashSecret } from '../packages/server/src/lib/ids';

const BATCH = 500;

const id = (prefix: string, n: number) => `${prefix}${n.toString(16).padStart(24 - prefix.length, '0')}`;

export const BENCH_ROOM = id('c0', 1);
export const listenerId = (n: number) => id('c1', n);
/** A benchmark secret: not a real one (these sessions live in a throwaway database). */
export const listenerAuth = (n: number) => `bench-listener-secret-${n}`;

export async function seedBenchRoom(db: Db, count: number, now: number, { seated = false } = {}): Promise<void> {
  await db
    .insertInto('rooms')
    .values({
      id: BENCH_ROOM,
      shortcut: 'bench-live-room',
      name: 'Bench Live Room',
      privacy: 'public',
      maxDjs: 5,
      featured: 0,
      listeners: 0,
      djcount: 0,
      djPoints: 0,
      shuffleKey: 0.5,
      activeAt: now,
      hotness: 0,
      createdAt: now,
    })
    .execute();
  for (let start = 0; start < count; start += BATCH) {
    const numbers = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => start + i);
    await db
      .insertInto('users')
      .values(
        numbers.map((n) => ({
          id: listenerId(n),
          name: `Bench Listener ${n}`,
          nameLower: `bench listener ${n}`,
          points: n,
          createdAt: now,
        })),
      )
      .execute();
    await db
      .insertInto('sessions')
      .values(
        numbers.map((n) => ({
          id: id('c2', n),
          userId: listenerId(n),
          tokenHash: hashSecret(listenerAuth(n)),
          fingerprint: null,
          usertoken: null,
          createdAt: now,
          lastUsedAt: now,
        })),
      )
      .execute();
    if (seated)
      await db
        .insertInto('roomMembers')
        .values(
          numbers.map((n) => ({
            userId: listenerId(n),
            roomId: BENCH_ROOM,
            isDj: 0,
            joinedAt: now + n,
            djSince: null,
          })),
        )
        .execute();
  }
}
