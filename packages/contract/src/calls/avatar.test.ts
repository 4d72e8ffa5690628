import { describe, expect, test } from 'vitest';
import {
  AVATAR_TIERS,
  avatarRefusal,
  customAvatarId,
  customAvatarParts,
  formatPoints,
  tierUnlocked,
  type AvatarHolder,
} from './avatar';

const holder = (overrides: Partial<AvatarHolder> = {}): AvatarHolder => ({
  points: 0,
  acl: 0,
  subscription_level: 0,
  ...overrides,
});
const tier = (id: string) => AVATAR_TIERS.find((candidate) => candidate.id === id)!;

describe('tiers by acl (spec §6)', () => {
  test('a supporter level below 1 unlocks the supporters tier, not the superusers tier', () => {
    expect(tierUnlocked(tier('supporters'), holder({ acl: 0.5 }))).toBe(true);
    expect(tierUnlocked(tier('superusers'), holder({ acl: 0.5 }))).toBe(false);
    expect(avatarRefusal(3000, holder({ acl: 0.5 }))).toBeNull();
    expect(avatarRefusal(31, holder({ acl: 0.5 }))).toBe('That avatar is for superusers only.');
  });

  test('acl 0 unlocks neither; acl 1 and above unlock both', () => {
    expect(tierUnlocked(tier('supporters'), holder())).toBe(false);
    for (const acl of [1, 2, 5]) {
      expect(tierUnlocked(tier('supporters'), holder({ acl }))).toBe(true);
      expect(tierUnlocked(tier('superusers'), holder({ acl }))).toBe(true);
    }
  });
});

describe('custom avatar ids', () => {
  test('spell their parts and read back', () => {
    expect(customAvatarId({ head: 1, body: 1, screen: 1 })).toBe(1_010_101);
    expect(customAvatarId({ head: 32, body: 32, screen: 32 })).toBe(1_323_232);
    for (const parts of [
      { head: 1, body: 1, screen: 1 },
      { head: 7, body: 12, screen: 3 },
      { head: 32, body: 32, screen: 32 },
    ]) {
      expect(customAvatarParts(customAvatarId(parts))).toEqual(parts);
    }
  });

  test('anything else is not one', () => {
    for (const id of [8, 3000, 1_000_000, 1_000_101, 1_330_101, 1_013_301, 1_010_133, 2_010_101, 1_010_101.5]) {
      expect(customAvatarParts(id)).toBeNull();
    }
  });
});

test('points are written with thousands separators', () => {
  expect(formatPoints(0)).toBe('0');
  expect(formatPoints(100)).toBe('100');
  expect(formatPoints(1000)).toBe('1,000');
  expect(formatPoints(40_000)).toBe('40,000');
  expect(formatPoints(1_234_567)).toBe('1,234,567');
});
