/**
 * What Checkout charges (docs/gold-web.md): each unbought paid sticker at its
 * catalogue price, and what this member pays for it as order.products says
 * (Gold members pay less). The difference shows as the Gold discount.
 */
import type { Product, Sticker } from '@platter/contract';
import { totalCents } from './laptop-rules';

export interface CheckoutTotals {
  subtotal: number;
  /** What Gold takes off; 0 for everyone else. */
  discount: number;
  total: number;
}

export function checkoutTotals(stickers: readonly Sticker[], products: readonly Product[]): CheckoutTotals {
  const memberPrice = new Map(products.filter((p) => p.kind === 'sticker').map((p) => [p.id, p.price]));
  const subtotal = totalCents(stickers);
  const total = stickers.reduce((sum, sticker) => sum + (memberPrice.get(sticker._id) ?? sticker.price), 0);
  return { subtotal, discount: Math.max(0, subtotal - total), total };
}
