import type { Db } from '../../db/database';
import { STICKER_DESIGNS, stickerId, stickerPath } from './art';

/**
 * Makes the stickers table match the designs in art.ts on every start: new
 * designs appear, prices and names follow the code, and designs removed from
 * it are retired (kept, since members may own or have placed them).
 */
export async function syncStickerCatalogue(db: Db, now: number): Promise<void> {
  const ids = STICKER_DESIGNS.map((design) => stickerId(design.slug));
  for (const design of STICKER_DESIGNS) {
    const row = { name: design.name, path: stickerPath(design.slug), price: design.price, state: 'active' };
    await db
      .insertInto('stickers')
      .values({ id: stickerId(design.slug), createdAt: now, ...row })
      .onConflict((oc) => oc.column('id').doUpdateSet(row))
      .execute();
  }
  await db.updateTable('stickers').set({ state: 'retired' }).where('id', 'not in', ids).execute();
}
