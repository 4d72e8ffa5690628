/**
 * The line for a room's stage (docs/room.md, "Room rules"): who waits, in order. Positions are
 * dense from 0 (the next to step up); every change renumbers the room's line inside the caller's
 * room command and returns the `update_waitlist` event to publish. The commands that use it (join,
 * leave, move, and filling a free spot) are the room feature's (room/waitlist-commands.ts).
 */
import type { RoomEvent, WaitlistChange } from '@platter/contract';
import type { Db } from '../../db/database';

/** Who waits for the room's stage, first in line first. */
export async function waitlistOf(db: Db, roomId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('roomWaitlist')
    .select('userId')
    .where('roomId', '=', roomId)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.userId);
}

/** Gives each of the room's line its place in `order` (its index). */
async function renumber(trx: Db, roomId: string, order: string[]): Promise<void> {
  for (const [position, userId] of order.entries()) {
    await trx
      .updateTable('roomWaitlist')
      .set({ position })
      .where('roomId', '=', roomId)
      .where('userId', '=', userId)
      .execute();
  }
}

type WaitlistEvent = Extract<RoomEvent, { command: 'update_waitlist' }>;

function waitlistEvent(
  roomId: string,
  waitlist: string[],
  userId: string,
  change: WaitlistChange,
  modid: string | null,
): WaitlistEvent {
  return { command: 'update_waitlist', roomid: roomId, waitlist, userid: userId, change, modid };
}

/** Puts a person at the end of the line. */
export async function addToWaitlist(trx: Db, roomId: string, userId: string, now: number): Promise<RoomEvent[]> {
  const before = await waitlistOf(trx, roomId);
  await trx.insertInto('roomWaitlist').values({ roomId, userId, position: before.length, joinedAt: now }).execute();
  return [waitlistEvent(roomId, [...before, userId], userId, 'joined', null)];
}

/** Moves a person in the line to `index` (0 is next; beyond the end: last); its event has the line after. */
export async function moveInWaitlist(
  trx: Db,
  roomId: string,
  userId: string,
  index: number,
  modid: string,
): Promise<WaitlistEvent> {
  const order = (await waitlistOf(trx, roomId)).filter((id) => id !== userId);
  order.splice(Math.min(index, order.length), 0, userId);
  await renumber(trx, roomId, order);
  return waitlistEvent(roomId, order, userId, 'moved', modid);
}

/** Takes a person out of the line (`change` says why); nothing, and no event, when they are not in it. */
export async function dropFromWaitlist(
  trx: Db,
  roomId: string,
  userId: string,
  change: Exclude<WaitlistChange, 'joined' | 'moved'>,
  modid: string | null,
): Promise<RoomEvent[]> {
  const removed = await trx
    .deleteFrom('roomWaitlist')
    .where('roomId', '=', roomId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) return [];
  const order = await waitlistOf(trx, roomId);
  await renumber(trx, roomId, order);
  return [waitlistEvent(roomId, order, userId, change, modid)];
}
