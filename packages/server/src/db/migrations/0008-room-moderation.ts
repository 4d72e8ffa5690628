/**
 * The room's stage order, its moderators, bans and mutes, the moderation log,
 * slow mode, and the pages each member has in a room (docs/room.md): all of
 * it survives a restart, and every instance reads the same.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('rooms')
    .addColumn('slow_mode', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // When a DJ stepped up: the stage's order. Null for listeners.
  await db.schema.alterTable('room_members').addColumn('dj_since', 'bigint').execute();
  // When the member's last page in the room closed: they keep their place until the grace period ends.
  await db.schema.alterTable('room_members').addColumn('away_since', 'bigint').execute();

  await db.schema
    .createTable('room_moderators')
    .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('added_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('room_moderators_pk', ['room_id', 'user_id'])
    .execute();

  // A ban (until null: for good) or a boot's cool-down (booted = 1).
  await db.schema
    .createTable('room_bans')
    .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('until', 'bigint')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('mod_id', 'text', (c) => c.notNull())
    .addColumn('booted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('room_bans_pk', ['room_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('room_mutes')
    .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('until', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('room_mutes_pk', ['room_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('room_moderation_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
    .addColumn('mod_id', 'text', (c) => c.notNull())
    .addColumn('mod_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    .addColumn('target_name', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('room_moderation_log_by_room')
    .on('room_moderation_log')
    .columns(['room_id', 'created_at'])
    .execute();

  // Each open page of a member in a room, so that a second tab counts once and closing one of
  // two keeps the member in; `seen_at` is renewed by its instance, so a dead instance's pages expire.
  await db.schema
    .createTable('room_pages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('seen_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('room_pages_by_user').on('room_pages').columns(['user_id', 'room_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('room_pages').execute();
  await db.schema.dropTable('room_moderation_log').execute();
  await db.schema.dropTable('room_mutes').execute();
  await db.schema.dropTable('room_bans').execute();
  await db.schema.dropTable('room_moderators').execute();
  await db.schema.alterTable('room_members').dropColumn('away_since').execute();
  await db.schema.alterTable('room_members').dropColumn('dj_since').execute();
  await db.schema.alterTable('rooms').dropColumn('slow_mode').execute();
}
