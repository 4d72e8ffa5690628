import { expect, test } from 'vitest';
import type { Product, Sticker } from '@platter/contract';
import { checkoutTotals } from './checkout-rules';

const aPaidSticker = (changes: Partial<Sticker> = {}): Sticker => ({
  _id: 'loud',
  path: '/stickers/loud.svg',
  name: 'Loud',
  price: 99,
  state: 'active',
  purchased: false,
  ...changes,
});
const aProduct = (id: string, price: number): Product => ({ id, kind: 'sticker', name: id, price, quantity: 1 });

test('a member who is not Gold pays the catalogue prices', () => {
  const stickers = [aPaidSticker(), aPaidSticker({ _id: 'vinyl', price: 150 })];
  expect(checkoutTotals(stickers, [aProduct('loud', 99), aProduct('vinyl', 150)])).toEqual({
    subtotal: 249,
    discount: 0,
    total: 249,
  });
});

test("a Gold member's lower prices show as the discount", () => {
  const stickers = [aPaidSticker(), aPaidSticker({ _id: 'vinyl', price: 150 })];
  expect(checkoutTotals(stickers, [aProduct('loud', 79), aProduct('vinyl', 120)])).toEqual({
    subtotal: 249,
    discount: 50,
    total: 199,
  });
});

test('a sticker the product list does not know keeps its catalogue price', () => {
  expect(checkoutTotals([aPaidSticker()], []).total).toBe(99);
});
