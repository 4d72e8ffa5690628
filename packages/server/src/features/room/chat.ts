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
  REPORT_CHATLOG_SIZE,
  type ChatLine,
  type RoomChatLine,
  type RoomEvent,
} from '@platter/contract';
import type { Services } from '../../api/context';
import { ApiError, errors } from '../../api/errors';
import type { Db } from '../../db/database';
import type { RoomChatTable } from '../../db/schema';
import { reusableQuery } from '../../db/reusable-query';
import { newId } from '../../lib/ids';
import { markActive, roomCommand } from '../rooms';
import { moderates, standingOf } from './authority';

/**
 * Stores a line and tells the room. `clientId` is the page's id for the message: a line sent again
 * with it (a retry whose answer was lost to a dropped line) is stored and heard once, and the retry
 * answers as the first did.
 */
export async function speak(
  services: Services,
  userId: string,
  roomId: string,
  text: string,
  clientId: string | null = null,
): Promise<void> {
  await roomCommand(services, roomId, async (trx, seq) => {
    // Under the room's lock: a retry racing its first attempt waits for it, and finds its line.
    if (clientId !== null && (await findLine(trx, { roomId, userId, clientId })).rows.length > 0) return [];
    const time = services.now();
    const {
      rows: [speaker],
    } = await readSpeaker(trx, { roomId, userId, since: time - CHAT_FLOOD_WINDOW_MS });
    if (!speaker?.name) throw errors.forbidden(chatMessages.notInRoom);
    if (speaker.mutedUntil !== null && Number(speaker.mutedUntil) > time) throw errors.forbidden(chatMessages.muted);
    if (speaker.slowMode > 0) await slowModeAllows(trx, roomId, userId, time, speaker.slowMode);
    if (Number(speaker.recent) >= CHAT_FLOOD_MESSAGES) throw new ApiError(chatMessages.flood, 'rate_limited');
    // Speaking counts as being there (the AFK rule); written only while the room has the rule.
    if (speaker.afkMinutes > 0) await markActive(trx, roomId, userId, time);
    const chatid = newId();
    const line = { id: chatid, roomId, userId, name: speaker.name, text, createdAt: time, seq, clientId };
    await insertLine(trx, line);
    const acl = speaker.acl;
    return [{ command: 'speak', roomid: roomId, userid: userId, name: speaker.name, text, time, chatid, acl }];
  });
}

const findLine = reusableQuery(
  (db: Db, { roomId, userId, clientId }: { roomId: string; userId: string; clientId: string }) =>
    db
      .selectFrom('roomChat')
      .select('id')
      .where('roomId', '=', roomId)
      .where('userId', '=', userId)
      .where('clientId', '=', clientId),
);

/**
 * The lines stored in the room after `since` (the storing instance's clock), as the `speak` events
 * they were told as, with their sequence numbers, in order: what a listener here may have missed
 * while the bus was away (room/replay.ts).
 */
export async function linesAfter(
  db: Db,
  roomId: string,
  since: number,
): Promise<{ seq: number; event: Extract<RoomEvent, { command: 'speak' }> }[]> {
  const rows = await db
    .selectFrom('roomChat')
    .innerJoin('users', 'users.id', 'roomChat.userId')
    .select(['roomChat.id', 'roomChat.userId', 'roomChat.name', 'roomChat.text', 'roomChat.createdAt'])
    .select(['roomChat.seq', 'users.acl'])
    .where('roomChat.roomId', '=', roomId)
    .where('roomChat.createdAt', '>', since)
    .where('roomChat.seq', 'is not', null)
    .orderBy('roomChat.seq')
    .execute();
  return rows.map((row) => ({
    seq: Number(row.seq),
    event: {
      command: 'speak',
      roomid: roomId,
      userid: row.userId,
      name: row.name,
      text: row.text,
      time: Number(row.createdAt),
      chatid: row.id,
      acl: row.acl,
    },
  }));
}

/**
 * Who speaks, whether they are muted, the room's slow mode, and how many lines they said in the
 * flood window: one read, compiled once (chat is the room's hot path).
 */
