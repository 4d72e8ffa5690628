/**
 * What a room's moderators do to people (docs/room.md): boot (out, back after
 * BOOT_COOLDOWN_MS), ban (for a time or for good), mute in chat, delete a
 * message. Each is one room command: checked, done, logged and told to the
 * room in its order. Someone taken out is then let go by their pages on every
 * instance (`room_exit` on their user channel).
 */
import { BOOT_COOLDOWN_MS, moderationMessages, type RoomBan, type RoomEvent, type RoomUser } from '@platter/contract';
import type { Caller, Services } from '../../api/context';
import { errors } from '../../api/errors';
import type { Db } from '../../db/database';
import { userChannel } from '../../realtime/channels';
import { announceLeft, currentRoomOf, removeMember, roomCommand } from '../rooms';
import { nameOf, requireModerator, requireTarget, type Moderator } from './authority';
import { logModeration } from './moderation-log';

interface Removal {
  roomId: string;
  caller: Caller;
  targetId: string;
  reason: string;
  /** Minutes; undefined: for good. */
  minutes?: number | undefined;
}

export async function bootUser(services: Services, removal: Omit<Removal, 'minutes'>): Promise<void> {
  await removeAndBar(services, removal, 'boot');
}

export async function banUser(services: Services, removal: Removal): Promise<void> {
  await removeAndBar(services, removal, 'ban');
}

/** Boot and ban: a row in room_bans that keeps them out, the events, the log, then their pages let go. */
async function removeAndBar(services: Services, removal: Removal, action: 'boot' | 'ban'): Promise<void> {
  const { roomId, caller, targetId, reason, minutes } = removal;
  let target: RoomUser | null = null;
  let removed = false;
  await roomCommand(services, roomId, async (trx) => {
    const time = services.now();
    const mod = await requireModerator(trx, roomId, caller);
    target = await requireTarget(trx, roomId, mod, targetId);
    const here = (await currentRoomOf(trx, targetId)) === roomId;
    if (action === 'boot' && !here) throw errors.conflict(moderationMessages.notHere);
    const until = action === 'boot' ? time + BOOT_COOLDOWN_MS : minutes === undefined ? null : time + minutes * 60_000;
    const booted = action === 'boot' ? 1 : 0;
    await trx
      .insertInto('roomBans')
      .values({ roomId, userId: targetId, until, reason, modId: mod.userid, booted, createdAt: time })
      .onConflict((oc) =>
        oc.columns(['roomId', 'userId']).doUpdateSet({ until, reason, modId: mod.userid, booted, createdAt: time }),
      )
      .execute();
    const told: RoomEvent =
      action === 'boot'
        ? { command: 'booted_user', roomid: roomId, userid: targetId, name: nameOf(target), modid: mod.userid, reason }
        : {
            command: 'banned_user',
            roomid: roomId,
            userid: targetId,
            name: nameOf(target),
            modid: mod.userid,
            reason,
            until,
          };
    const detail = action === 'ban' ? (minutes === undefined ? 'for good' : `for ${minutes} minutes`) : '';
    await logModeration(trx, time, roomId, mod, { action, target, reason, detail });
    removed = here;
    return [told, ...(here ? await removeMember(services, trx, roomId, target, mod.userid) : [])];
  });
  if (!removed) return;
  const err = action === 'boot' ? moderationMessages.booted : moderationMessages.banned;
  await services.hub.publish(userChannel(targetId), {
    type: 'room_exit',
    roomid: roomId,
    err: withReason(err, reason),
  });
  await announceLeft(services, targetId);
}

const withReason = (err: string, reason: string) => (reason ? `${err} Reason: ${reason}` : err);

export async function unbanUser(services: Services, roomId: string, caller: Caller, targetId: string): Promise<void> {
  await roomCommand(services, roomId, async (trx) => {
    const mod = await requireModerator(trx, roomId, caller);
    const target = await requireTarget(trx, roomId, mod, targetId);
    const lifted = await trx
      .deleteFrom('roomBans')
      .where('roomId', '=', roomId)
      .where('userId', '=', targetId)
      .executeTakeFirst();
    if (Number(lifted.numDeletedRows) === 0) throw errors.conflict(moderationMessages.notBanned);
    await logModeration(trx, services.now(), roomId, mod, { action: 'unban', target });
    return [];
  });
}

/** The bans (and boots' cool-downs) still in force, newest first: for moderators. */
export async function banList(services: Services, roomId: string, caller: Caller): Promise<RoomBan[]> {
  await requireModerator(services.db, roomId, caller);
  const rows = await activeBans(services.db, roomId, services.now()).execute();
  return rows.map((row) => ({
    userid: row.userId,
    name: row.name,
    until: row.until === null ? null : Number(row.until),
    reason: row.reason,
    modid: row.modId,
    booted: row.booted === 1,
  }));
}

