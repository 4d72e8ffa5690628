/**
 * A room's chat (docs/room.md): kept so that a page joining, or coming back
 * after a restart, sees the recent conversation, and so that the flood limit
 * counts the same messages on every instance.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('room_chat')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('room_id', 'text', (column) => column.notNull().references('rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('room_chat_by_room').on('room_chat').columns(['room_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('room_chat').execute();
}
