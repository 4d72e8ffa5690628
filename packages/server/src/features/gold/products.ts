/**
 * What Platter sells (docs/gold.md): two Gold plans, and the paid stickers of
 * the sticker catalogue, 20% off for Gold members.
 */
import { GOLD_STICKER_DISCOUNT_PERCENT } from '@platter/contract';
import type { PlanInterval } from '../../adapters/payments/provider';
import type { Db } from '../../db/database';

export interface GoldPlan {
  id: string;
  kind: 'subscription';
  name: string;
  /** Cents per period. */
  price: number;
  quantity: number;
  level: number;
  interval: PlanInterval;
}

export const GOLD_PLANS: readonly GoldPlan[] = [
  {
    id: 'gold-monthly',
    kind: 'subscription',
    name: 'Platter Gold, monthly',
    price: 499,
    quantity: 1,
    level: 1,
    interval: 'month',
  },
  {
    id: 'gold-yearly',
    kind: 'subscription',
    name: 'Platter Gold, yearly',
    price: 4_999,
    quantity: 1,
    level: 1,
    interval: 'year',
  },
];

export function goldPlan(id: string | null | undefined): GoldPlan | undefined {
  return GOLD_PLANS.find((plan) => plan.id === id);
}

/** Gold members pay this share of a paid sticker's price, per sticker, rounded to the cent. */
export const GOLD_STICKER_PRICE_PERCENT = 100 - GOLD_STICKER_DISCOUNT_PERCENT;

export function stickerPriceFor(price: number, subscriptionLevel: number): number {
  return subscriptionLevel > 0 ? Math.round((price * GOLD_STICKER_PRICE_PERCENT) / 100) : price;
}

export interface StickerProduct {
  id: string;
  kind: 'sticker';
  name: string;
  /** What this member pays, in cents (the Gold price for Gold members). */
  price: number;
  quantity: number;
}

/** Active stickers with a price, at the price `subscriptionLevel` pays. */
export async function stickerProducts(db: Db, subscriptionLevel: number): Promise<StickerProduct[]> {
  const rows = await db
    .selectFrom('stickers')
    .select(['id', 'name', 'price'])
    .where('state', '=', 'active')
    .where('price', '>', 0)
    .orderBy('price')
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: 'sticker',
    name: row.name,
    price: stickerPriceFor(row.price, subscriptionLevel),
    quantity: 1,
  }));
}
