import { isReservedPathSegment, RESERVED_PATH_SEGMENTS } from '@platter/contract';
import { expect, test } from 'vitest';
import { slugify, uniqueShortcut } from './shortcut';

test.each([
  ['Indie & Alternative Lounge!', 'indie-alternative-lounge'],
  ['  Café   Del Mar ', 'cafe-del-mar'],
  ['80s // Synthwave', '80s-synthwave'],
  ['日本の音楽', ''],
])('slugify(%j) is %j', (name, slug) => {
  expect(slugify(name)).toBe(slug);
});

test('a shortcut never ends in a dash after trimming to length', () => {
  expect(slugify(`${'a'.repeat(39)} b`)).toBe('a'.repeat(39));
});

test('taken shortcuts get a number, reserved words and empty slugs a prefix', async () => {
  const taken = new Set(['jazz', 'jazz-2', 'room']);
  const isTaken = async (s: string) => taken.has(s);
  expect(await uniqueShortcut('Jazz', isTaken)).toBe('jazz-3');
  expect(await uniqueShortcut('Profile', isTaken)).toBe('room-profile');
  expect(await uniqueShortcut('日本の音楽', isTaken)).toBe('room-2');
  expect(await uniqueShortcut('Lo-fi Beats', isTaken)).toBe('lo-fi-beats');
});

test.each(RESERVED_PATH_SEGMENTS)('a room named %j never gets a reserved first path segment', async (segment) => {
  const shortcut = await uniqueShortcut(segment, async () => false);
  expect(isReservedPathSegment(shortcut)).toBe(false);
});
