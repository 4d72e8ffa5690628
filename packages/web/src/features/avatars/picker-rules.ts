/** The picker's small rules, apart from React so they are easy to test. */
import {
  AVATAR_ASSET_MAX,
  CUSTOM_PART_MAX,
  CUSTOM_PART_MIN,
  customAvatarParts,
  type AvailableAvatars,
  type CustomAvatarParts,
} from '@platter/contract';

/** `?showGold` (or `showGold=1`, `=true`) opens the Gold tab; `showGold=0`, `=false` or `=no` does not. */
export function wantsGold(params: URLSearchParams): boolean {
  const value = params.get('showGold');
  return value !== null && !['0', 'false', 'no'].includes(value.toLowerCase());
}

export const PART_COUNT = CUSTOM_PART_MAX - CUSTOM_PART_MIN + 1;

/** One step forward or back, going round from 32 to 1 and from 1 to 32. */
export function cyclePart(value: number, step: 1 | -1): number {
  return ((((value - CUSTOM_PART_MIN + step) % PART_COUNT) + PART_COUNT) % PART_COUNT) + CUSTOM_PART_MIN;
}

/** Where the maker starts: what the member wears, their last design, or their character's own parts. */
export function startingParts(available: Pick<AvailableAvatars, 'avatarid' | 'custom_avatar'>): CustomAvatarParts {
  const worn = customAvatarParts(available.avatarid) ?? available.custom_avatar;
  if (worn) return worn;
  const own = available.avatarid >= CUSTOM_PART_MIN && available.avatarid <= AVATAR_ASSET_MAX ? available.avatarid : 1;
  return { head: own, body: own, screen: own };
}
