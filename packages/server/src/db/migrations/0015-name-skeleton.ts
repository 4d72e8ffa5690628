/**
 * DJ names become unique by their confusable skeleton (lib/name-skeleton.ts), so 'Bоb' with a
 * Cyrillic о cannot pass for 'Bob'. Existing members get theirs; where look-alikes already
 * coexist, the first to register keeps the skeleton and the others keep their names with none
 * (NULL, which the unique index lets repeat) until they rename.
 */
import type { Kysely } from 'kysely';
import { nameSkeleton } from '../../lib/name-skeleton';

/** The users table as this migration sees it. */
interface Users {
  users: {
    id: string;
    name: string | null;
    name_skeleton: string | null;
    registered_at: number | null;
    created_at: number;
  };
}

export async function up(unknownDb: Kysely<unknown>): Promise<void> {
  const db = unknownDb as Kysely<Users>;
  await db.schema.alterTable('users').addColumn('name_skeleton', 'text').execute();
  const named = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('name', 'is not', null)
    .orderBy('registered_at')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const held = new Set<string>();
  for (const { id, name } of named) {
    const skeleton = nameSkeleton(name ?? '');
    if (held.has(skeleton)) continue;
    held.add(skeleton);
    await db.updateTable('users').set({ name_skeleton: skeleton }).where('id', '=', id).execute();
  }
  await db.schema.createIndex('users_name_skeleton').on('users').column('name_skeleton').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_name_skeleton').execute();
  await db.schema.alterTable('users').dropColumn('name_skeleton').execute();
}
