import { describe, expect, test } from 'vitest';
import { customAvatarId } from '@platter/contract';
import { cyclePart, startingParts, wantsGold } from './picker-rules';

test('showGold opens the Gold tab unless it says no', () => {
  const gold = (query: string) => wantsGold(new URLSearchParams(query));
  expect(gold('')).toBe(false);
  expect(gold('showGold')).toBe(true);
  expect(gold('showGold=1')).toBe(true);
  expect(gold('showGold=true')).toBe(true);
  expect(gold('showGold=0')).toBe(false);
  expect(gold('showGold=false')).toBe(false);
  expect(gold('showGold=No')).toBe(false);
});

test('parts cycle through 1 to 32 and round again', () => {
  expect(cyclePart(1, 1)).toBe(2);
  expect(cyclePart(31, 1)).toBe(32);
  expect(cyclePart(32, 1)).toBe(1);
  expect(cyclePart(1, -1)).toBe(32);
  expect(cyclePart(2, -1)).toBe(1);
  let value = 7;
  for (let i = 0; i < 32; i++) value = cyclePart(value, 1);
  expect(value).toBe(7);
});

describe('the maker starts from', () => {
  test('the custom avatar being worn', () => {
    const worn = { head: 3, body: 9, screen: 27 };
    expect(startingParts({ avatarid: customAvatarId(worn), custom_avatar: { head: 1, body: 1, screen: 1 } })).toEqual(
      worn,
    );
  });

  test('the last design, when a standard avatar is worn', () => {
    expect(startingParts({ avatarid: 8, custom_avatar: { head: 5, body: 6, screen: 7 } })).toEqual({
      head: 5,
      body: 6,
      screen: 7,
    });
  });

  test("the worn character's own parts, or 1 for one that has none", () => {
    expect(startingParts({ avatarid: 4, custom_avatar: null })).toEqual({ head: 4, body: 4, screen: 4 });
    expect(startingParts({ avatarid: 3000, custom_avatar: null })).toEqual({ head: 1, body: 1, screen: 1 });
  });
});
