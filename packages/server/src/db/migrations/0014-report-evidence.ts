/**
 * Reports keep where their chat log came from (docs/profiles.md): `room` for the room's own record
 * of its chat, read by the server when the report is made; `reporter` for what a reporter's client
 * sent, which is all the reports made before this kept. Staff read the second as the reporter's
 * word, never as what the reported member said. Reports are counted per reporter over the last
 * day (REPORTS_PER_DAY), from the index on (reporter, time).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('reports')
    .addColumn('chatlog_source', 'text', (column) => column.notNull().defaultTo('reporter'))
    .execute();
  await db.schema.createIndex('reports_by_reporter').on('reports').columns(['reporter_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('reports_by_reporter').execute();
  await db.schema.alterTable('reports').dropColumn('chatlog_source').execute();
}
