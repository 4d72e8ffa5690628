/**
 * Laptop stickers (spec §2 Sticker editor, §3 Sticker and Placement, §4, §5,
 * §7 sticker.*, §8, §9). A member's laptop cover holds at most 20 placed
 * stickers; paid stickers must be bought (order.buy, the Gold issue) first.
 */
import { z } from 'zod';
import { callTable, defineCall } from '../define-call';
import { LAPTOP_SIZE, MAX_STICKER_PLACEMENTS } from '../constants';

export const stickerMessages = {
  /** The server's words; the web maps any containing "limit" or "unpurchased" to the spec's §8 texts. */
  overLimit: `You can place at most ${MAX_STICKER_PLACEMENTS} stickers: that is the sticker limit.`,
  unpurchased: 'Some of these stickers are unpurchased paid stickers: buy them first.',
  unknownSticker: "Sorry, we don't have that sticker.",
  /** Spec §8, shown by the web. */
  limitAlert: "You've passed the sticker limit. Please remove some and try saving again.",
  purchaseAlert: 'You must purchase the paid stickers.',
  saveFailed: 'Sorry, there was an error saving your stickers. Please try again.',
} as const;

export const sticker = z.object({
  _id: z.string(),
  path: z.string(),
  name: z.string(),
  /** In cents; 0 is free. */
  price: z.number(),
  state: z.enum(['active', 'retired']),
  /** Free, or bought by the caller. */
  purchased: z.boolean(),
});
export type Sticker = z.infer<typeof sticker>;

export const placement = z.object({
  sticker_id: z.string().min(1).max(64),
  /** Position of the sticker's top-left corner on the laptop image, in pixels. */
  top: z.number().min(-100).max(LAPTOP_SIZE.height),
  left: z.number().min(-100).max(LAPTOP_SIZE.width),
  /** Degrees, clockwise. */
  angle: z.number().min(-360).max(360),
});
export type Placement = z.infer<typeof placement>;

export const stickerCalls = callTable(
  defineCall({
    name: 'sticker.get',
    method: 'GET',
    access: 'anyone',
    input: z.object({}),
    output: z.object({ stickers: z.array(sticker) }),
  }),
  defineCall({
    name: 'sticker.get_placements',
    method: 'GET',
    access: 'anyone',
    /** Whose laptop: the caller's when left out (spec: "optional userid"; docs/profiles.md on naming). */
    input: z.object({ profileid: z.string().trim().max(64).optional() }),
    output: z.object({ placements: z.array(placement) }),
  }),
  defineCall({
    name: 'sticker.get_purchased_stickers',
    method: 'GET',
    access: 'member',
    input: z.object({}),
    output: z.object({ stickers: z.array(sticker.extend({ sticker_id: z.string() })) }),
  }),
  defineCall({
    name: 'sticker.place',
    method: 'POST',
    access: 'member',
    input: z.object({ placements: z.array(placement).max(100) }),
    output: z.object({ placements: z.array(placement) }),
  }),
);
