/**
 * The stage: who of a room's members DJs, in the order they stepped up.
 * These run inside a room command (the caller's transaction) and return the
 * events to publish, so the stage changes in the room's order.
 */
import type { RoomEvent, RoomUser, StageLeaveReason } from '@platter/contract';
import type { Services } from '../../api/context';
import type { Db } from '../../db/database';
import { recountRoom } from './membership';
import { servicesOf, settleBeforeCommit } from './room-command';

/** A change of the stage, as what follows it (the music: docs/room.md) sees it. */
export interface StageChange {
  roomId: string;
  user: RoomUser;
  onStage: boolean;
  /** When they had stepped up (their place in the stage's order), for one who stepped down. */
  formerSince: number | null;
  modid: string | null;
}

/**
 * What follows every change of the stage, inside the same room command (after it): the music
 * starts when the stage gets a DJ, and moves on when the DJ playing leaves it. Its events follow
 * the stage's. Registered once by the app (the playback feature), so rooms need not know music.
 */
export type StageFollower = (services: Services, trx: Db, change: StageChange) => Promise<RoomEvent[]>;
let follower: StageFollower | null = null;

export function followStage(next: StageFollower): void {
  follower = next;
}

/**
 * What fills a spot that opened on the stage (the waitlist's first in line), run once at the end
 * of the room command that opened it. Registered once by the app (the room feature).
 */
export type StageFiller = (services: Services, trx: Db, roomId: string) => Promise<RoomEvent[]>;
let filler: StageFiller | null = null;

export function fillStageWith(next: StageFiller): void {
  filler = next;
}

/** Inside a room command: a spot may have opened (a DJ left, the stage grew or unlocked). */
export function stageMayHaveRoom(trx: Db, roomId: string): void {
  const services = servicesOf(trx);
  if (filler && services) {
    const fill = filler;
    settleBeforeCommit(trx, `fill-stage:${roomId}`, () => fill(services, trx, roomId));
  }
}

export interface StageExit {
  /** The moderator who took them off, if one did. */
  modid?: string | null;
  /** Why they left; left out: a moderator took them off when `modid` says so, else they stepped down. */
  reason?: StageLeaveReason;
}

/** The DJs' ids, in the order they stepped up. */
export async function stageOf(trx: Db, roomId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('roomMembers')
    .select('userId')
    .where('roomId', '=', roomId)
    .where('isDj', '=', 1)
    .orderBy('djSince')
    .orderBy('joinedAt')
    .orderBy('userId')
    .execute();
  return rows.map((row) => row.userId);
}

/**
 * Puts a member on the stage or takes them off (`exit`: why, and the moderator who did). Nothing
 * happens, and no event, when they are already where they are asked to be. A DJ's count of songs
 * and their plan start afresh each time they step up, and stepping up counts as being active.
 */
export async function setOnStage(
  trx: Db,
  now: number,
  roomId: string,
  user: RoomUser,
  onStage: boolean,
  exit: StageExit = {},
): Promise<RoomEvent[]> {
  const modid = exit.modid ?? null;
  // Strictly after the last to step up, even within one millisecond: the stage's order is theirs.
  const { latest } = await trx
    .selectFrom('roomMembers')
    .select((eb) => eb.fn.max('djSince').as('latest'))
    .where('roomId', '=', roomId)
    .executeTakeFirstOrThrow();
  const since = Math.max(now, Number(latest ?? 0) + 1);
  const former = onStage
    ? null
    : await trx
        .selectFrom('roomMembers')
        .select('djSince')
        .where('userId', '=', user.userid)
        .where('roomId', '=', roomId)
        .executeTakeFirst();
  const changed = await trx
    .updateTable('roomMembers')
    .set({
      isDj: onStage ? 1 : 0,
      djSince: onStage ? since : null,
      djPlays: 0,
      djPlan: null,
      ...(onStage && { activeAt: now }),
    })
    .where('userId', '=', user.userid)
    .where('roomId', '=', roomId)
    .where('isDj', '=', onStage ? 0 : 1)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) === 0) return [];
  const djs = await stageOf(trx, roomId);
  const events: RoomEvent[] = onStage
    ? [{ command: 'add_dj', roomid: roomId, user: [user], djs }]
    : [
        {
          command: 'rem_dj',
          roomid: roomId,
          user: [user],
          djs,
          modid,
          reason: exit.reason ?? (modid ? 'moderator' : 'stepped_down'),
        },
      ];
  if (!onStage) stageMayHaveRoom(trx, roomId);
  const services = servicesOf(trx);
  // The room's DJ count changes with the stage, before the music follows (it tells the lobby too).
  if (services) await recountRoom(services, roomId, trx);
  if (follower && services) {
    const formerSince = former?.djSince ?? null;
    events.push(...(await follower(services, trx, { roomId, user, onStage, formerSince, modid })));
  }
  return events;
}
