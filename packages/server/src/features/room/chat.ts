/**
 * The room's chat: a message is a room command (stored, numbered, then heard
 * by everyone in the room as a `speak` event). Only people in the room may
 * speak, and each at most CHAT_FLOOD_MESSAGES times in CHAT_FLOOD_WINDOW_MS;
 * the count is read from the stored chat, so every instance counts alike.
 */
import {
  CHAT_FLOOD_MESSAGES,
  CHAT_FLOOD_WINDOW_MS,
  CHAT_HISTORY_SIZE,
  chatMessages,
  type ChatLine,
} from '@platter/contract';
import type { Services } from '../../api/context';
import { ApiError, errors } from '../../api/errors';
import type { Db } from '../../db/database';
import { newId } from '../../lib/ids';
import { roomCommand } from '../rooms';

export async function speak(services: Services, userId: string, roomId: string, text: string): Promise<void> {
  await roomCommand(services, roomId, async (trx) => {
    const speaker = await trx
      .selectFrom('roomMembers')
      .innerJoin('users', 'users.id', 'roomMembers.userId')
      .select('users.name')
      .where('roomMembers.userId', '=', userId)
      .where('roomMembers.roomId', '=', roomId)
      .executeTakeFirst();
    if (!speaker?.name) throw errors.forbidden(chatMessages.notInRoom);
    const time = services.now();
    const { recent } = await trx
      .selectFrom('roomChat')
      .select((eb) => eb.fn.countAll<number>().as('recent'))
      .where('roomId', '=', roomId)
      .where('userId', '=', userId)
      .where('createdAt', '>', time - CHAT_FLOOD_WINDOW_MS)
      .executeTakeFirstOrThrow();
    if (Number(recent) >= CHAT_FLOOD_MESSAGES) throw new ApiError(chatMessages.flood, 'rate_limited');
    await trx
      .insertInto('roomChat')
      .values({ id: newId(), roomId, userId, name: speaker.name, text, createdAt: time })
      .execute();
    return [{ command: 'speak', roomid: roomId, userid: userId, name: speaker.name, text, time }];
  });
}

/** The room's recent chat, oldest first. */
export async function recentChat(db: Db, roomId: string): Promise<ChatLine[]> {
  const rows = await db
    .selectFrom('roomChat')
    .select(['userId', 'name', 'text', 'createdAt'])
    .where('roomId', '=', roomId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(CHAT_HISTORY_SIZE)
    .execute();
  return rows
    .reverse()
    .map((row) => ({ userid: row.userId, name: row.name, text: row.text, time: Number(row.createdAt) }));
}
