import { expect, test } from 'vitest';
import type { Preferences } from '@platter/contract';
import { GRAPHICS_TOGGLES, isOn, isRoomPage } from './graphics-settings';

test('the toggles are Zoom, Animation and WebGL, in that order', () => {
  expect(GRAPHICS_TOGGLES.map((toggle) => toggle.label)).toEqual(['Zoom', 'Animation', 'WebGL']);
});

test('a toggle is on while its disable preference is false', () => {
  const preferences: Preferences = {
    layout: 'dual',
    miniplayer: false,
    disable_zoom: false,
    disable_animation: true,
    disable_webgl: false,
  };
  expect(GRAPHICS_TOGGLES.map((toggle) => isOn(preferences, toggle.preference))).toEqual([true, false, true]);
});

test('a room page is one path segment that is not a page of the site', () => {
  expect(isRoomPage('/late-night-synthwave')).toBe(true);
  expect(isRoomPage('/late-night-synthwave/')).toBe(true);
  expect(isRoomPage('/')).toBe(false);
  expect(isRoomPage('')).toBe(false);
  expect(isRoomPage('/about')).toBe(false);
  expect(isRoomPage('/terms/')).toBe(false);
  expect(isRoomPage('/profile/abc')).toBe(false);
  expect(isRoomPage('/no/such/page')).toBe(false);
});
