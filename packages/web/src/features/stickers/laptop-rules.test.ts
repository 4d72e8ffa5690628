import { describe, expect, test } from 'vitest';
import { MAX_STICKER_PLACEMENTS, stickerMessages, type Placement, type Sticker } from '@platter/contract';
import {
  addSticker,
  angleTowards,
  bringToFront,
  centrePlacement,
  clampPosition,
  dollars,
  isOnLaptop,
  knownPlacements,
  mainAction,
  normaliseAngle,
  pageCount,
  pageOf,
  priceLabel,
  rotateBy,
  saveErrorText,
  toLaptopPoint,
  totalCents,
  unpurchasedPlaced,
  updatePlacement,
  type PlacedSticker,
} from './laptop-rules';

function aSticker(overrides: Partial<Sticker> = {}): Sticker {
  return {
    _id: 'free',
    path: '/stickers/free.svg',
    name: 'Free one',
    price: 0,
    state: 'active',
    purchased: true,
    ...overrides,
  };
}

const aPaidSticker = (overrides: Partial<Sticker> = {}) =>
  aSticker({ _id: 'paid', name: 'Paid one', price: 99, purchased: false, ...overrides });

function aPlacement(overrides: Partial<Placement> = {}): Placement {
  return { sticker_id: 'free', top: 10, left: 20, angle: 0, ...overrides };
}

const placed = (count: number): PlacedSticker[] =>
  Array.from({ length: count }, (_, i) => ({ key: `k${i}`, placement: aPlacement() }));

describe('positions on the laptop', () => {
  test('a keyboard-placed sticker lands in the middle of the 564 × 381 lid', () => {
    expect(centrePlacement('free')).toEqual({ sticker_id: 'free', top: 126, left: 217, angle: 0 });
  });

  test("a sticker's centre stays on the lid, in whole pixels", () => {
    expect(clampPosition({ top: -500, left: -500 })).toEqual({ top: -65, left: -65 });
    expect(clampPosition({ top: 900, left: 900 })).toEqual({ top: 316, left: 499 });
    expect(clampPosition({ top: 10.4, left: 20.6 })).toEqual({ top: 10, left: 21 });
  });

  test('a point on the screen becomes laptop pixels however the lid is scaled', () => {
    const full = { left: 100, top: 50, width: 564, height: 381 };
    expect(toLaptopPoint({ x: 100, y: 50 }, full)).toEqual({ x: 0, y: 0 });
    const half = { left: 10, top: 20, width: 282, height: 190.5 };
    expect(toLaptopPoint({ x: 151, y: 115.25 }, half)).toEqual({ x: 282, y: 190.5 });
    expect(isOnLaptop({ x: 282, y: 190 })).toBe(true);
    expect(isOnLaptop({ x: -1, y: 190 })).toBe(false);
    expect(isOnLaptop({ x: 10, y: 400 })).toBe(false);
  });

  test('moving keeps the sticker on the lid and leaves the others alone', () => {
    const items = placed(2);
    const moved = updatePlacement(items, 'k1', () => ({ top: 1000, left: 30 }));
    expect(moved[1]?.placement).toMatchObject({ top: 316, left: 30 });
    expect(moved[0]).toBe(items[0]);
  });

  test('picking a sticker up brings it to the front', () => {
    expect(bringToFront(placed(3), 'k0').map((i) => i.key)).toEqual(['k1', 'k2', 'k0']);
    expect(bringToFront(placed(2), 'nope').map((i) => i.key)).toEqual(['k0', 'k1']);
  });
});

describe('rotation', () => {
  test('angles stay within (-180, 180] however far a sticker is turned', () => {
    expect(normaliseAngle(0)).toBe(0);
    expect(normaliseAngle(190)).toBe(-170);
    expect(normaliseAngle(-190)).toBe(170);
    expect(normaliseAngle(180)).toBe(180);
    expect(normaliseAngle(-180)).toBe(180);
    expect(normaliseAngle(720 + 15)).toBe(15);
    expect(rotateBy(170, 15)).toBe(-175);
    expect(rotateBy(0, -15)).toBe(-15);
  });

  test('the handle points the top of the sticker at the pointer', () => {
    const centre = { x: 100, y: 100 };
    expect(angleTowards(centre, { x: 100, y: 0 })).toBe(0);
    expect(angleTowards(centre, { x: 200, y: 100 })).toBe(90);
    expect(angleTowards(centre, { x: 0, y: 100 })).toBe(-90);
    expect(angleTowards(centre, { x: 100, y: 200 })).toBe(180);
  });
});

