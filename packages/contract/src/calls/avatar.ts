/**
 * Avatars (spec §3 Avatar tier, §6, §7): the tier table both sides read, the
 * rules that unlock a tier, the custom avatar maker's parts, and the
 * `user.available_avatars` / `user.set_avatar` / `user.set_custom_avatar` calls.
 * See docs/avatars.md for the choices behind the numbers.
 */
import { z } from 'zod';
import { callTable, defineCall } from '../define-call';
import { CAT_AVATAR_ID, CUSTOM_AVATAR_MIN_POINTS } from '../constants';
import { wholeNumberWith } from '../validation';

export interface ProGroup {
  name: string;
  avatarids: readonly number[];
}

/** Spec §3 Avatar tier: avatarids, min points, acl, colwidth, pro groups; plus a name and the maker flag. */
export interface AvatarTier {
  id: string;
  name: string;
  avatarids: readonly number[];
  min_points: number;
  /** The lowest acl that unlocks the tier; 0 when points alone decide. */
  acl: number;
  /** How many avatars a row of the tier's column holds in the picker. */
  colwidth: number;
  /** Gold ("pro") avatars: the tier's rules and a Gold subscription. */
  pro: readonly ProGroup[];
  /** The top tier also unlocks the custom avatar maker. */
  custom: boolean;
}

/** Spec §6: acl 1 or more is a superuser; supporters hold levels above 0 and below 1 (docs/avatars.md). */
export const SUPERUSER_ACL = 1;
export const SUPPORTER_MIN_ACL = 0.1;

/** The custom avatar maker's parts, each cycling through 1 to 32 (spec §6). */
export const CUSTOM_PART_MIN = 1;
export const CUSTOM_PART_MAX = 32;
export const CUSTOM_PARTS = ['head', 'body', 'screen'] as const;
export type CustomPart = (typeof CUSTOM_PARTS)[number];
export type CustomAvatarParts = Record<CustomPart, number>;

export const AVATAR_TIERS: readonly AvatarTier[] = [
  {
    id: 'starter',
    name: 'Starter',
    avatarids: [8, 4, 34, 1, 7, 5, 2],
    min_points: 0,
    acl: 0,
    colwidth: 4,
    pro: [{ name: 'Gold Leaf', avatarids: [1001, 1002, 1003, 1004] }],
    custom: false,
  },
  {
    id: 'opening-act',
    name: 'Opening Act',
    avatarids: [3, 6, 9, 10, 11, 14],
    min_points: 100,
    acl: 0,
    colwidth: 3,
    pro: [{ name: 'Neon Nights', avatarids: [1005, 1006, 1007, 1008] }],
    custom: false,
  },
  {
    id: 'crowd-pleaser',
    name: 'Crowd Pleaser',
    avatarids: [12, 13, 15, 16, 17, 18],
    min_points: 1_000,
    acl: 0,
    colwidth: 3,
    pro: [],
    custom: false,
  },
  {
    id: 'headliner',
    name: 'Headliner',
    avatarids: [19, 20, 21, 22],
    min_points: 5_000,
    acl: 0,
    colwidth: 2,
    pro: [],
    custom: false,
  },
  {
    id: 'legend',
    name: 'Legend',
    avatarids: [23, 24, 25, 26],
    min_points: 20_000,
    acl: 0,
    colwidth: 2,
    pro: [],
    custom: false,
  },
  {
    id: 'hall-of-fame',
    name: 'Hall of Fame',
    avatarids: [27, 28],
    min_points: CUSTOM_AVATAR_MIN_POINTS,
    acl: 0,
    colwidth: 3,
    pro: [],
    custom: true,
  },
  {
    id: 'supporters',
    name: 'Supporters',
    avatarids: [29, 30, CAT_AVATAR_ID],
    min_points: 0,
    acl: SUPPORTER_MIN_ACL,
    colwidth: 3,
    pro: [],
    custom: false,
  },
  {
    id: 'superusers',
    name: 'Superusers',
    avatarids: [31, 32, 33],
    min_points: 0,
    acl: SUPERUSER_ACL,
    colwidth: 3,
    pro: [],
    custom: false,
  },
];

