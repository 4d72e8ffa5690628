/** The room's moderation log: every moderator action, kept for the room's moderators to read. */
import {
  MODERATION_LOG_PAGE_SIZE,
  type ModerationAction,
  type ModerationEntry,
  type RoomUser,
} from '@platter/contract';
import type { Db } from '../../db/database';
import { newId } from '../../lib/ids';
import type { Moderator } from './authority';

export interface LogLine {
  action: ModerationAction;
  target?: Pick<RoomUser, 'userid' | 'name'> | null;
  reason?: string;
  detail?: string;
}

/**
 * Keeps a moderator's action. Runs inside the room's command (under its lock), so each entry is
 * stamped strictly after the room's last, even within one millisecond: the log's order, and its
 * paging by time, are the actions' own.
 */
export async function logModeration(trx: Db, time: number, roomId: string, mod: Moderator, line: LogLine) {
  const { latest } = await trx
    .selectFrom('roomModerationLog')
    .select((eb) => eb.fn.max('createdAt').as('latest'))
    .where('roomId', '=', roomId)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('roomModerationLog')
    .values({
      id: newId(),
      roomId,
      modId: mod.userid,
      modName: mod.name,
      action: line.action,
      targetId: line.target?.userid ?? null,
      targetName: line.target ? (line.target.name ?? 'A guest') : null,
      reason: line.reason ?? '',
      detail: line.detail ?? '',
      createdAt: Math.max(time, Number(latest ?? 0) + 1),
    })
    .execute();
}

/** Newest first, a page at a time (`before`: the time of the last entry seen). */
export async function moderationLog(db: Db, roomId: string, before?: number): Promise<ModerationEntry[]> {
  let query = db
    .selectFrom('roomModerationLog')
    .selectAll()
    .where('roomId', '=', roomId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(MODERATION_LOG_PAGE_SIZE);
  if (before !== undefined) query = query.where('createdAt', '<', before);
  const rows = await query.execute();
  return rows.map((row) => ({
    time: Number(row.createdAt),
    action: row.action as ModerationAction,
    modid: row.modId,
    mod_name: row.modName,
    target_userid: row.targetId,
    target_name: row.targetName,
    reason: row.reason,
    detail: row.detail,
  }));
}
