/**
 * Stepping up and down (turntable's room.add_dj / room.rem_dj): a member in the room takes an
 * open spot if they have the room's points to DJ and a song its rules allow in their queue (the
 * music follows the stage: playback's songFollowsStage); nobody but a moderator steps up on a
 * locked stage (people wait in its waitlist: waitlist-commands.ts); they step down themselves,
 * or a moderator takes them off (logged); a DJ may plan to step down after N more songs.
 */
import { afkMessages, djPlanMessages, roomRulesMessages, stageMessages, type RoomUser } from '@platter/contract';
import type { Caller, Services } from '../../api/context';
import { ApiError, errors } from '../../api/errors';
import type { Db } from '../../db/database';
import { requireFittingSong } from '../playback';
import { currentRoomOf, dropFromWaitlist, markActive, roomCommand, roomUserOf, setOnStage, stageOf } from '../rooms';
import { moderates, requireModerator, requireTarget, standingOf } from './authority';
import { logModeration } from './moderation-log';

/** The caller as the room shows them, if they are in it; else the call is refused with `refusal`. */
export async function requireInRoom(trx: Db, roomId: string, caller: Caller, refusal: string): Promise<RoomUser> {
  const user = (await currentRoomOf(trx, caller.userid)) === roomId ? await roomUserOf(trx, caller.userid) : null;
  if (!user) throw errors.forbidden(refusal);
  if (!user.registered) throw errors.membersOnly();
  return user;
}

/** What a member needs to DJ in the room: its points to DJ, and a song its rules allow. */
export async function requireCanDj(trx: Db, roomId: string, user: RoomUser, now: number): Promise<void> {
  const room = await trx.selectFrom('rooms').select('djthreshold').where('id', '=', roomId).executeTakeFirstOrThrow();
  if (user.points < room.djthreshold) throw errors.forbidden(stageMessages.points(room.djthreshold));
  await requireFittingSong(trx, roomId, user.userid, now);
}

export async function stepUp(services: Services, caller: Caller, roomId: string): Promise<void> {
  await roomCommand(services, roomId, async (trx) => {
    const now = services.now();
    const user = await requireInRoom(trx, roomId, caller, stageMessages.notInRoom);
    const room = await trx
      .selectFrom('rooms')
      .select(['maxDjs', 'stageLocked'])
      .where('id', '=', roomId)
      .executeTakeFirstOrThrow();
    const djs = await stageOf(trx, roomId);
    if (djs.includes(user.userid)) throw errors.conflict(stageMessages.already);
    await requireCanDj(trx, roomId, user, now);
    if (djs.length >= room.maxDjs) throw new ApiError(stageMessages.full, 'conflict');
    // A locked stage is its moderators' to step up to (who may also pass the line).
    if (room.stageLocked === 1 && !moderates(await standingOf(trx, roomId, user.userid))) {
      throw errors.forbidden(roomRulesMessages.stageLocked);
    }
    return [
      ...(await dropFromWaitlist(trx, roomId, user.userid, 'stepped_up', null)),
      ...(await setOnStage(trx, now, roomId, user, true)),
    ];
  });
}

/** The caller steps down, or (with `djid`) a moderator takes a DJ off the stage. */
export async function stepDown(services: Services, caller: Caller, roomId: string, djid?: string): Promise<void> {
  await roomCommand(services, roomId, async (trx) => {
    const time = services.now();
    if (djid === undefined || djid === caller.userid) {
      const user = await roomUserOf(trx, caller.userid);
      if (!user || !(await stageOf(trx, roomId)).includes(user.userid)) throw errors.conflict(stageMessages.notDj);
      return setOnStage(trx, time, roomId, user, false);
    }
    const mod = await requireModerator(trx, roomId, caller);
    const dj = await requireTarget(trx, roomId, mod, djid);
    if (!(await stageOf(trx, roomId)).includes(dj.userid)) throw errors.conflict(stageMessages.notDj);
    const events = await setOnStage(trx, time, roomId, dj, false, { modid: mod.userid });
    await logModeration(trx, time, roomId, mod, { action: 'remove_dj', target: dj });
    return events;
  });
}

/**
 * A DJ plans to step down after `songs` more of their songs (0 cancels): the count goes down as
 * each of their songs ends (playback's changeSong), and at 0 they step down.
 */
export async function planStepDown(
  services: Services,
  caller: Caller,
  roomId: string,
  songs: number,
): Promise<number | null> {
  const plan = songs === 0 ? null : songs;
  await roomCommand(services, roomId, async (trx) => {
    if (!(await stageOf(trx, roomId)).includes(caller.userid)) throw errors.conflict(djPlanMessages.notDj);
    await trx
      .updateTable('roomMembers')
      .set({ djPlan: plan })
      .where('roomId', '=', roomId)
      .where('userId', '=', caller.userid)
      .execute();
    await markActive(trx, roomId, caller.userid, services.now());
    return [{ command: 'dj_plan', roomid: roomId, userid: caller.userid, songs_left: plan }];
  });
  return plan;
}

/**
 * The caller is still there (the AFK warning's "I'm still here"): their AFK clock starts again,
 * as when they chat or vote. Resolves to when it started (the server's clock).
 */
export async function stillHere(services: Services, caller: Caller, roomId: string): Promise<number> {
  let activeAt = 0;
  await roomCommand(services, roomId, async (trx) => {
    await requireInRoom(trx, roomId, caller, afkMessages.notInRoom);
    activeAt = services.now();
    await markActive(trx, roomId, caller.userid, activeAt);
    return [];
  });
  return activeAt;
}

/** The DJs' plans: songs left before each steps down (only DJs with one). */
export async function djPlansOf(db: Db, roomId: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('roomMembers')
    .select(['userId', 'djPlan'])
    .where('roomId', '=', roomId)
    .where('isDj', '=', 1)
    .where('djPlan', 'is not', null)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.userId, Number(row.djPlan)]));
}