/** Each character's name, for labels and tooltips (the art itself is the server's). */
export const AVATAR_NAMES: Readonly<Record<number, string>> = {
  1: 'Bamboo',
  2: 'Squeak',
  3: 'Hoot',
  4: 'Ember',
  5: 'Waddles',
  6: 'Bandit',
  7: 'Lily',
  8: 'Mochi',
  9: 'Gumtree',
  10: 'Truffle',
  11: 'Banjo',
  12: 'Leo',
  13: 'Stripes',
  14: 'Biscuit',
  15: 'Puddles',
  16: 'Fleecy',
  17: 'Nibbles',
  18: 'Ripple',
  19: 'Prickles',
  20: 'Fern',
  21: 'Rex',
  22: 'Bolt',
  23: 'Zib',
  24: 'Boo',
  25: 'Sparkle',
  26: 'Smolder',
  27: 'Dozy',
  28: 'Frost',
  29: 'Maple',
  30: 'Axel',
  31: 'Howl',
  32: 'Nox',
  33: 'Daisy',
  34: 'Clover',
  1001: 'King',
  1002: 'Goldie',
  1003: 'Tux',
  1004: 'Bling',
  1005: 'Volt',
  1006: 'Glow',
  1007: 'Prism',
  1008: 'Blaze',
  3000: 'Whiskers',
};

/** A character's name, "Custom avatar" for the maker's, or "Avatar {id}". */
export function avatarName(avatarid: number): string {
  return AVATAR_NAMES[avatarid] ?? (customAvatarParts(avatarid) ? 'Custom avatar' : `Avatar ${avatarid}`);
}

/** What decides which avatars someone may wear. */
export interface AvatarHolder {
  points: number;
  acl: number;
  subscription_level: number;
}

