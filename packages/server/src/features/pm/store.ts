/** Private messages in the database: one row per message, read or not (docs/pm.md). */
import type { PmMessage } from '@platter/contract';
import type { Db } from '../../db/database';
import type { PrivateMessagesTable } from '../../db/schema';

type Row = Omit<PrivateMessagesTable, 'readAt'>;

export function messageView(row: Row): PmMessage {
  return {
    id: row.id,
    senderid: row.senderId,
    receiverid: row.receiverId,
    text: row.text,
    time: Number(row.createdAt),
  };
}

export async function insertMessage(db: Db, row: Row): Promise<void> {
  await db
    .insertInto('privateMessages')
    .values({ ...row, readAt: null })
    .execute();
}

/** How many messages a member sent (to anyone) after `since`: the flood limit's count. */
export async function countSentSince(db: Db, senderId: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('privateMessages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('senderId', '=', senderId)
    .where('createdAt', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findMessage(db: Db, id: string) {
  return db.selectFrom('privateMessages').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * A page of the conversation between two members, newest first: `limit` messages sent before
 * `before` (a message of theirs), or the newest ones.
 */
export async function conversationPage(
  db: Db,
  me: string,
  other: string,
  limit: number,
  before?: { createdAt: number; id: string },
): Promise<Row[]> {
  let query = db
    .selectFrom('privateMessages')
    .select(['id', 'senderId', 'receiverId', 'text', 'createdAt'])
    .where((eb) =>
      eb.or([
        eb.and([eb('senderId', '=', me), eb('receiverId', '=', other)]),
        eb.and([eb('senderId', '=', other), eb('receiverId', '=', me)]),
      ]),
    );
  if (before) {
    query = query.where((eb) =>
      eb.or([
        eb('createdAt', '<', before.createdAt),
        eb.and([eb('createdAt', '=', before.createdAt), eb('id', '<', before.id)]),
      ]),
    );
  }
  return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** The members a member has exchanged messages with, latest conversation first. */
export async function partnersOf(db: Db, me: string, limit: number): Promise<Array<{ other: string; last: number }>> {
  const rows = await db
    .selectFrom('privateMessages')
    .select((eb) => [
      eb.case().when('senderId', '=', me).then(eb.ref('receiverId')).else(eb.ref('senderId')).end().as('other'),
      eb.fn.max('createdAt').as('last'),
    ])
    .where((eb) => eb.or([eb('senderId', '=', me), eb('receiverId', '=', me)]))
    .groupBy('other')
    .orderBy('last', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ other: String(row.other), last: Number(row.last) }));
}

/** A member's unread messages, counted by sender. */
export async function unreadBySender(db: Db, me: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('privateMessages')
    .select((eb) => ['senderId', eb.fn.countAll<number>().as('n')])
    .where('receiverId', '=', me)
    .where('readAt', 'is', null)
    .groupBy('senderId')
    .execute();
  return new Map(rows.map((row) => [row.senderId, Number(row.n)]));
}

/** Everything `other` has sent `me` so far is read; answers how many messages that changed. */
export async function markRead(db: Db, me: string, other: string, at: number): Promise<number> {
  const result = await db
    .updateTable('privateMessages')
    .set({ readAt: at })
    .where('receiverId', '=', me)
    .where('senderId', '=', other)
    .where('readAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
