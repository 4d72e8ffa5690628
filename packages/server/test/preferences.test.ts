/** user.get_prefs and user.modify: graphics and layout preferences, and the laptop (spec §3 Preferences). */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest, aMember } from './support/factories';
import { failureOf } from './support/envelopes';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const DEFAULTS = {
  layout: 'dual',
  miniplayer: false,
  disable_zoom: false,
  disable_animation: false,
  disable_webgl: false,
};

test('only what is sent changes, as JSON booleans or query-string flags', async () => {
  const member = await aMember(t);
  expect(await t.ok('user.get_prefs', {}, member)).toEqual(DEFAULTS);
  expect(await t.ok('user.modify', { disable_webgl: 'true' }, member)).toEqual({
    ...DEFAULTS,
    disable_webgl: true,
    laptop: 'mac',
  });
  await t.ok('user.modify', { disable_animation: '1', layout: 'single', laptop: 'linux' }, member);
  expect(await t.ok('user.get_prefs', {}, member)).toEqual({
    ...DEFAULTS,
    disable_webgl: true,
    disable_animation: true,
    layout: 'single',
  });
  expect((await t.ok('user.info', {}, member)).laptop).toBe('linux');
  await t.ok('user.modify', { disable_webgl: 'false' }, member);
  expect((await t.ok('user.get_prefs', {}, member)).disable_webgl).toBe(false);
});

test('guests keep preferences too; nothing sent changes nothing', async () => {
  const guest = await aGuest(t);
  expect(await t.ok('user.modify', {}, guest)).toEqual({ ...DEFAULTS, laptop: 'mac' });
  await t.ok('user.modify', { disable_zoom: 'true' }, guest);
  expect((await t.ok('user.get_prefs', {}, guest)).disable_zoom).toBe(true);
});

test('bad values are refused readably; no session, no preferences', async () => {
  const member = await aMember(t);
  expect(failureOf(await t.call('user.modify', { disable_zoom: 'maybe' }, member)).errcode).toBe('invalid');
  expect(failureOf(await t.call('user.modify', { laptop: 'typewriter' }, member)).err).toMatch(/laptop/);
  expect(failureOf(await t.call('user.modify', { layout: 'triple' }, member)).err).toMatch(/layout/);
  expect(failureOf(await t.call('user.modify', {})).errcode).toBe('not_authenticated');
});
