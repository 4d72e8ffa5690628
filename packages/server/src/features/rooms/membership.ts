/**
 * Who is in which room. A person is in one room at a time; entering, leaving
 * or changing stage re-counts the room and re-scores its hotness, and tells
 * every server instance (bus channel `lobby`), which is how friends panels
 * learn that a buddy moved.
 */
import type { RoomEvent, RoomUser } from '@platter/contract';
import type { Services } from '../../api/context';
import { errors } from '../../api/errors';
import type { Db } from '../../db/database';
import { roomUserColumns, roomUserView } from '../accounts';
import { lobbyChannel, userChannel, type LobbyMessage } from '../../realtime/channels';
import { roomCountsChanged, whereaboutsChanged } from '../directory';
import { hotness, type Liveliness } from './hotness';
import { afterCommit, roomCommand, servicesOf } from './room-command';
import { setOnStage } from './stage';
import { dropFromWaitlist } from './waitlist';

export const LOBBY_CHANNEL = lobbyChannel.name;

/** What the lobby channel carries: a person moved, or whom a member follows changed. */
export type LobbyEvent = LobbyMessage;

function announce(services: Services, event: LobbyEvent): Promise<void> {
  whereaboutsChanged(services);
  return services.hub.publish(lobbyChannel, event);
}

export interface Entry {
  /** Puts them on the stage (true) or takes them off it (false); left out, they keep their place. */
  asDj?: boolean;
  /**
   * Why they may not come in (a ban), or null: asked inside the room command that enters, under
   * the room's lock, so a ban that commits just before the entry is seen (asked before it, in a
   * transaction of its own, a ban between the two let them in).
   */
  barred?: (trx: Db) => Promise<string | null>;
}

/**
 * Puts a person in a room (leaving any other). `asDj` puts them on its stage or takes them off;
 * left out, someone already in the room keeps their place. Each room touched is changed by a
 * room command, so its pages hear `registered`, `add_dj`, `rem_dj` and `deregistered` in order.
 * Refused (forbidden) with the reason `barred` gives, if it gives one.
 */
export async function enterRoom(
  services: Services,
  userId: string,
  roomId: string,
  { asDj, barred }: Entry = {},
): Promise<void> {
  const { db, now } = services;
  const previous = await currentRoomOf(db, userId);
  if (previous !== null && previous !== roomId) await removeFromRoom(services, userId, previous);
  const user = await roomUserOf(db, userId);
  await roomCommand(services, roomId, async (trx) => {
    const refusal = barred ? await barred(trx) : null;
    if (refusal !== null) throw errors.forbidden(refusal);
    const present = await trx
      .selectFrom('roomMembers')
      .select('roomId')
      .where('userId', '=', userId)
      .executeTakeFirst();
    const events: RoomEvent[] = [];
    if (present?.roomId === roomId) {
      // Back (a reload, a second page): still here, and no longer away.
      await trx.updateTable('roomMembers').set({ awaySince: null }).where('userId', '=', userId).execute();
    } else {
      await trx
        .insertInto('roomMembers')
        .values({ userId, roomId, isDj: 0, joinedAt: now(), djSince: null, awaySince: null, activeAt: now() })
        .onConflict((oc) =>
          oc.column('userId').doUpdateSet({
            roomId,
            isDj: 0,
            joinedAt: now(),
            djSince: null,
            awaySince: null,
            activeAt: now(),
            djPlays: 0,
            djPlan: null,
          }),
        )
        .execute();
      if (user) events.push({ command: 'registered', roomid: roomId, user: [user] });
    }
    if (asDj !== undefined && user) events.push(...(await setOnStage(trx, now(), roomId, user, asDj)));
    // The counts change with the event, in the same transaction: whoever hears it reads them so.
    await recountRoom(services, roomId, trx);
    return events;
  });
  await announce(services, { type: 'room_membership', userid: userId, roomid: roomId });
}

/** The room a person is in now, or null. */
export async function currentRoomOf(db: Db, userId: string): Promise<string | null> {
  const here = await db.selectFrom('roomMembers').select('roomId').where('userId', '=', userId).executeTakeFirst();
  return here?.roomId ?? null;
}

