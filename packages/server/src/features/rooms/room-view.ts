/** Presents a room row as its own page shows it: the lobby's Room (directory/room-view.ts) and more. */
import type { RoomDetails } from '@platter/contract';
import type { Db } from '../../db/database';
import type { RoomRow } from '../../db/schema';
import { roomView } from '../directory';

export function roomDetailsView(row: RoomRow, moderatorIds: string[]): RoomDetails {
  const room = roomView(row);
  return {
    ...room,
    description: row.description,
    created: row.createdAt,
    metadata: {
      ...room.metadata,
      djthreshold: row.djthreshold,
      slow_mode: row.slowMode,
      creator: row.creatorId,
      moderator_id: moderatorIds,
      rules: {
        stage_locked: row.stageLocked === 1,
        waitlist_locked: row.waitlistLocked === 1,
        afk_minutes: row.afkMinutes,
        max_song_minutes: row.maxSongMinutes,
        no_repeat_hours: row.noRepeatHours,
        dj_song_limit: row.djSongLimit,
      },
    },
  };
}

/** The moderators the room's owner appointed, in the order they were. */
export async function moderatorIdsOf(db: Db, roomId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('roomModerators')
    .select('userId')
    .where('roomId', '=', roomId)
    .orderBy('addedAt')
    .orderBy('userId')
    .execute();
  return rows.map((row) => row.userId);
}

/** The room as its page shows it, read now. */
export async function readRoomDetails(db: Db, roomId: string): Promise<RoomDetails | null> {
  const row = await db.selectFrom('rooms').selectAll().where('id', '=', roomId).executeTakeFirst();
  return row ? roomDetailsView(row, await moderatorIdsOf(db, roomId)) : null;
}
