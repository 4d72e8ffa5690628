/** Laptop stickers: the catalogue, who bought what, and each member's laptop cover (spec §7 sticker.*). */
import { MAX_STICKER_PLACEMENTS, stickerMessages, type Placement, type Sticker } from '@platter/contract';
import type { HandlerGroup } from '../../api/context';
import { errors } from '../../api/errors';
import type { Db } from '../../db/database';
import { newId } from '../../lib/ids';
import { userChanged } from '../rooms';

export const stickerHandlers = {
  'sticker.get': async (_input, { db, caller }) => ({ stickers: await catalogue(db, caller?.userid ?? null) }),

  'sticker.get_placements': async ({ profileid }, { db, caller }) => {
    const owner = profileid || caller?.userid;
    return { placements: owner ? await placementsOf(db, owner) : [] };
  },

  'sticker.get_purchased_stickers': async (_input, { db, caller }) => {
    const owned = (await catalogue(db, caller.userid)).filter((s) => s.price > 0 && s.purchased);
    return { stickers: owned.map((s) => ({ ...s, sticker_id: s._id })) };
  },

  'sticker.place': async ({ placements }, services) => {
    const { db, caller } = services;
    if (placements.length > MAX_STICKER_PLACEMENTS) throw errors.invalid(stickerMessages.overLimit);
    const stickers = new Map((await catalogue(db, caller.userid)).map((s) => [s._id, s]));
    for (const placement of placements) {
      const found = stickers.get(placement.sticker_id);
      if (!found || found.state !== 'active') throw errors.invalid(stickerMessages.unknownSticker);
      if (!found.purchased) throw errors.invalid(stickerMessages.unpurchased);
    }
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('stickerPlacements').where('userId', '=', caller.userid).execute();
      if (placements.length === 0) return;
      await trx
        .insertInto('stickerPlacements')
        .values(
          placements.map((p, position) => ({
            id: newId(),
            userId: caller.userid,
            stickerId: p.sticker_id,
            top: p.top,
            left: p.left,
            angle: p.angle,
            position,
          })),
        )
        .execute();
    });
    // A DJ's laptop on the stage shows the new stickers.
    await userChanged(services, caller.userid);
    return { placements: await placementsOf(db, caller.userid) };
  },
} satisfies HandlerGroup;

/** The catalogue with, for a member, which paid stickers they own (free ones count as owned). */
async function catalogue(db: Db, userId: string | null): Promise<Sticker[]> {
  const rows = await db
    .selectFrom('stickers')
    .leftJoin('stickerPurchases', (join) =>
      join.onRef('stickerPurchases.stickerId', '=', 'stickers.id').on('stickerPurchases.userId', '=', userId ?? ''),
    )
    .select([
      'stickers.id',
      'stickers.path',
      'stickers.name',
      'stickers.price',
      'stickers.state',
      'stickerPurchases.userId as owner',
    ])
    .orderBy('stickers.price')
    .orderBy('stickers.createdAt')
    .orderBy('stickers.id')
    .execute();
  return rows.map((row) => ({
    _id: row.id,
    path: row.path,
    name: row.name,
    price: row.price,
    state: row.state === 'retired' ? 'retired' : 'active',
    purchased: row.price === 0 || row.owner !== null,
  }));
}

async function placementsOf(db: Db, userId: string): Promise<Placement[]> {
  const rows = await db
    .selectFrom('stickerPlacements')
    .select(['stickerId', 'top', 'left', 'angle'])
    .where('userId', '=', userId)
    .orderBy('position')
    .execute();
  return rows.map((row) => ({ sticker_id: row.stickerId, top: row.top, left: row.left, angle: row.angle }));
}
