/** Data access for rooms and room favorites. */
import type { Db } from '../../db/database';
import type { RoomRow } from '../../db/schema';

/** A room by its id or its shortcut: what follows the slash in a room's address. */
export function findRoom(db: Db, idOrShortcut: string): Promise<RoomRow | undefined> {
  return db
    .selectFrom('rooms')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrShortcut), eb('shortcut', '=', idOrShortcut.toLowerCase())]))
    .executeTakeFirst();
}

export async function isShortcutTaken(db: Db, shortcut: string): Promise<boolean> {
  return (await db.selectFrom('rooms').select('id').where('shortcut', '=', shortcut).executeTakeFirst()) !== undefined;
}

export async function addFavorite(db: Db, userId: string, roomId: string, at: number): Promise<void> {
  await db
    .insertInto('roomFavorites')
    .values({ userId, roomId, createdAt: at })
    .onConflict((oc) => oc.columns(['userId', 'roomId']).doNothing())
    .execute();
}

export async function removeFavorite(db: Db, userId: string, roomId: string): Promise<void> {
  await db.deleteFrom('roomFavorites').where('userId', '=', userId).where('roomId', '=', roomId).execute();
}

export async function favoriteRoomIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('roomFavorites')
    .select('roomId')
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .execute();
  return rows.map((r) => r.roomId);
}
