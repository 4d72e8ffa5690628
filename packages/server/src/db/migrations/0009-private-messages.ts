/**
 * Private messages between members (docs/pm.md): kept, so a conversation's
 * history survives restarts and the flood limit counts the same messages on
 * every instance. `read_at` is set when the receiver reads the conversation;
 * unread counts are the receiver's messages without it.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('private_messages')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('sender_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('receiver_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('read_at', 'bigint')
    .execute();
  // A conversation read either way, and a member's unread messages by sender.
  await db.schema
    .createIndex('private_messages_by_pair')
    .on('private_messages')
    .columns(['sender_id', 'receiver_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('private_messages_by_receiver')
    .on('private_messages')
    .columns(['receiver_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('private_messages').execute();
}
