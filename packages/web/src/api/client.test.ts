import { expect, test } from 'vitest';
import { ApiCallError, errorText } from './client';

test('an alert shows the server text followed by a full stop (spec §8)', () => {
  expect(errorText(new ApiCallError('That DJ name is already taken', 'api', 'conflict'))).toBe(
    'That DJ name is already taken.',
  );
});

test('a message that already ends a sentence gets no second stop', () => {
  expect(errorText(new Error('Try another!'))).toBe('Try another!');
  expect(errorText(new Error('Please log in again.'))).toBe('Please log in again.');
  expect(errorText(new Error('Really?'))).toBe('Really?');
});

test('anything thrown becomes text', () => {
  expect(errorText('offline')).toBe('offline.');
});
