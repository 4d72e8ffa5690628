/** Contact settings (spec §2 Contact Settings, §3 Contact preference entry, §7 user.get_contact_prefs, user.edit_prefs). */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONTACT_PREFS } from '@platter/contract';
import { wantsMail } from '../src/features/accounts/contact-prefs';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest, aMember } from './support/factories';
import { failureOf } from './support/envelopes';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ productName: 'Night Shift FM' });
});
afterAll(() => t.close());

const DEFAULTS = [
  { name: 'fan_email', checked: true, label: 'Email me when someone becomes my fan' },
  { name: 'friend_joined', checked: true, label: 'Email me when a friend of mine joins Night Shift FM' },
  { name: 'dj_reminders', checked: false, label: 'Remind me when a room I like needs DJs' },
  { name: 'news', checked: false, label: 'Send me news and updates about Night Shift FM' },
];

describe('user.get_contact_prefs', () => {
  test("lists the contract's preferences in order, with their defaults and labels naming the product", async () => {
    expect(CONTACT_PREFS.map((pref) => pref.name)).toEqual(DEFAULTS.map((pref) => pref.name));
    expect(await t.ok('user.get_contact_prefs', {}, await aMember(t))).toEqual({ sorted_prefs: DEFAULTS });
  });

  test('is for members', async () => {
    expect(failureOf(await t.call('user.get_contact_prefs', {})).errcode).toBe('not_authenticated');
    expect(failureOf(await t.call('user.get_contact_prefs', {}, await aGuest(t))).errcode).toBe('members_only');
  });
});

describe('user.edit_prefs', () => {
  test('saves the boxes given and keeps the others', async () => {
    const member = await aMember(t);
    expect(await t.ok('user.edit_prefs', { news: true, fan_email: false }, member)).toEqual({});
    const checked = async () =>
      Object.fromEntries(
        (await t.ok('user.get_contact_prefs', {}, member)).sorted_prefs.map((p) => [p.name, p.checked]),
      );
    expect(await checked()).toEqual({ fan_email: false, friend_joined: true, dj_reminders: false, news: true });
    await t.ok('user.edit_prefs', { news: false, dj_reminders: true }, member);
    expect(await checked()).toEqual({ fan_email: false, friend_joined: true, dj_reminders: true, news: false });
    expect(await wantsMail(t.app.services.db, member.userid, 'fan_email')).toBe(false);
    expect(await wantsMail(t.app.services.db, member.userid, 'friend_joined')).toBe(true);
  });

  test("one member's settings are not another's", async () => {
    const [a, b] = [await aMember(t), await aMember(t)];
    await t.ok('user.edit_prefs', { fan_email: false }, a);
    expect((await t.ok('user.get_contact_prefs', {}, b)).sorted_prefs).toEqual(DEFAULTS);
  });

  test('saving nothing is fine', async () => {
    const member = await aMember(t);
    expect(await t.ok('user.edit_prefs', {}, member)).toEqual({});
    expect((await t.ok('user.get_contact_prefs', {}, member)).sorted_prefs).toEqual(DEFAULTS);
  });

  test('an unknown name is refused, and nothing is saved', async () => {
    const member = await aMember(t);
    expect(failureOf(await t.call('user.edit_prefs', { news: true, spam: true }, member))).toEqual({
      err: "There is no contact preference named 'spam'.",
      errcode: 'invalid',
    });
    expect((await t.ok('user.get_contact_prefs', {}, member)).sorted_prefs).toEqual(DEFAULTS);
  });

  test('a value must be true or false', async () => {
    const member = await aMember(t);
    expect(failureOf(await t.call('user.edit_prefs', { news: 'yes' }, member))).toEqual({
      err: "The field 'news' must be a boolean.",
      errcode: 'invalid',
    });
  });

  test('is for members', async () => {
    expect(failureOf(await t.call('user.edit_prefs', { news: true })).errcode).toBe('not_authenticated');
    expect(failureOf(await t.call('user.edit_prefs', { news: true }, await aGuest(t))).errcode).toBe('members_only');
  });
});