const readSpeaker = reusableQuery(
  (db: Db, { roomId, userId, since }: { roomId: string; userId: string; since: number }) =>
    db
      .selectFrom('roomMembers')
      .innerJoin('users', 'users.id', 'roomMembers.userId')
      .innerJoin('rooms', 'rooms.id', 'roomMembers.roomId')
      .leftJoin('roomMutes', (join) =>
        join.onRef('roomMutes.roomId', '=', 'roomMembers.roomId').onRef('roomMutes.userId', '=', 'roomMembers.userId'),
      )
      .select(['users.name', 'users.acl', 'rooms.slowMode', 'rooms.afkMinutes', 'roomMutes.until as mutedUntil'])
      .select(() => linesSince(db, roomId, userId, since).as('recent'))
      .where('roomMembers.userId', '=', userId)
      .where('roomMembers.roomId', '=', roomId),
);

/**
 * How many lines `userId` said in the room after `since`: the flood limit's count, on every line
 * said. Answered from the index room_chat_recent alone (room, time, speaker), without reading the
 * lines themselves: in a busy room the window holds hundreds of other people's lines.
 */
export function linesSince(db: Db, roomId: string, userId: string, since: number) {
  return db
    .selectFrom('roomChat')
    .select((count) => count.fn.countAll<number>().as('recent'))
    .where('roomChat.roomId', '=', roomId)
    .where('roomChat.userId', '=', userId)
    .where('roomChat.createdAt', '>', since);
}

/** Stores a line: compiled once, as the speaker read (building an insert is most of its cost). */
const insertLine = reusableQuery((db: Db, line: RoomChatTable) =>
  db.insertInto('roomChat').values({
    id: line.id,
    roomId: line.roomId,
    userId: line.userId,
    name: line.name,
    text: line.text,
    createdAt: line.createdAt,
    seq: line.seq,
    clientId: line.clientId,
  }),
);

/** Slow mode: one message per `slowMode` seconds per person; the room's moderators are exempt. */
async function slowModeAllows(trx: Db, roomId: string, userId: string, time: number, slowMode: number) {
  const last = await trx
    .selectFrom('roomChat')
    .select('id')
    .where('roomId', '=', roomId)
    .where('userId', '=', userId)
    .where('createdAt', '>', time - slowMode * 1000)
    .executeTakeFirst();
  if (last && !moderates(await standingOf(trx, roomId, userId))) {
    throw new ApiError(chatMessages.slowMode(slowMode), 'rate_limited');
  }
}

/** The room's recent chat, oldest first. */
export async function recentChat(db: Db, roomId: string): Promise<RoomChatLine[]> {
  const rows = await db
    .selectFrom('roomChat')
    .innerJoin('users', 'users.id', 'roomChat.userId')
    .select(['roomChat.id', 'roomChat.userId', 'roomChat.name', 'roomChat.text', 'roomChat.createdAt', 'users.acl'])
    .where('roomChat.roomId', '=', roomId)
    .orderBy('roomChat.createdAt', 'desc')
    .orderBy('roomChat.id', 'desc')
    .limit(CHAT_HISTORY_SIZE)
    .execute();
  return rows.reverse().map((row) => ({
    chatid: row.id,
    userid: row.userId,
    name: row.name,
    text: row.text,
    time: Number(row.createdAt),
    acl: row.acl,
  }));
}

/**
 * What a report about `userId` carries (docs/profiles.md): the room's last REPORT_CHATLOG_SIZE
 * lines, and that member's own last REPORT_CHATLOG_SIZE lines there however long ago, oldest
 * first. The room's record, never the reporter's word.
 */
export async function chatForReport(db: Db, roomId: string, userId: string): Promise<ChatLine[]> {
  const recent = (about: string | null) => {
    let query = db
      .selectFrom('roomChat')
      .select(['id', 'userId', 'name', 'text', 'createdAt'])
      .where('roomId', '=', roomId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(REPORT_CHATLOG_SIZE);
    if (about !== null) query = query.where('userId', '=', about);
    return query.execute();
  };
  const [room, theirs] = await Promise.all([recent(null), recent(userId)]);
  const lines = new Map([...room, ...theirs].map((row) => [row.id, row]));
  return [...lines.values()]
    .sort((a, b) => Number(a.createdAt) - Number(b.createdAt) || a.id.localeCompare(b.id))
    .map((row) => ({ userid: row.userId, name: row.name, text: row.text, time: Number(row.createdAt) }));
}
