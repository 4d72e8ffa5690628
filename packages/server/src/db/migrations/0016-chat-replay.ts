/**
 * A chat line keeps its room sequence number and, when the page gave one, its client's message
 * id (docs/realtime.md, "When Redis is down"): after an outage of the bus, an instance reads
 * back the lines other instances stored meanwhile and hands them to its listeners in order, and a
 * line sent again with the same id (a retry whose first answer was lost) is stored once. The
 * index holds only lines that have an id, so a line without one costs its insert nothing more.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('room_chat').addColumn('seq', 'bigint').execute();
  await db.schema.alterTable('room_chat').addColumn('client_id', 'text').execute();
  await db.schema
    .createIndex('room_chat_client_id')
    .on('room_chat')
    .columns(['room_id', 'user_id', 'client_id'])
    .unique()
    .where(sql.ref('client_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('room_chat_client_id').execute();
  await db.schema.alterTable('room_chat').dropColumn('client_id').execute();
  await db.schema.alterTable('room_chat').dropColumn('seq').execute();
}
