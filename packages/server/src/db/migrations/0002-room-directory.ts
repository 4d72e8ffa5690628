/**
 * What the lobby's sorts need, each behind an index: the DJs' points on
 * stage (Best DJs), a stable random key (Random), and when the room was last
 * lively (the time part of hotness: docs/lobby.md).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('rooms')
    .addColumn('dj_points', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('rooms')
    .addColumn('shuffle_key', 'double precision', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('rooms').addColumn('active_at', 'bigint').execute();
  for (const column of ['dj_points', 'shuffle_key']) {
    await db.schema.createIndex(`rooms_${column}`).on('rooms').columns(['privacy', column]).execute();
  }
  await db.schema.createIndex('room_favorites_room').on('room_favorites').column('room_id').execute();
  await db.schema.createIndex('news_created').on('news').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('news_created').execute();
  await db.schema.dropIndex('room_favorites_room').execute();
  for (const column of ['dj_points', 'shuffle_key']) await db.schema.dropIndex(`rooms_${column}`).execute();
  for (const column of ['active_at', 'shuffle_key', 'dj_points']) {
    await db.schema.alterTable('rooms').dropColumn(column).execute();
  }
}
