import { expect, test } from 'vitest';
import { allowedChoice, chooseSort, chooseView, searchQuery, viewsFor } from './room-list-settings';

test('favorites are hidden from guests', () => {
  expect(viewsFor(false)).toEqual(['allRooms', 'DJsNeeded']);
  expect(viewsFor(true)).toEqual(['allRooms', 'DJsNeeded', 'favorites']);
  expect(allowedChoice({ view: 'favorites', sort: 'listeners' }, false)).toEqual({
    view: 'allRooms',
    sort: 'listeners',
  });
  expect(allowedChoice({ view: 'favorites', sort: 'listeners' }, true)).toEqual({
    view: 'favorites',
    sort: 'listeners',
  });
});

test('choosing a view resets the sort to hotness; changing the sort keeps the view (spec §4)', () => {
  expect(chooseView('DJsNeeded')).toEqual({ view: 'DJsNeeded', sort: 'hotness' });
  expect(chooseSort({ view: 'DJsNeeded', sort: 'hotness' }, 'random')).toEqual({ view: 'DJsNeeded', sort: 'random' });
});

test('a remembered choice that no longer fits falls back to the defaults', () => {
  expect(allowedChoice({ view: 'DJsNeeded', sort: 'listeners' }, true)).toEqual({ view: 'DJsNeeded', sort: 'hotness' });
  expect(allowedChoice({ view: 'nonsense', sort: 'bestDJs' }, true)).toEqual({ view: 'allRooms', sort: 'hotness' });
  expect(allowedChoice({ view: '', sort: '' }, false)).toEqual({ view: 'allRooms', sort: 'hotness' });
});

test('a query of only spaces is no search', () => {
  expect(searchQuery(new URLSearchParams('search=%20%20'))).toBeNull();
  expect(searchQuery(new URLSearchParams(''))).toBeNull();
  expect(searchQuery(new URLSearchParams('search=%20jazz%20'))).toBe('jazz');
});