export async function leaveRoom(services: Services, userId: string): Promise<void> {
  const previous = await currentRoomOf(services.db, userId);
  if (previous === null) return;
  await removeFromRoom(services, userId, previous);
  await announce(services, { type: 'room_membership', userid: userId, roomid: null });
}

/**
 * A person changed how the room shows them (name, avatar, laptop, its stickers): the room they are
 * in, if any, hears `update_user` with them as they are now.
 */
export async function userChanged(services: Services, userId: string): Promise<void> {
  const roomId = await currentRoomOf(services.db, userId);
  const user = roomId === null ? null : await roomUserOf(services.db, userId);
  if (roomId === null || !user) return;
  await roomCommand(services, roomId, async () => [{ command: 'update_user', roomid: roomId, userid: userId, user }]);
}

/** Tells the lobby (friends panels) that a person left their room some other way (a moderator). */
export function announceLeft(services: Services, userId: string): Promise<void> {
  return announce(services, { type: 'room_membership', userid: userId, roomid: null });
}

/** Takes a person out of one room, telling its pages (a room command). */
async function removeFromRoom(services: Services, userId: string, roomId: string): Promise<void> {
  const user = await roomUserOf(services.db, userId);
  if (!user) return;
  await roomCommand(services, roomId, (trx) => removeMember(services, trx, roomId, user));
}

/**
 * Inside a room command: takes a member out of the room (off its stage first, `modid` saying
 * which moderator did, if one did) and re-counts it. The events to publish; none if they were out.
 */
export async function removeMember(
  services: Services,
  trx: Db,
  roomId: string,
  user: RoomUser,
  modid: string | null = null,
): Promise<RoomEvent[]> {
  const events = [
    ...(await dropFromWaitlist(trx, roomId, user.userid, modid ? 'removed' : 'left', modid)),
    ...(await setOnStage(trx, services.now(), roomId, user, false, { modid, reason: modid ? 'moderator' : 'left' })),
  ];
  const removed = await trx
    .deleteFrom('roomMembers')
    .where('userId', '=', user.userid)
    .where('roomId', '=', roomId)
    .executeTakeFirst();
  await trx.deleteFrom('roomPages').where('userId', '=', user.userid).where('roomId', '=', roomId).execute();
  await recountRoom(services, roomId, trx);
  return Number(removed.numDeletedRows) > 0
    ? [...events, { command: 'deregistered', roomid: roomId, user: [user] }]
    : [];
}

export async function roomUserOf(db: Db, userId: string): Promise<RoomUser | null> {
  const row = await db.selectFrom('users').select(roomUserColumns).where('id', '=', userId).executeTakeFirst();
  return row ? roomUserView(row) : null;
}

/** Sets a room's listeners, DJs, DJ points and hotness from who is in it now. */
export async function recountRoom(services: Services, roomId: string, db: Db = services.db): Promise<void> {
  const { now } = services;
  const counts = await db
    .selectFrom('roomMembers')
    .innerJoin('users', 'users.id', 'roomMembers.userId')
    .select((eb) => [
      eb.fn.countAll<number>().as('listeners'),
      eb.fn.sum<number>(eb.case().when('roomMembers.isDj', '=', 1).then(1).else(0).end()).as('djcount'),
      eb.fn
        .sum<number>(eb.case().when('roomMembers.isDj', '=', 1).then(eb.ref('users.points')).else(0).end())
        .as('djPoints'),
    ])
    .where('roomMembers.roomId', '=', roomId)
    .executeTakeFirstOrThrow();
  const room = await db
    .selectFrom('rooms')
    .select(['upvotes', 'downvotes', 'activeAt', 'djcount', 'maxDjs', 'listeners'])
    .where('id', '=', roomId)
    .executeTakeFirst();
  if (!room) return;
  const listeners = Number(counts.listeners);
  const djcount = Number(counts.djcount ?? 0);
  const activeAt = listeners > 0 ? now() : (room.activeAt ?? now());
  await db
    .updateTable('rooms')
    .set({
      listeners,
      djcount,
      djPoints: Number(counts.djPoints ?? 0),
      activeAt,
      hotness: hotness({ listeners, djcount, upvotes: room.upvotes, downvotes: room.downvotes, activeAt }),
    })
    .where('id', '=', roomId)
    .execute();
  roomCountsChanged(services, roomId, { stageFilledOrOpened: room.djcount < room.maxDjs !== djcount < room.maxDjs });
  if (listeners !== room.listeners || djcount !== room.djcount) {
    // Lobby tiles showing the room follow its counts (room.follow_counts).
    const counts = { type: 'room_counts' as const, roomid: roomId, listeners, djcount, max_djs: room.maxDjs };
    await afterCommit(db, () => services.hub.publish(lobbyChannel, counts));
  }
}

