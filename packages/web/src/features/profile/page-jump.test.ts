import { expect, test } from 'vitest';
import { checkPageJump } from './page-jump';

test('a page from 1 to the total becomes the zero-based page_number', () => {
  expect(checkPageJump('1', 3)).toEqual({ ok: true, pageNumber: 0 });
  expect(checkPageJump(' 3 ', 3)).toEqual({ ok: true, pageNumber: 2 });
});

test('anything else says which numbers are allowed, in the spec’s words', () => {
  for (const typed of ['0', '4', '', ' ', '-1', '2.5', 'two', '1e1', '99999999999999999999']) {
    expect(checkPageJump(typed, 3), typed).toEqual({ ok: false, message: 'Please enter a number between 1 and 3' });
  }
});

test('a list always has at least one page', () => {
  expect(checkPageJump('1', 0)).toEqual({ ok: true, pageNumber: 0 });
  expect(checkPageJump('2', 0)).toEqual({ ok: false, message: 'Please enter a number between 1 and 1' });
});
