/**
 * The room's own settings and its moderators: the owner (and staff) appoint
 * and remove moderators; any moderator edits the room (name, description,
 * max DJs, points to DJ, slow mode). Told to the room, kept in the log.
 */
import { moderationMessages, type CallInput } from '@platter/contract';
import type { Caller, Services } from '../../api/context';
import { errors } from '../../api/errors';
import { readRoomDetails, recountRoom, roomCommand, setOnStage, stageOf, roomUserOf } from '../rooms';
import { nameOf, requireModerator, standingOf } from './authority';
import { logModeration } from './moderation-log';

export async function setModerator(
  services: Services,
  roomId: string,
  caller: Caller,
  targetId: string,
  appoint: boolean,
): Promise<void> {
  await roomCommand(services, roomId, async (trx) => {
    const mod = await requireModerator(trx, roomId, caller);
    if (!mod.owner && !mod.staff) throw errors.forbidden(moderationMessages.notOwner);
    if (targetId === caller.userid) throw errors.invalid(moderationMessages.yourself);
    const target = await roomUserOf(trx, targetId);
    if (!target) throw errors.notFound(moderationMessages.targetUnknown);
    if (!target.registered) throw errors.invalid(moderationMessages.guest);
    const standing = await standingOf(trx, roomId, targetId);
    if (appoint) {
      if (standing.moderator) throw errors.conflict(moderationMessages.alreadyModerator);
      await trx.insertInto('roomModerators').values({ roomId, userId: targetId, addedAt: services.now() }).execute();
    } else {
      if (!standing.moderator) throw errors.conflict(moderationMessages.targetNotModerator);
      await trx.deleteFrom('roomModerators').where('roomId', '=', roomId).where('userId', '=', targetId).execute();
    }
    await logModeration(trx, services.now(), roomId, mod, {
      action: appoint ? 'add_moderator' : 'remove_moderator',
      target,
    });
    const command = appoint ? 'new_moderator' : 'rem_moderator';
    return [{ command, roomid: roomId, userid: targetId, name: nameOf(target) }];
  });
}

type RoomChanges = Omit<CallInput<'room.modify'>, 'roomid'>;

const LABELS: Record<keyof RoomChanges, string> = {
  name: 'name',
  description: 'description',
  max_djs: 'max DJs',
  djthreshold: 'points to DJ',
  slow_mode: 'slow mode',
};

export async function modifyRoom(services: Services, roomId: string, caller: Caller, changes: RoomChanges) {
  const fields = (Object.keys(LABELS) as (keyof RoomChanges)[]).filter((key) => changes[key] !== undefined);
  if (fields.length === 0) throw errors.invalid(moderationMessages.nothingToChange);
  await roomCommand(services, roomId, async (trx) => {
    const time = services.now();
    const mod = await requireModerator(trx, roomId, caller);
    await trx
      .updateTable('rooms')
      .set({
        ...(changes.name !== undefined && { name: changes.name }),
        ...(changes.description !== undefined && { description: changes.description || null }),
        ...(changes.max_djs !== undefined && { maxDjs: Number(changes.max_djs) }),
        ...(changes.djthreshold !== undefined && { djthreshold: Number(changes.djthreshold) }),
        ...(changes.slow_mode !== undefined && { slowMode: Number(changes.slow_mode) }),
      })
      .where('id', '=', roomId)
      .execute();
    // Fewer spots than DJs: the latest to step up step down.
    const events = [];
    if (changes.max_djs !== undefined) {
      const djs = await stageOf(trx, roomId);
      for (const djid of djs.slice(Number(changes.max_djs)).reverse()) {
        const dj = await roomUserOf(trx, djid);
        if (dj) events.push(...(await setOnStage(trx, time, roomId, dj, false, mod.userid)));
      }
    }
    await recountRoom(services, roomId, trx);
    await logModeration(trx, time, roomId, mod, {
      action: 'modify_room',
      detail: fields.map((key) => `${LABELS[key]}: ${String(changes[key])}`).join('; '),
    });
    const room = await readRoomDetails(trx, roomId);
    if (!room) return events;
    return [...events, { command: 'update_room' as const, roomid: roomId, room, modid: mod.userid }];
  });
}
