/** Who has ignored whom (spec §3 User.blocked: block entries of blockedid and the blocked user's username). */
import type { Db } from '../../db/database';

export interface BlockEntry {
  blockedid: string;
  username: string;
}

/** A member's ignore list, oldest first: adding appends (spec §4 Ignore list). */
export async function blocksOf(db: Db, userId: string): Promise<BlockEntry[]> {
  const rows = await db
    .selectFrom('blocks')
    .innerJoin('users', 'users.id', 'blocks.blockedId')
    .select(['blocks.blockedId', 'users.name'])
    .where('blocks.userId', '=', userId)
    .orderBy('blocks.createdAt')
    .orderBy('blocks.blockedId')
    .execute();
  return rows.map((row) => ({ blockedid: row.blockedId, username: row.name ?? '' }));
}

export async function countBlocks(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('blocks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function isBlocked(db: Db, userId: string, blockedId: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blockedId')
    .where('userId', '=', userId)
    .where('blockedId', '=', blockedId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds to the list; adding twice is adding once. */
export async function addBlock(db: Db, userId: string, blockedId: string, at: number): Promise<void> {
  await db
    .insertInto('blocks')
    .values({ userId, blockedId, createdAt: at })
    .onConflict((oc) => oc.columns(['userId', 'blockedId']).doNothing())
    .execute();
}

export async function removeBlock(db: Db, userId: string, blockedId: string): Promise<void> {
  await db.deleteFrom('blocks').where('userId', '=', userId).where('blockedId', '=', blockedId).execute();
}

/** The ids a member has ignored. */
export async function blockedIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('blocks').select('blockedId').where('userId', '=', userId).execute();
  return rows.map((row) => row.blockedId);
}
