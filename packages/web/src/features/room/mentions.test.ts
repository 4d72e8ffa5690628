import { expect, test } from 'vitest';
import { mentions } from './mentions';

test('@name mentions the reader, in any case, but not as part of a longer name', () => {
  expect(mentions('hey @Ada Vinyl, nice track', 'Ada Vinyl')).toBe(true);
  expect(mentions('@ada vinyl!', 'Ada Vinyl')).toBe(true);
  expect(mentions('thanks @Ada', 'Ada Vinyl')).toBe(false);
  expect(mentions('hi @Ada', 'Ada')).toBe(true);
  expect(mentions('hi @Adam', 'Ada')).toBe(false);
  expect(mentions('Ada without the at sign', 'Ada')).toBe(false);
  expect(mentions('@Adam and then @Ada.', 'Ada')).toBe(true);
});
