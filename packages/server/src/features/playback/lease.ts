/**
 * Exactly one authority per room's timeline (docs/room.md): an instance ends a room's songs only
 * while it holds the room's lease (rooms.timeline_holder until timeline_lease_until). A lease
 * is taken with a conditional update (free, run out, or already ours), so two instances never
 * both hold one; ending a song is itself conditional (timeline.ts), so even a stale holder could
 * not end one twice.
 */
import { TIMELINE_LEASE_MS } from '@platter/contract';
import type { Services } from '../../api/context';
import type { Db } from '../../db/database';
import type { Hub } from '../../realtime/hub';
import { afterCommit } from '../rooms';

/** This instance's timeline driver, as the song changes made here see it. */
export interface LocalDriver {
  holder: string;
  /** Looks at the room again (after a song change committed): holds it, and times its song's end. */
  watch(roomId: string): void;
  /** Votes on play `playId` wait for the room to hear them (vote-updates.ts): tells them at `dueAt`. */
  votesWaiting(roomId: string, playId: string, dueAt: number): void;
}

/** Keyed by the app's hub: tests run several apps in one process. */
const drivers = new WeakMap<Hub, LocalDriver>();

export function setLocalDriver(services: Services, driver: LocalDriver | null): void {
  if (driver) drivers.set(services.hub, driver);
  else drivers.delete(services.hub);
}

/** This instance's driver, or null when it runs none (a test app may turn it off). */
export function localDriverOf(services: Services): LocalDriver | null {
  return drivers.get(services.hub) ?? null;
}

/** Takes (or renews) the room's lease for `holder` if it is free, has run out, or is theirs already. */
export async function claimLease(db: Db, roomId: string, holder: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('rooms')
    .set({ timelineHolder: holder, timelineLeaseUntil: now + TIMELINE_LEASE_MS })
    .where('id', '=', roomId)
    .where((eb) =>
      eb.or([
        eb('timelineHolder', 'is', null),
        eb('timelineHolder', '=', holder),
        eb('timelineLeaseUntil', 'is', null),
        eb('timelineLeaseUntil', '<=', now),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Inside a room command that changed the song: the instance it runs on takes the room's lease
 * when it can, and times the new song's end once the change commits. When another instance holds
 * the lease, that one's sweep finds the new song within a second.
 */
export async function timelineMoved(services: Services, trx: Db, roomId: string): Promise<void> {
  const driver = drivers.get(services.hub);
  if (!driver) return;
  await claimLease(trx, roomId, driver.holder, services.now());
  await afterCommit(trx, async () => driver.watch(roomId));
}
