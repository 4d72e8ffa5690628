/**
 * The waitlist's commands (docs/room.md, "Room rules"): a member joins the line for a full (or
 * locked) stage and leaves it; a moderator moves someone in it or takes them out (logged), and
 * locks it (room.modify). When a spot opens, the first in line who can still DJ takes it
 * (`fillStage`, run at the end of the room command that opened it); one who can't loses their
 * place and the next is asked.
 */
import { WAITLIST_MAX, waitlistMessages, type RoomEvent, type RoomUser } from '@platter/contract';
import type { Caller, Services } from '../../api/context';
import { ApiError, errors } from '../../api/errors';
import type { Db } from '../../db/database';
import { isAfkNow } from '../playback';
import {
  addToWaitlist,
  dropFromWaitlist,
  markActive,
  moveInWaitlist,
  roomCommand,
  roomUserOf,
  setOnStage,
  stageOf,
  waitlistOf,
} from '../rooms';
import { requireModerator, requireTarget } from './authority';
import { logModeration } from './moderation-log';
import { requireCanDj, requireInRoom } from './stage-commands';

async function stageState(trx: Db, roomId: string) {
  const room = await trx
    .selectFrom('rooms')
    .select(['maxDjs', 'stageLocked', 'waitlistLocked'])
    .where('id', '=', roomId)
    .executeTakeFirstOrThrow();
  return { ...room, djs: await stageOf(trx, roomId), waitlist: await waitlistOf(trx, roomId) };
}

/** The caller joins the end of the line; resolves to their place (1 is next). */
export async function joinWaitlist(services: Services, caller: Caller, roomId: string): Promise<number> {
  let position = 0;
  await roomCommand(services, roomId, async (trx) => {
    const now = services.now();
    const user = await requireInRoom(trx, roomId, caller, waitlistMessages.notInRoom);
    const stage = await stageState(trx, roomId);
    if (stage.djs.includes(user.userid)) throw errors.conflict(waitlistMessages.onStage);
    if (stage.waitlist.includes(user.userid)) throw errors.conflict(waitlistMessages.already);
    if (stage.waitlistLocked === 1) throw errors.forbidden(waitlistMessages.locked);
    if (stage.stageLocked === 0 && stage.djs.length < stage.maxDjs && stage.waitlist.length === 0) {
      throw errors.conflict(waitlistMessages.spotFree);
    }
    if (stage.waitlist.length >= WAITLIST_MAX) throw new ApiError(waitlistMessages.full, 'conflict');
    // Told now what would keep them off the stage when their spot comes, not then.
    await requireCanDj(trx, roomId, user, now);
    await markActive(trx, roomId, user.userid, now);
    position = stage.waitlist.length + 1;
    return addToWaitlist(trx, roomId, user.userid, now);
  });
  return position;
}

/** The caller leaves the line; with `targetId`, a moderator takes that person out of it. */
export async function leaveWaitlist(services: Services, caller: Caller, roomId: string, targetId?: string) {
  await roomCommand(services, roomId, async (trx) => {
    const now = services.now();
    if (targetId === undefined || targetId === caller.userid) {
      const events = await dropFromWaitlist(trx, roomId, caller.userid, 'left', null);
      if (events.length === 0) throw errors.conflict(waitlistMessages.youNotWaiting);
      return events;
    }
    const mod = await requireModerator(trx, roomId, caller);
    const target = await requireTarget(trx, roomId, mod, targetId);
    const events = await dropFromWaitlist(trx, roomId, target.userid, 'removed', mod.userid);
    if (events.length === 0) throw errors.conflict(waitlistMessages.notWaiting);
    await logModeration(trx, now, roomId, mod, { action: 'remove_from_waitlist', target });
    return events;
  });
}

/** A moderator moves someone to `position` in the line (1 is next). Resolves to the line after. */
export async function moveWaitlist(
  services: Services,
  caller: Caller,
  roomId: string,
  targetId: string,
  position: number,
): Promise<string[]> {
  let waitlist: string[] = [];
  await roomCommand(services, roomId, async (trx) => {
    const now = services.now();
    const mod = await requireModerator(trx, roomId, caller);
    if (!(await waitlistOf(trx, roomId)).includes(targetId)) throw errors.conflict(waitlistMessages.notWaiting);
    const target = await roomUserOf(trx, targetId);
    const moved = await moveInWaitlist(trx, roomId, targetId, position - 1, mod.userid);
    waitlist = moved.waitlist;
    await logModeration(trx, now, roomId, mod, {
      action: 'move_waitlist',
      target: target ?? { userid: targetId, name: null },
      detail: `to place ${waitlist.indexOf(targetId) + 1}`,
    });
    return [moved];
  });
  return waitlist;
}

/**
 * Fills the stage's free spots from the line (the stage's filler, registered by the app): unless
 * the stage is locked, the first in line steps up; one who can no longer DJ (too few points, no
 * song the rules allow, AFK) loses their place, and the next is asked.
 */
export async function fillStage(services: Services, trx: Db, roomId: string): Promise<RoomEvent[]> {
  const events: RoomEvent[] = [];
  const now = services.now();
  for (;;) {
    const stage = await stageState(trx, roomId);
    const next = stage.waitlist[0];
    if (stage.stageLocked === 1 || stage.djs.length >= stage.maxDjs || next === undefined) break;
    const user = await roomUserOf(trx, next);
    const can = user !== null && (await canDj(trx, roomId, user, now));
    events.push(...(await dropFromWaitlist(trx, roomId, next, can ? 'stepped_up' : 'cannot_dj', null)));
    if (can && user) events.push(...(await setOnStage(trx, now, roomId, user, true)));
  }
  return events;
}

async function canDj(trx: Db, roomId: string, user: RoomUser, now: number): Promise<boolean> {
  if (await isAfkNow(trx, roomId, user.userid, now)) return false;
  try {
    await requireCanDj(trx, roomId, user, now);
    return true;
  } catch (error) {
    if (error instanceof ApiError) return false;
    throw error;
  }
}
