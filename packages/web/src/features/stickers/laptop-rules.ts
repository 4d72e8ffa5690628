/**
 * The laptop cover's rules, apart from React so they are easy to test:
 * positions in laptop pixels, the 20-sticker limit, the picker's pages, what
 * the main button says, and which §8 text a failed save shows.
 */
import {
  LAPTOP_SIZE,
  MAX_STICKER_PLACEMENTS,
  STICKERS_PER_PAGE,
  STICKER_WIDTH,
  stickerMessages,
  type Placement,
  type Sticker,
} from '@platter/contract';
import { dollars } from '../../lib/money';

/** The sticker art is square (130 × 130), so its height is its width. */
export const STICKER_SIZE = STICKER_WIDTH;

/** One step of the rotate buttons and the [ / ] keys, in degrees. */
export const ROTATE_STEP = 15;

/** One step of the arrow keys, in laptop pixels. */
export const MOVE_STEP = 5;

/** A placement on the editor's laptop, with a key that survives moving and reordering. */
export interface PlacedSticker {
  key: string;
  placement: Placement;
}

export interface Point {
  x: number;
  y: number;
}

/** Keeps a sticker's centre on the lid (which also keeps it inside the contract's bounds). */
export function clampPosition({ top, left }: { top: number; left: number }): { top: number; left: number } {
  const half = STICKER_SIZE / 2;
  return {
    top: Math.round(Math.min(Math.max(top, -half), LAPTOP_SIZE.height - half)),
    left: Math.round(Math.min(Math.max(left, -half), LAPTOP_SIZE.width - half)),
  };
}

/** Where a sticker placed by keyboard lands: the middle of the lid. */
export function centrePlacement(stickerId: string): Placement {
  return {
    sticker_id: stickerId,
    ...clampPosition({ top: (LAPTOP_SIZE.height - STICKER_SIZE) / 2, left: (LAPTOP_SIZE.width - STICKER_SIZE) / 2 }),
    angle: 0,
  };
}

/** Degrees in (-180, 180], so a sticker turned round and round still saves. */
export function normaliseAngle(angle: number): number {
  const turned = ((((angle + 180) % 360) + 360) % 360) - 180;
  return Math.round(turned === -180 ? 180 : turned);
}

export function rotateBy(angle: number, step: number): number {
  return normaliseAngle(angle + step);
}

/** The angle that points a sticker's top at the pointer (the rotate handle sits above the sticker). */
export function angleTowards(centre: Point, pointer: Point): number {
  return normaliseAngle((Math.atan2(pointer.y - centre.y, pointer.x - centre.x) * 180) / Math.PI + 90);
}

/** A point on the screen in laptop pixels, however the laptop is scaled. */
export function toLaptopPoint(
  client: Point,
  rect: { left: number; top: number; width: number; height: number },
): Point {
  const scale = rect.width / LAPTOP_SIZE.width || 1;
  return { x: (client.x - rect.left) / scale, y: (client.y - rect.top) / scale };
}

export function isOnLaptop(point: Point): boolean {
  return point.x >= 0 && point.y >= 0 && point.x <= LAPTOP_SIZE.width && point.y <= LAPTOP_SIZE.height;
}

export type AddResult = { ok: true; items: PlacedSticker[] } | { ok: false; message: string };

/** Adds a sticker on top of the others, unless the laptop already holds the most it may. */
export function addSticker(items: readonly PlacedSticker[], added: PlacedSticker): AddResult {
  if (items.length >= MAX_STICKER_PLACEMENTS) return { ok: false, message: stickerMessages.limitAlert };
  return {
    ok: true,
    items: [...items, { key: added.key, placement: { ...added.placement, ...clampPosition(added.placement) } }],
  };
}

/** Picking a sticker up brings it to the front, as on a real laptop. */
export function bringToFront(items: readonly PlacedSticker[], key: string): PlacedSticker[] {
  const picked = items.find((item) => item.key === key);
  return picked ? [...items.filter((item) => item.key !== key), picked] : [...items];
}

export function updatePlacement(
  items: readonly PlacedSticker[],
  key: string,
  change: (placement: Placement) => Partial<Placement>,
): PlacedSticker[] {
  return items.map((item) => {
    if (item.key !== key) return item;
    const next = { ...item.placement, ...change(item.placement) };
    return { key, placement: { ...next, ...clampPosition(next), angle: normaliseAngle(next.angle) } };
  });
}

/** Paid stickers on the laptop that the member has not bought, each once, in catalogue order. */
export function unpurchasedPlaced(placements: readonly Placement[], stickers: readonly Sticker[]): Sticker[] {
  const placed = new Set(placements.map((p) => p.sticker_id));
  return stickers.filter((s) => placed.has(s._id) && !s.purchased && s.price > 0);
}

/** Spec §2, §4: the button reads Save, or Checkout while unpurchased paid stickers are placed. */
export function mainAction(placements: readonly Placement[], stickers: readonly Sticker[]): 'save' | 'checkout' {
  return unpurchasedPlaced(placements, stickers).length > 0 ? 'checkout' : 'save';
}

export function totalCents(stickers: readonly Sticker[]): number {
  return stickers.reduce((sum, s) => sum + s.price, 0);
}

export { dollars };

export function priceLabel(sticker: Pick<Sticker, 'price'>): string {
  return sticker.price > 0 ? dollars(sticker.price) : 'Free';
}

/** Spec §8: what a failed save says. */
export function saveErrorText(message: string): string {
  const words = message.toLowerCase();
  if (words.includes('slow') || words.includes('limit')) return stickerMessages.limitAlert;
  if (words.includes('unpurchased')) return stickerMessages.purchaseAlert;
  return stickerMessages.saveFailed;
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / STICKERS_PER_PAGE));
}

/** The stickers on one picker page (0-based), the page number kept in range. */
export function pageOf<T>(items: readonly T[], page: number): T[] {
  const last = pageCount(items.length) - 1;
  const safe = Math.min(Math.max(page, 0), last);
  return items.slice(safe * STICKERS_PER_PAGE, (safe + 1) * STICKERS_PER_PAGE);
}

/** Placements the editor can show and save: those of stickers still in the catalogue. */
export function knownPlacements(placements: readonly Placement[], stickers: readonly Sticker[]): Placement[] {
  const active = new Set(stickers.filter((s) => s.state === 'active').map((s) => s._id));
  return placements.filter((p) => active.has(p.sticker_id));
}
