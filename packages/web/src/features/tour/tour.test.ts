import { expect, test } from 'vitest';
import { placeCard, visiblePart, GAP, MARGIN } from './tour-placement';
import { isNewMember, shouldShowWelcomeTour } from './welcome';

const newbie = { registered: true, points: 0, fans: 0 };

test('the welcome tour is for registered members with zero points and zero fans, once', () => {
  expect(isNewMember(newbie)).toBe(true);
  expect(isNewMember({ ...newbie, points: 1 })).toBe(false);
  expect(isNewMember({ ...newbie, fans: 1 })).toBe(false);
  expect(isNewMember({ ...newbie, registered: false })).toBe(false);
  expect(shouldShowWelcomeTour(newbie, { seen: false, requested: false })).toBe(true);
  expect(shouldShowWelcomeTour(newbie, { seen: true, requested: false })).toBe(false);
});

test('any member may ask for the tour again; guests never see it', () => {
  const veteran = { registered: true, points: 1520, fans: 3 };
  expect(shouldShowWelcomeTour(veteran, { seen: false, requested: false })).toBe(false);
  expect(shouldShowWelcomeTour(veteran, { seen: true, requested: true })).toBe(true);
  expect(shouldShowWelcomeTour({ ...newbie, registered: false }, { seen: false, requested: true })).toBe(false);
});

const desktop = { width: 1280, height: 800 };
const card = { width: 320, height: 180 };

test('with nothing to point at, the card sits in the middle', () => {
  expect(placeCard(null, card, desktop)).toEqual({ top: 310, left: 480, side: 'center' });
});

test('the card goes below a small target near the top, centred on it but inside the window', () => {
  const button = { top: 10, left: 1100, width: 140, height: 36 };
  expect(placeCard(button, card, desktop)).toEqual({
    top: 46 + GAP,
    left: desktop.width - card.width - MARGIN,
    side: 'below',
  });
});

test('above when there is no room below', () => {
  const near = { top: 700, left: 400, width: 200, height: 60 };
  expect(placeCard(near, card, desktop)).toEqual({ top: 700 - GAP - 180, left: 340, side: 'above' });
});

test('beside a tall target, on whichever side has room', () => {
  const list = { top: 60, left: 20, width: 900, height: 740 };
  expect(placeCard(list, card, desktop)).toMatchObject({ left: 920 + GAP, side: 'right' });
  const aside = { top: 60, left: 960, width: 300, height: 740 };
  expect(placeCard(aside, card, desktop)).toMatchObject({ left: 960 - GAP - 320, side: 'left' });
});

test('docked at the bottom when nothing fits (a phone and a full-width panel)', () => {
  const phone = { width: 375, height: 667 };
  const panel = { top: 100, left: 12, width: 351, height: 520 };
  expect(placeCard(panel, { width: 351, height: 200 }, phone)).toEqual({
    top: 667 - 200 - MARGIN,
    left: 12,
    side: 'dock',
  });
});

test('only the part of a target inside the window counts', () => {
  expect(visiblePart({ top: -50, left: 0, width: 100, height: 100 }, desktop)).toEqual({
    top: 0,
    left: 0,
    width: 100,
    height: 50,
  });
  expect(visiblePart({ top: 900, left: 0, width: 100, height: 100 }, desktop)).toBeNull();
});
