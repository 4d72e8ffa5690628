/**
 * Each room's sequence number (docs/realtime.md): bumped by every room
 * command, carried by every room event and snapshot, so pages see one
 * ordered history per room and notice a gap.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('rooms')
    .addColumn('seq', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rooms').dropColumn('seq').execute();
}