/**
 * Re-scores a room's hotness from its stored counts and votes, when only its song or votes
 * changed (nobody came or went: counting a big room's members again would find the same).
 */
export async function rescoreRoom(services: Services, roomId: string, db: Db = services.db): Promise<void> {
  const room = await db
    .selectFrom('rooms')
    .select(['id', 'listeners', 'djcount', 'upvotes', 'downvotes', 'activeAt'])
    .where('id', '=', roomId)
    .executeTakeFirst();
  if (room) await scoreRoom(services, room, db);
}

/** Re-scores the room as read (its row, or the counts and votes of it): the row as scored. */
export async function scoreRoom<Row extends Omit<Liveliness, 'activeAt'> & { id: string; activeAt: number | null }>(
  services: Services,
  room: Row,
  db: Db,
): Promise<Row & { activeAt: number; hotness: number }> {
  const activeAt = room.listeners > 0 ? services.now() : (room.activeAt ?? services.now());
  const score = hotness({ ...room, activeAt });
  await db.updateTable('rooms').set({ activeAt, hotness: score }).where('id', '=', room.id).execute();
  roomCountsChanged(services, room.id, { stageFilledOrOpened: false });
  return { ...room, activeAt, hotness: score };
}

/** Tells friends panels everywhere that whom this member follows has changed. */
export function announceFansChanged(services: Services, userId: string): Promise<void> {
  return announce(services, { type: 'fans_changed', userid: userId });
}

/** Re-scores every occupied room, so that their hotness stays "now" (run by a timer). */
export async function sweepHotness(services: Services): Promise<number> {
  const occupied = await services.db.selectFrom('rooms').select('id').where('listeners', '>', 0).execute();
  for (const { id } of occupied) await recountRoom(services, id);
  return occupied.length;
}

export const HOTNESS_SWEEP_MS = 60_000;

/** Runs sweepHotness every minute until stopped. Each instance may run it: it is idempotent. */
export function startHotnessSweep(services: Services, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => {
    sweepHotness(services).catch(onError);
  }, HOTNESS_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Someone in the room did something: the AFK rule's clock (docs/room.md, "Room rules") starts
 * again. A DJ in a room with the rule hears it on their own channel (`afk_clock`, after the
 * commit), so each of their pages, on any instance, times its AFK warning from the server's clock.
 * Nobody else is told: only a DJ is warned, and stepping up (which restarts the clock) is heard
 * by every page as `add_dj`.
 */
export async function markActive(trx: Db, roomId: string, userId: string, now: number): Promise<void> {
  const member = await trx
    .updateTable('roomMembers')
    .set({ activeAt: now })
    .where('roomId', '=', roomId)
    .where('userId', '=', userId)
    .returning('isDj')
    .executeTakeFirst();
  const services = servicesOf(trx);
  // A listener's vote or line (the common case) reads nothing more.
  if (!services || Number(member?.isDj) !== 1) return;
  const room = await trx.selectFrom('rooms').select('afkMinutes').where('id', '=', roomId).executeTakeFirst();
  if (!room || room.afkMinutes === 0) return;
  const event = { command: 'afk_clock' as const, roomid: roomId, userid: userId, active_at: now };
  await afterCommit(trx, () => services.hub.publish(userChannel(userId), { type: 'event', event }));
}