describe('the sticker limit', () => {
  test(`up to ${MAX_STICKER_PLACEMENTS} stickers fit`, () => {
    const result = addSticker(placed(MAX_STICKER_PLACEMENTS - 1), { key: 'new', placement: aPlacement({ top: 9999 }) });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.items).toHaveLength(MAX_STICKER_PLACEMENTS);
      expect(result.items.at(-1)).toEqual({ key: 'new', placement: aPlacement({ top: 316 }) });
    }
  });

  test('the 21st is refused with the spec’s words', () => {
    expect(addSticker(placed(MAX_STICKER_PLACEMENTS), { key: 'new', placement: aPlacement() })).toEqual({
      ok: false,
      message: "You've passed the sticker limit. Please remove some and try saving again.",
    });
  });
});

describe('the main button', () => {
  const catalogue = [aSticker(), aPaidSticker(), aPaidSticker({ _id: 'owned', price: 199, purchased: true })];

  test('reads Save with nothing, free or bought stickers placed', () => {
    expect(mainAction([], catalogue)).toBe('save');
    expect(mainAction([aPlacement(), aPlacement({ sticker_id: 'owned' })], catalogue)).toBe('save');
  });

  test('reads Checkout while an unpurchased paid sticker is placed', () => {
    expect(mainAction([aPlacement(), aPlacement({ sticker_id: 'paid' })], catalogue)).toBe('checkout');
  });

  test('Checkout lists each unbought sticker once and totals it in dollars', () => {
    const toBuy = unpurchasedPlaced(
      [aPlacement({ sticker_id: 'paid' }), aPlacement({ sticker_id: 'paid' }), aPlacement()],
      [...catalogue, aPaidSticker({ _id: 'second', price: 150 })],
    );
    expect(toBuy.map((s) => s._id)).toEqual(['paid']);
    expect(dollars(totalCents([aPaidSticker(), aPaidSticker({ price: 150 })]))).toBe('$2.49');
  });
});

test('prices show as Free or dollars with two decimals', () => {
  expect(priceLabel({ price: 0 })).toBe('Free');
  expect(priceLabel({ price: 99 })).toBe('$0.99');
  expect(priceLabel({ price: 250 })).toBe('$2.50');
  expect(dollars(1000)).toBe('$10.00');
});

test('a failed save says what the spec says (§8)', () => {
  expect(saveErrorText(stickerMessages.overLimit)).toBe(stickerMessages.limitAlert);
  expect(saveErrorText('Slow down')).toBe(stickerMessages.limitAlert);
  expect(saveErrorText(stickerMessages.unpurchased)).toBe('You must purchase the paid stickers.');
  expect(saveErrorText(stickerMessages.unknownSticker)).toBe(
    'Sorry, there was an error saving your stickers. Please try again.',
  );
  expect(saveErrorText('')).toBe(stickerMessages.saveFailed);
});

test('the picker shows four stickers a page', () => {
  const nine = Array.from({ length: 9 }, (_, i) => i);
  expect(pageCount(0)).toBe(1);
  expect(pageCount(9)).toBe(3);
  expect(pageOf(nine, 0)).toEqual([0, 1, 2, 3]);
  expect(pageOf(nine, 2)).toEqual([8]);
  expect(pageOf(nine, 7)).toEqual([8]);
  expect(pageOf(nine, -1)).toEqual([0, 1, 2, 3]);
});

test('placements of stickers no longer in the catalogue are left off', () => {
  const catalogue = [aSticker(), aPaidSticker({ _id: 'old', state: 'retired' })];
  expect(
    knownPlacements([aPlacement(), aPlacement({ sticker_id: 'old' }), aPlacement({ sticker_id: 'gone' })], catalogue),
  ).toEqual([aPlacement()]);
});
