/**
 * The room's own settings and its moderators: the owner (and staff) appoint
 * and remove moderators; any moderator edits the room (name, description,
 * max DJs, points to DJ, slow mode, the stage's rules). Told to the room, kept in the log.
 */
import { moderationMessages, type CallInput } from '@platter/contract';
import type { Caller, Services } from '../../api/context';
import { errors } from '../../api/errors';
import { readRoomDetails, recountRoom, roomCommand, roomUserOf, setOnStage, stageMayHaveRoom, stageOf } from '../rooms';
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
  stage_locked: 'stage locked',
  waitlist_locked: 'waitlist locked',
  afk_minutes: 'AFK minutes',
  max_song_minutes: 'longest song (minutes)',
  no_repeat_hours: 'no repeats (hours)',
  dj_song_limit: 'songs per DJ',
};

const logValue = (value: unknown) => (typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value));

/** The rows' columns for the changes sent (only what is sent changes). */
function roomColumns(changes: RoomChanges) {
  const set = <T>(value: T | undefined, column: (value: T) => object) => (value === undefined ? {} : column(value));
  return {
    ...set(changes.name, (name) => ({ name })),
    ...set(changes.description, (description) => ({ description: description || null })),
    ...set(changes.max_djs, (maxDjs) => ({ maxDjs: Number(maxDjs) })),
    ...set(changes.djthreshold, (djthreshold) => ({ djthreshold: Number(djthreshold) })),
    ...set(changes.slow_mode, (slowMode) => ({ slowMode: Number(slowMode) })),
    ...set(changes.stage_locked, (locked) => ({ stageLocked: locked ? 1 : 0 })),
    ...set(changes.waitlist_locked, (locked) => ({ waitlistLocked: locked ? 1 : 0 })),
    ...set(changes.afk_minutes, (minutes) => ({ afkMinutes: Number(minutes) })),
    ...set(changes.max_song_minutes, (minutes) => ({ maxSongMinutes: Number(minutes) })),
    ...set(changes.no_repeat_hours, (hours) => ({ noRepeatHours: Number(hours) })),
    ...set(changes.dj_song_limit, (songs) => ({ djSongLimit: Number(songs) })),
  };
}

export async function modifyRoom(services: Services, roomId: string, caller: Caller, changes: RoomChanges) {
  const fields = (Object.keys(LABELS) as (keyof RoomChanges)[]).filter((key) => changes[key] !== undefined);
  if (fields.length === 0) throw errors.invalid(moderationMessages.nothingToChange);
  await roomCommand(services, roomId, async (trx) => {
    const time = services.now();
    const mod = await requireModerator(trx, roomId, caller);
    await trx.updateTable('rooms').set(roomColumns(changes)).where('id', '=', roomId).execute();
    // The AFK clock starts when the limit is set: nobody is stepped down for idling before it.
    if (changes.afk_minutes !== undefined) {
      await trx.updateTable('roomMembers').set({ activeAt: time }).where('roomId', '=', roomId).execute();
    }
    // Fewer spots than DJs: the latest to step up step down. More spots, or an unlocked stage: the line moves.
    const events = [];
    if (changes.max_djs !== undefined) {
      const djs = await stageOf(trx, roomId);
      for (const djid of djs.slice(Number(changes.max_djs)).reverse()) {
        const dj = await roomUserOf(trx, djid);
        if (dj) events.push(...(await setOnStage(trx, time, roomId, dj, false, { modid: mod.userid })));
      }
      stageMayHaveRoom(trx, roomId);
    }
    if (changes.stage_locked === false) stageMayHaveRoom(trx, roomId);
    await recountRoom(services, roomId, trx);
    await logModeration(trx, time, roomId, mod, {
      action: 'modify_room',
      detail: fields.map((key) => `${LABELS[key]}: ${logValue(changes[key])}`).join('; '),
    });
    const room = await readRoomDetails(trx, roomId);
    if (!room) return events;
    return [...events, { command: 'update_room' as const, roomid: roomId, room, modid: mod.userid }];
  });
}
