/**
 * Votes are paced (issue 31, docs/room.md "Votes and points"): a listener's vote counts how often
 * they changed it on the song (`changes`, refused past VOTE_CHANGES_PER_SONG), and whether the
 * room has heard it yet (`told`: 0 while it waits for the next update_votes); a play keeps when
 * its room last heard its votes (`votes_told_at`), so update_votes go out at most once in
 * VOTE_UPDATE_MS whichever instance takes the vote.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('room_votes')
    .addColumn('changes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('room_votes')
    .addColumn('told', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('room_plays').addColumn('votes_told_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('room_plays').dropColumn('votes_told_at').execute();
  await db.schema.alterTable('room_votes').dropColumn('told').execute();
  await db.schema.alterTable('room_votes').dropColumn('changes').execute();
}
