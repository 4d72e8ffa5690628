/**
 * The room's chat index gains the speaker: (room, time, speaker). A room's recent chat is read in
 * time order from it as before, and the flood limit's count (a speaker's lines in the last few
 * seconds, on every line said) is now answered from the index alone. With (room, time) it looked
 * up every line the room heard in the window to see who said it: in a busy room, hundreds of
 * rows for each line (docs/realtime-bench.md, "a sixth look"). Replacing the index, rather than
 * adding one keyed by speaker, keeps a line's insert at the same number of pages.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('room_chat_recent')
    .on('room_chat')
    .columns(['room_id', 'created_at', 'user_id'])
    .execute();
  await db.schema.dropIndex('room_chat_by_room').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('room_chat_by_room').on('room_chat').columns(['room_id', 'created_at']).execute();
  await db.schema.dropIndex('room_chat_recent').execute();
}
