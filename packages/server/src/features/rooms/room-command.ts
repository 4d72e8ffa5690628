/**
 * The database orders each room. A room command is one transaction: it takes
 * the room's row lock, makes its change, and bumps the room's sequence number
 * once for each event it returns; after the commit the events are published
 * together on the room's channel, stamped with their numbers. Every instance, and every
 * page, thus sees one history per room, and a page that misses a number knows
 * it missed something.
 */
import type { RoomEvent } from '@platter/contract';
import type { Services } from '../../api/context';
import type { Db } from '../../db/database';
import { reusableQuery } from '../../db/reusable-query';
import { roomChannel } from '../../realtime/channels';

/**
 * Locks the room's row for the rest of the transaction and adds `reserve` to its sequence number
 * (a write: portable to SQLite and PostgreSQL). The number after it, or null when there is no
 * such room.
 */
async function lockRoom(trx: Db, roomId: string, reserve: number): Promise<number | null> {
  const {
    rows: [row],
  } = await bumpSeq(trx, { roomId, reserve });
  return row ? Number(row.seq) : null;
}

/** Compiled once: every room command runs it. */
const bumpSeq = reusableQuery((db: Db, { roomId, reserve }: { roomId: string; reserve: number }) =>
  db
    .updateTable('rooms')
    .set((eb) => ({ seq: eb('seq', '+', reserve) }))
    .where('id', '=', roomId)
    .returning('seq'),
);

/** What a room command's transaction does once it commits (publish what must not be heard before). */
const afterCommits = new WeakMap<Db, (() => Promise<void>)[]>();
/**
 * What a room command's transaction does after its change and before it commits, once each
 * (keyed): settling the room after a change that may cascade (a free spot on the stage is taken
 * from the waitlist once, after everything else the command did).
 */
const settleSteps = new WeakMap<Db, Map<string, () => Promise<RoomEvent[]>>>();
/** The app a room command's transaction runs for: what the stage's follower (stage.ts) acts with. */
const commandServices = new WeakMap<Db, Services>();

/** The services of the room command whose transaction `trx` is; null outside one. */
export function servicesOf(trx: Db): Services | null {
  return commandServices.get(trx) ?? null;
}

/**
 * Runs `then` after the room command whose transaction `db` is commits; at once when `db` is
 * not one. Publishing waits for the commit: a transaction held open over a bus round trip would
 * hold the room's lock (and SQLite's one writer) that long.
 */
export async function afterCommit(db: Db, then: () => Promise<void>): Promise<void> {
  const queue = afterCommits.get(db);
  if (queue) queue.push(then);
  else await then();
}

/**
 * Inside a room command: runs `step` once the change is done, before the commit; its events
 * follow the change's. A second call with the same key before then does nothing. Outside a room
 * command it does nothing: settling needs the room's lock.
 */
export function settleBeforeCommit(trx: Db, key: string, step: () => Promise<RoomEvent[]>): void {
  const steps = settleSteps.get(trx);
  if (steps && !steps.has(key)) steps.set(key, step);
}

/**
 * Runs `change` for the room in one transaction and publishes the events it returns, in order.
 * Resolves to the room's sequence number after it (null when there is no such room).
 */
export async function roomCommand(
  services: Services,
  roomId: string,
  /** `seq` is the number the first event it returns will have (a chat line stores its own). */
  change: (trx: Db, seq: number) => Promise<RoomEvent[]>,
): Promise<number | null> {
  const after: (() => Promise<void>)[] = [];
  const done = await services.db.transaction().execute(async (trx) => {
    afterCommits.set(trx, after);
    commandServices.set(trx, services);
    const steps = new Map<string, () => Promise<RoomEvent[]>>();
    settleSteps.set(trx, steps);
    // Most commands publish one event: its number is taken with the lock, and only a command
    // with more or none corrects it (one statement fewer on the chat's hot path).
    let seq = await lockRoom(trx, roomId, 1);
    if (seq === null) return null;
    const events = await change(trx, seq);
    // A step may ask for another (or for itself again): run until none is left.
    for (let next = steps.entries().next(); !next.done; next = steps.entries().next()) {
      const [key, step] = next.value;
      steps.delete(key);
      events.push(...(await step()));
    }
    if (events.length !== 1) seq = (await lockRoom(trx, roomId, events.length - 1)) ?? seq;
    return { events, seq };
  });
  if (!done) return null;
  // One bus message for all of them: one delivery, and one write to each page.
  if (done.events.length > 0) {
    await services.hub.publish(roomChannel(roomId), { seq: done.seq - done.events.length + 1, events: done.events });
  }
  for (const then of after) await then();
  return done.seq;
}

/** Reads under the room's lock, so what it reads and the sequence number agree. */
export async function readRoom<T>(
  services: Services,
  roomId: string,
  read: (trx: Db, seq: number) => Promise<T>,
): Promise<T | null> {
  return services.db.transaction().execute(async (trx) => {
    const seq = await lockRoom(trx, roomId, 0);
    return seq === null ? null : read(trx, seq);
  });
}
