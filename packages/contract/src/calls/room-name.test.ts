import { expect, test } from 'vitest';
import { firstError } from '../validation';
import { roomMessages, roomName } from './room';

test('a room name may be any script, emoji and all', () => {
  for (const name of ['Late Night Radio', 'Ночной эфир', 'ラジオ', '👨‍👩‍👧 family room', '❤️ Love Songs'])
    expect(firstError(roomName, name), name).toBeNull();
});

test('characters that turn or hide the text around them are refused', () => {
  for (const name of ['\u202Eevil', 'a\u2066b\u2069', 'left\u200Fright', 'bell\u0007', 'two\nlines'])
    expect(firstError(roomName, name), JSON.stringify(name)).toBe(roomMessages.nameInvisible);
});

test('blank and too long are told as before', () => {
  expect(firstError(roomName, '   ')).toBe(roomMessages.nameRequired);
  expect(firstError(roomName, 'x'.repeat(51))).toBe(roomMessages.nameTooLong);
});
