/**
 * Stepping up and down (turntable's room.add_dj / room.rem_dj): a member in
 * the room takes an open spot if they have the room's points to DJ and a song
 * in their queue (the music follows the stage: playback's songFollowsStage); they step
 * down themselves, or a moderator takes them off (logged).
 */
import { stageMessages } from '@platter/contract';
import type { Caller, Services } from '../../api/context';
import { ApiError, errors } from '../../api/errors';
import { requireQueuedSong } from '../playback';
import { currentRoomOf, recountRoom, roomCommand, roomUserOf, setOnStage, stageOf } from '../rooms';
import { requireModerator, requireTarget } from './authority';
import { logModeration } from './moderation-log';

export async function stepUp(services: Services, caller: Caller, roomId: string): Promise<void> {
  await roomCommand(services, roomId, async (trx) => {
    const user = (await currentRoomOf(trx, caller.userid)) === roomId ? await roomUserOf(trx, caller.userid) : null;
    if (!user) throw errors.forbidden(stageMessages.notInRoom);
    if (!user.registered) throw errors.membersOnly();
    const room = await trx
      .selectFrom('rooms')
      .select(['maxDjs', 'djthreshold'])
      .where('id', '=', roomId)
      .executeTakeFirstOrThrow();
    const djs = await stageOf(trx, roomId);
    if (djs.includes(user.userid)) throw errors.conflict(stageMessages.already);
    if (user.points < room.djthreshold) throw errors.forbidden(stageMessages.points(room.djthreshold));
    await requireQueuedSong(trx, user.userid);
    if (djs.length >= room.maxDjs) throw new ApiError(stageMessages.full, 'conflict');
    const events = await setOnStage(trx, services.now(), roomId, user, true);
    await recountRoom(services, roomId, trx);
    return events;
  });
}

/** The caller steps down, or (with `djid`) a moderator takes a DJ off the stage. */
export async function stepDown(services: Services, caller: Caller, roomId: string, djid?: string): Promise<void> {
  await roomCommand(services, roomId, async (trx) => {
    const time = services.now();
    if (djid === undefined || djid === caller.userid) {
      const user = await roomUserOf(trx, caller.userid);
      if (!user || !(await stageOf(trx, roomId)).includes(user.userid)) throw errors.conflict(stageMessages.notDj);
      const events = await setOnStage(trx, time, roomId, user, false);
      await recountRoom(services, roomId, trx);
      return events;
    }
    const mod = await requireModerator(trx, roomId, caller);
    const dj = await requireTarget(trx, roomId, mod, djid);
    if (!(await stageOf(trx, roomId)).includes(dj.userid)) throw errors.conflict(stageMessages.notDj);
    const events = await setOnStage(trx, time, roomId, dj, false, mod.userid);
    await logModeration(trx, time, roomId, mod, { action: 'remove_dj', target: dj });
    await recountRoom(services, roomId, trx);
    return events;
  });
}
