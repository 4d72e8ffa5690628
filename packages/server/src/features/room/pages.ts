/**
 * A member's open pages in a room (docs/room.md, "Leaving by accident"). Each
 * page that joins is a row; a second tab of the same session is one more row
 * for the same member, so it counts once, and closing one of two keeps them
 * in. When the last page closes the member is marked away and keeps their
 * place (on the stage) for ROOM_GRACE_MS; coming back clears it. A page of
 * another session replaces the first session's pages (they are told why).
 *
 * Rows are renewed by the instance that holds the page, so the pages of an
 * instance that died expire and their members start their grace period.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ROOM_GRACE_MS, roomExitMessages } from '@platter/contract';
import type { Services } from '../../api/context';
import type { Hub } from '../../realtime/hub';
import { userChannel } from '../../realtime/channels';
import { newId } from '../../lib/ids';
import { currentRoomOf, leaveRoom } from '../rooms';

/** How often an instance renews its pages, and after how long without renewal a page is gone. */
export const PAGE_RENEW_MS = 30_000;
export const PAGE_STALE_MS = 3 * PAGE_RENEW_MS;
/** Pages renewed by one statement. */
const RENEW_BATCH = 100;

/** This instance's open pages (keyed by the app's hub: tests run several apps in one process). */
const openHere = new WeakMap<Hub, Set<string>>();
const pagesOf = (services: Services) => {
  let pages = openHere.get(services.hub);
  if (!pages) openHere.set(services.hub, (pages = new Set()));
  return pages;
};

interface PageOwner {
  userid: string;
  sessionId: string;
}

/** A page joined the room: its row, and the pages of the member's other sessions let go. */
export async function openPage(services: Services, owner: PageOwner, roomId: string): Promise<string> {
  const id = newId();
  const others = await services.db
    .selectFrom('roomPages')
    .select('id')
    .where('userId', '=', owner.userid)
    .where('roomId', '=', roomId)
    .where('sessionId', '!=', owner.sessionId)
    .execute();
  if (others.length > 0) {
    await services.db
      .deleteFrom('roomPages')
      .where(
        'id',
        'in',
        others.map((page) => page.id),
      )
      .execute();
    await services.hub.publish(userChannel(owner.userid), {
      type: 'room_exit',
      roomid: roomId,
      keep: owner.sessionId,
      err: roomExitMessages.replaced,
    });
  }
  await services.db
    .insertInto('roomPages')
    .values({ id, roomId, userId: owner.userid, sessionId: owner.sessionId, seenAt: services.now() })
    .execute();
  pagesOf(services).add(id);
  return id;
}

/**
 * A page let go of the room. When it was the member's last: `leave` (they said so) takes them out
 * now; otherwise (the page closed, the line dropped) they are away and keep their place a while.
 */
export async function closePage(
  services: Services,
  pageId: string,
  owner: PageOwner,
  roomId: string,
  { leave }: { leave: boolean },
): Promise<void> {
  pagesOf(services).delete(pageId);
  await services.db.deleteFrom('roomPages').where('id', '=', pageId).execute();
  if (await hasPages(services, owner.userid, roomId)) return;
  if (leave) {
    if ((await currentRoomOf(services.db, owner.userid)) === roomId) await leaveRoom(services, owner.userid);
    return;
  }
  await markAway(services, owner.userid, roomId);
}

async function hasPages(services: Services, userId: string, roomId: string): Promise<boolean> {
  const page = await services.db
    .selectFrom('roomPages')
    .select('id')
    .where('userId', '=', userId)
    .where('roomId', '=', roomId)
    .executeTakeFirst();
  return page !== undefined;
}

async function markAway(services: Services, userId: string, roomId: string): Promise<void> {
  await services.db
    .updateTable('roomMembers')
    .set({ awaySince: services.now() })
    .where('userId', '=', userId)
    .where('roomId', '=', roomId)
    .where('awaySince', 'is', null)
    .execute();
}

/**
 * Renews this instance's pages, expires those nobody renewed (a dead instance's), and takes out
 * the members away for longer than the grace period. Idempotent: every instance runs it.
 * Resolves to how many members left.
 */
export async function sweepRoomPages(services: Services): Promise<number> {
  const { db } = services;
  const now = services.now();
  const mine = [...pagesOf(services)];
  // A few at a time, letting the event loop turn between them: on SQLite a statement holds the
  // loop for as long as it runs, and renewing 5,000 pages at once held every room's chat ~15 ms.
  for (let at = 0; at < mine.length; at += RENEW_BATCH) {
    if (at > 0) await nextTurn();
    await db
      .updateTable('roomPages')
      .set({ seenAt: now })
      .where('id', 'in', mine.slice(at, at + RENEW_BATCH))
      .execute();
  }
  const stale = await db
    .selectFrom('roomPages')
    .select(['id', 'userId', 'roomId'])
    .where('seenAt', '<', now - PAGE_STALE_MS)
    .execute();
  for (const page of stale) {
    await db.deleteFrom('roomPages').where('id', '=', page.id).execute();
    if (!(await hasPages(services, page.userId, page.roomId))) await markAway(services, page.userId, page.roomId);
  }
  const gone = await db
    .selectFrom('roomMembers')
    .select('userId')
    .where('awaySince', 'is not', null)
    .where('awaySince', '<', now - ROOM_GRACE_MS)
    .execute();
  let left = 0;
  for (const { userId } of gone) {
    // Came back since? Then they stay.
    const still = await db
      .selectFrom('roomMembers')
      .select('awaySince')
      .where('userId', '=', userId)
      .executeTakeFirst();
    if (still?.awaySince == null) continue;
    await leaveRoom(services, userId);
    left += 1;
  }
  return left;
}

/** Runs sweepRoomPages every PAGE_RENEW_MS until stopped. */
export function startRoomPagesSweep(services: Services, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => {
    sweepRoomPages(services).catch(onError);
  }, PAGE_RENEW_MS);
  timer.unref();
  return () => clearInterval(timer);
}