function activeBans(db: Db, roomId: string, now: number) {
  return db
    .selectFrom('roomBans')
    .innerJoin('users', 'users.id', 'roomBans.userId')
    .select(['roomBans.userId', 'users.name', 'roomBans.until', 'roomBans.reason', 'roomBans.modId', 'roomBans.booted'])
    .where('roomBans.roomId', '=', roomId)
    .where((eb) => eb.or([eb('roomBans.until', 'is', null), eb('roomBans.until', '>', now)]))
    .orderBy('roomBans.createdAt', 'desc');
}

/** Why a person may not come into the room now (with the moderator's reason, as when they were let go), or null if they may. */
export async function barredFrom(db: Db, roomId: string, userId: string, now: number): Promise<string | null> {
  const ban = await db
    .selectFrom('roomBans')
    .select(['until', 'booted', 'reason'])
    .where('roomId', '=', roomId)
    .where('userId', '=', userId)
    .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', now)]))
    .executeTakeFirst();
  if (!ban) return null;
  // A boot always ends (BOOT_COOLDOWN_MS): the minutes left, rounded up.
  if (ban.booted === 1) {
    const minutes = Math.max(1, Math.ceil((Number(ban.until) - now) / 60_000));
    return withReason(moderationMessages.bootedFor(minutes), ban.reason);
  }
  if (ban.until === null) return withReason(moderationMessages.banned, ban.reason);
  const until = `${new Date(Number(ban.until)).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return withReason(moderationMessages.bannedUntil(until), ban.reason);
}

export async function muteUser(
  services: Services,
  mute: { roomId: string; caller: Caller; targetId: string; minutes: number | null; reason?: string },
): Promise<void> {
  const { roomId, caller, targetId, minutes } = mute;
  await roomCommand(services, roomId, async (trx) => {
    const time = services.now();
    const mod = await requireModerator(trx, roomId, caller);
    const target = await requireTarget(trx, roomId, mod, targetId);
    const until = minutes === null ? null : time + minutes * 60_000;
    if (until === null) {
      // Lifting a mute that is not there would tell the room of an unmute that never was.
      const lifted = await trx
        .deleteFrom('roomMutes')
        .where('roomId', '=', roomId)
        .where('userId', '=', targetId)
        .where('until', '>', time)
        .executeTakeFirst();
      if (Number(lifted.numDeletedRows) === 0) throw errors.conflict(moderationMessages.notMuted);
    } else {
      await trx
        .insertInto('roomMutes')
        .values({ roomId, userId: targetId, until })
        .onConflict((oc) => oc.columns(['roomId', 'userId']).doUpdateSet({ until }))
        .execute();
    }
    await logModeration(trx, time, roomId, mod, {
      action: until === null ? 'unmute' : 'mute',
      target,
      reason: mute.reason ?? '',
      detail: minutes === null ? '' : `for ${minutes} minutes`,
    });
    return [
      { command: 'muted_user', roomid: roomId, userid: targetId, name: nameOf(target), modid: mod.userid, until },
    ];
  });
}

/** Who may not chat in the room now, and until when (epoch ms). */
export async function mutesOf(db: Db, roomId: string, now: number): Promise<Record<string, number>> {
  const mutes = await db
    .selectFrom('roomMutes')
    .select(['userId', 'until'])
    .where('roomId', '=', roomId)
    .where('until', '>', now)
    .execute();
  return Object.fromEntries(mutes.map((mute) => [mute.userId, Number(mute.until)]));
}

export async function deleteChat(services: Services, roomId: string, caller: Caller, chatid: string): Promise<void> {
  await roomCommand(services, roomId, async (trx) => {
    const mod: Moderator = await requireModerator(trx, roomId, caller);
    const line = await trx
      .selectFrom('roomChat')
      .select(['userId', 'text'])
      .where('id', '=', chatid)
      .where('roomId', '=', roomId)
      .executeTakeFirst();
    if (!line) throw errors.notFound(moderationMessages.chatMissing);
    // A line is its author's: deleting it acts on them, so whom a moderator may not act on (the
    // owner, staff, and for a moderator another moderator) keeps their words. Their own they may take back.
    const author =
      line.userId === mod.userid
        ? { userid: mod.userid, name: mod.name }
        : await requireTarget(trx, roomId, mod, line.userId);
    await trx.deleteFrom('roomChat').where('id', '=', chatid).execute();
    await logModeration(trx, services.now(), roomId, mod, { action: 'delete_chat', target: author, detail: line.text });
    return [{ command: 'chat_deleted', roomid: roomId, chatid, modid: mod.userid }];
  });
}
