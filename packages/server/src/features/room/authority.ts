/**
 * Who may keep order in a room: its creator (the owner), the moderators the
 * owner appointed, and staff (superusers, acl ≥ 1) in every room. A moderator
 * acts on listeners and DJs; only the owner and staff act on moderators, and
 * nobody acts on the owner or on staff.
 */
import { moderationMessages, type RoomUser } from '@platter/contract';
import type { Caller } from '../../api/context';
import { errors } from '../../api/errors';
import type { Db } from '../../db/database';
import { roomUserOf } from '../rooms';

export interface Standing {
  owner: boolean;
  moderator: boolean;
  staff: boolean;
}

export async function standingOf(trx: Db, roomId: string, userId: string): Promise<Standing> {
  const row = await trx
    .selectFrom('users')
    .leftJoin('rooms', (join) => join.on('rooms.id', '=', roomId).onRef('rooms.creatorId', '=', 'users.id'))
    .leftJoin('roomModerators', (join) =>
      join.on('roomModerators.roomId', '=', roomId).onRef('roomModerators.userId', '=', 'users.id'),
    )
    .select(['users.acl', 'rooms.id as ownedRoom', 'roomModerators.userId as moderatorId'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return { owner: Boolean(row?.ownedRoom), moderator: Boolean(row?.moderatorId), staff: (row?.acl ?? 0) >= 1 };
}

export const moderates = (standing: Standing): boolean => standing.owner || standing.moderator || standing.staff;

/** A moderator acting in a room, with the name the log keeps. */
export interface Moderator extends Standing {
  userid: string;
  name: string;
}

/** The caller, if they moderate the room; else the call is refused (with `refusal`, if the call has words of its own). */
export async function requireModerator(
  trx: Db,
  roomId: string,
  caller: Caller,
  refusal: string = moderationMessages.notModerator,
): Promise<Moderator> {
  const standing = await standingOf(trx, roomId, caller.userid);
  if (!moderates(standing)) throw errors.forbidden(refusal);
  const user = await roomUserOf(trx, caller.userid);
  return { ...standing, userid: caller.userid, name: user?.name ?? 'A moderator' };
}

/** The person a moderator acts on, if the moderator may act on them. */
export async function requireTarget(trx: Db, roomId: string, mod: Moderator, targetId: string): Promise<RoomUser> {
  if (targetId === mod.userid) throw errors.invalid(moderationMessages.yourself);
  const target = await roomUserOf(trx, targetId);
  if (!target) throw errors.notFound(moderationMessages.targetUnknown);
  const standing = await standingOf(trx, roomId, targetId);
  const outranks = mod.owner || mod.staff;
  if (standing.owner || standing.staff || (standing.moderator && !outranks)) {
    throw errors.forbidden(moderationMessages.protected);
  }
  return target;
}

/** How a person is named in the room's words: their name, or "A guest". */
export const nameOf = (user: RoomUser): string => user.name ?? 'A guest';
