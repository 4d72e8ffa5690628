import { expect, test } from 'vitest';
import { roomPath } from './room-path';

test('a room is at /{shortcut or roomid}; with neither it is broken', () => {
  expect(roomPath({ shortcut: 'indie-lounge', roomid: 'abc' })).toBe('/indie-lounge');
  expect(roomPath({ shortcut: '', roomid: 'abc' })).toBe('/abc');
  expect(roomPath({ shortcut: ' ', roomid: '' })).toBeNull();
  expect(roomPath({})).toBeNull();
});
