/**
 * What the lobby's sorts need, each behind an index: the DJs' points on
 * stage (Best DJs), a stable random key (Random), and when the room was last
 * lively (the time part of hotness: docs/lobby.md). Each sort's index ends in
 * the id, the tie-breaker, so a page is read straight off the index; the
 * section-aware variants put featured rooms first.
 */
import type { Kysely } from 'kysely';

const SORT_COLUMNS = ['hotness', 'listeners', 'dj_points', 'created_at'];

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
  for (const column of ['hotness', 'listeners', 'created_at']) await db.schema.dropIndex(`rooms_${column}`).execute();
  for (const column of SORT_COLUMNS) {
    await db.schema.createIndex(`rooms_by_${column}`).on('rooms').columns(['privacy', column, 'id']).execute();
    await db.schema
      .createIndex(`rooms_featured_by_${column}`)
      .on('rooms')
      .columns(['privacy', 'featured', column, 'id'])
      .execute();
  }
  await db.schema.createIndex('rooms_by_shuffle_key').on('rooms').columns(['privacy', 'shuffle_key']).execute();
  await db.schema.createIndex('room_favorites_room').on('room_favorites').column('room_id').execute();
  await db.schema.createIndex('news_created').on('news').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('news_created').execute();
  await db.schema.dropIndex('room_favorites_room').execute();
  await db.schema.dropIndex('rooms_by_shuffle_key').execute();
  for (const column of SORT_COLUMNS) {
    await db.schema.dropIndex(`rooms_by_${column}`).execute();
    await db.schema.dropIndex(`rooms_featured_by_${column}`).execute();
  }
  for (const column of ['hotness', 'listeners', 'created_at']) {
    await db.schema.createIndex(`rooms_${column}`).on('rooms').columns(['privacy', column]).execute();
  }
  for (const column of ['active_at', 'shuffle_key', 'dj_points']) {
    await db.schema.alterTable('rooms').dropColumn(column).execute();
  }
}