/** 1000 → "1,000", the same in every browser and on the server. */
export function formatPoints(points: number): string {
  return String(Math.trunc(points)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function isGold(holder: Pick<AvatarHolder, 'subscription_level'>): boolean {
  return holder.subscription_level > 0;
}

export function tierUnlocked(tier: AvatarTier, holder: AvatarHolder): boolean {
  return holder.points >= tier.min_points && (tier.acl <= 0 || holder.acl >= tier.acl);
}

/** Why a tier is locked, in the picker's words: "Unlocks at 1,000 DJ points". */
export function tierUnlockHint(tier: AvatarTier): string {
  if (tier.acl >= SUPERUSER_ACL) return 'Superusers only';
  if (tier.acl > 0) return 'Supporters only';
  return `Unlocks at ${formatPoints(tier.min_points)} DJ points`;
}

export const GOLD_ONLY_HINT = 'Gold members only';

export type AvatarKind = 'standard' | 'pro';

/** Where an avatar id sits in the table: its tier and whether it is a Gold one. */
export function findAvatar(avatarid: number): { tier: AvatarTier; kind: AvatarKind } | undefined {
  for (const tier of AVATAR_TIERS) {
    if (tier.avatarids.includes(avatarid)) return { tier, kind: 'standard' };
    if (tier.pro.some((group) => group.avatarids.includes(avatarid))) return { tier, kind: 'pro' };
  }
  return undefined;
}

/** Every avatar id of the table, standard and Gold. */
export const ALL_AVATAR_IDS: readonly number[] = AVATAR_TIERS.flatMap((tier) => [
  ...tier.avatarids,
  ...tier.pro.flatMap((group) => group.avatarids),
]);

export const avatarMessages = {
  unknown: "There's no avatar with that id.",
  customLocked: `The custom avatar maker unlocks at ${formatPoints(CUSTOM_AVATAR_MIN_POINTS)} DJ points.`,
  customMismatch: "That avatar id doesn't match the parts you chose.",
  part: (part: CustomPart) => `Please choose a ${part} from ${CUSTOM_PART_MIN} to ${CUSTOM_PART_MAX}.`,
} as const;

/**
 * Why `holder` may not wear `avatarid`, as a sentence, or null when they may.
 * Unknown ids are not this function's business: check findAvatar first.
 */
export function avatarRefusal(avatarid: number, holder: AvatarHolder): string | null {
  const found = findAvatar(avatarid);
  if (!found) return avatarMessages.unknown;
  const { tier, kind } = found;
  if (!tierUnlocked(tier, holder)) {
    if (tier.acl >= SUPERUSER_ACL) return 'That avatar is for superusers only.';
    if (tier.acl > 0) return 'That avatar is for supporters only.';
    return `That avatar unlocks at ${formatPoints(tier.min_points)} DJ points.`;
  }
  if (kind === 'pro' && !isGold(holder)) return 'That avatar is for Gold members only.';
  return null;
}

/**
 * A custom avatar is worn as an id of its own that spells its parts:
 * 1 HH BB SS (head 7, body 12, screen 3 → 1071203), so every picture of a
 * member (`images`) works from the avatar id alone, as for any other avatar.
 */
export const CUSTOM_AVATAR_ID_BASE = 1_000_000;

export function customAvatarId({ head, body, screen }: CustomAvatarParts): number {
  return CUSTOM_AVATAR_ID_BASE + head * 10_000 + body * 100 + screen;
}

const isPart = (n: number) => Number.isInteger(n) && n >= CUSTOM_PART_MIN && n <= CUSTOM_PART_MAX;

/** The parts a custom avatar id spells, or null when it is not one. */
export function customAvatarParts(avatarid: number): CustomAvatarParts | null {
  const rest = avatarid - CUSTOM_AVATAR_ID_BASE;
  if (!Number.isInteger(avatarid) || rest < 0 || rest >= 1_000_000) return null;
  const parts = { head: Math.floor(rest / 10_000), body: Math.floor(rest / 100) % 100, screen: rest % 100 };
  return isPart(parts.head) && isPart(parts.body) && isPart(parts.screen) ? parts : null;
}

/**
 * A layer of a custom avatar (the User's custom_avatar hf, bf and sf file
 * names, e.g. "head-7"): transparent pictures on the full-body canvas that
 * stack body, screen, head.
 */
export function customAvatarLayerUrl(file: string): string {
  return `/roommanager_assets/avatars/custom/${file}.png`;
}

export function customLayerFile(part: CustomPart, n: number): string {
  return `${part}-${n}`;
}

const customPart = (part: CustomPart) =>
  wholeNumberWith(avatarMessages.part(part)).refine(isPart, avatarMessages.part(part));

const avatarId = wholeNumberWith('Please choose an avatar.');

const availableTier = z.object({
  id: z.string(),
  name: z.string(),
  avatarids: z.array(z.number()),
  min_points: z.number(),
  acl: z.number(),
  colwidth: z.number(),
  pro: z.array(z.object({ name: z.string(), avatarids: z.array(z.number()) })),
  custom: z.boolean(),
  /** The tier's standard avatars are the caller's to wear. */
  unlocked: z.boolean(),
  /** Its Gold avatars are too (the tier is unlocked and the caller is Gold). */
  pro_unlocked: z.boolean(),
  /** What unlocks the standard avatars, or null when they are unlocked. */
  unlock_hint: z.string().nullable(),
  /** What unlocks the Gold avatars, or null. */
  pro_unlock_hint: z.string().nullable(),
});
export type AvailableTier = z.infer<typeof availableTier>;

export const customAvatarPartsSchema = z.object({ head: z.number(), body: z.number(), screen: z.number() });

export const availableAvatars = z.object({
  tiers: z.array(availableTier),
  /** What the caller wears now. */
  avatarid: z.number(),
  gold: z.boolean(),
  /** The caller may use the custom avatar maker. */
  custom_unlocked: z.boolean(),
  /** The caller's last custom avatar, to reopen the maker with; null if they never made one. */
  custom_avatar: customAvatarPartsSchema.nullable(),
});
export type AvailableAvatars = z.infer<typeof availableAvatars>;

export const avatarCalls = callTable(
  defineCall({
    name: 'user.available_avatars',
    method: 'GET',
    access: 'session',
    input: z.object({}),
    output: availableAvatars,
  }),
  defineCall({
    name: 'user.set_avatar',
    method: 'POST',
    access: 'member',
    input: z.object({ avatarid: avatarId }),
    output: z.object({ avatarid: z.number() }),
  }),
  defineCall({
    name: 'user.set_custom_avatar',
    method: 'POST',
    access: 'member',
    input: z.object({
      avatarid: avatarId.optional(),
      head: customPart('head'),
      body: customPart('body'),
      screen: customPart('screen'),
    }),
    output: z.object({ avatarid: z.number(), custom_avatar: customAvatarPartsSchema }),
  }),
);
