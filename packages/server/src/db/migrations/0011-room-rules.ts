/**
 * A room's rules for its stage (docs/room.md, "Room rules"): the locks and limits on `rooms`
 * (0 is off), the line for the stage (`room_waitlist`, dense positions from 0), and on each
 * member what the rules read: when they last did something in the room (AFK), how many songs
 * they played since they stepped up, and their own plan to step down.
 */
import type { Kysely } from 'kysely';

const ROOM_RULES = [
  'stage_locked',
  'waitlist_locked',
  'afk_minutes',
  'max_song_minutes',
  'no_repeat_hours',
  'dj_song_limit',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ROOM_RULES) {
    await db.schema
      .alterTable('rooms')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.schema.alterTable('room_members').addColumn('active_at', 'bigint').execute();
  await db.schema
    .alterTable('room_members')
    .addColumn('dj_plays', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Songs left before they step down of their own plan; null: no plan.
  await db.schema.alterTable('room_members').addColumn('dj_plan', 'integer').execute();

  await db.schema
    .createTable('room_waitlist')
    .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('room_waitlist_pk', ['room_id', 'user_id'])
    .execute();
  // The no-repeat rule looks up what a room played lately.
  await db.schema
    .createIndex('room_plays_by_file')
    .on('room_plays')
    .columns(['room_id', 'file_hash', 'starts_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('room_plays_by_file').execute();
  await db.schema.dropTable('room_waitlist').execute();
  for (const column of ['dj_plan', 'dj_plays', 'active_at'])
    await db.schema.alterTable('room_members').dropColumn(column).execute();
  for (const column of ROOM_RULES) await db.schema.alterTable('rooms').dropColumn(column).execute();
}
