/**
 * headband.* and newsbox.* (spec §2 headband and news box, §3 Headband, §7):
 * read by anyone, written by staff (acl 1 or more, spec §6).
 */
import { updateUser } from '../src/features/accounts/store';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { headbandColors, HEADBAND_CONTENT_MAX, NEWS_CONTENT_MAX } from '@platter/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest, aMember, aStaffMember, type Member } from './support/factories';
import { failureOf } from './support/envelopes';

let clock = Date.parse('2030-06-01T08:00:00Z');
let t: TestApp;
let staff: Member;
let member: Member;

beforeAll(async () => {
  t = await startTestApp({}, () => clock);
  staff = await aStaffMember(t);
  member = await aMember(t);
});
afterAll(() => t.close());

const STAFF_ONLY = { err: 'Sorry, only staff can do that.', errcode: 'forbidden' };
const MEMBERS_ONLY = { err: 'Please sign up or log in to do that.', errcode: 'members_only' };

/** Adds a headband a second after the last, so that "newest" is unambiguous. */
async function addHeadband(params: Record<string, unknown>) {
  clock += 1000;
  return t.ok('headband.add', params, staff);
}

describe('headbands', () => {
  test('none to begin with', async () => {
    expect(await t.ok('headband.get_headbands', {})).toEqual({ headbands: [] });
  });

  test('staff add one: red by default, the content trimmed', async () => {
    const added = await addHeadband({ content: '  Maintenance tonight at 10pm.  ' });
    expect(added).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/) as string,
      color: 'red',
      content: 'Maintenance tonight at 10pm.',
    });
    expect((await t.ok('headband.get_headbands', {})).headbands).toContainEqual(added);
    await t.ok('headband.remove', { id: added.id }, staff);
  });

  test('shows only active headbands, newest first, to anyone', async () => {
    const first = await addHeadband({ content: 'First', color: 'blue' });
    const second = await addHeadband({ content: 'Second', color: 'green' });
    const third = await addHeadband({ content: 'Third' });
    expect(await t.ok('headband.get_headbands', {})).toEqual({ headbands: [third, second, first] });

    expect(await t.ok('headband.remove', { id: second.id }, staff)).toEqual({});
    const expected = { headbands: [third, first] };
    expect(await t.ok('headband.get_headbands', {})).toEqual(expected);
    expect(await t.ok('headband.get_headbands', {}, await aGuest(t))).toEqual(expected);
    expect(await t.ok('headband.get_headbands', {}, member)).toEqual(expected);

    for (const { id } of [first, third]) await t.ok('headband.remove', { id }, staff);
    expect(await t.ok('headband.get_headbands', {})).toEqual({ headbands: [] });
  });

  test.each(headbandColors)('may be %s', async (color) => {
    const added = await addHeadband({ content: `A ${color} band`, color });
    expect(added.color).toBe(color);
    expect((await t.ok('headband.get_headbands', {})).headbands[0]).toEqual(added);
    await t.ok('headband.remove', { id: added.id }, staff);
  });

  test('any acl of 1 or more is staff', async () => {
    const gatekeeper = await aStaffMember(t, 2);
    const added = await t.ok('headband.add', { content: 'From a gatekeeper' }, gatekeeper);
    expect(await t.ok('headband.remove', { id: added.id }, gatekeeper)).toEqual({});
  });

  describe('validation', () => {
    test.each(['', '   '])('content %j: "A headband needs some text."', async (content) => {
      expect(failureOf(await t.call('headband.add', { content }, staff))).toEqual({
        err: 'A headband needs some text.',
        errcode: 'invalid',
      });
    });

    test('content is required', async () => {
      expect(failureOf(await t.call('headband.add', { color: 'red' }, staff))).toEqual({
        err: "The field 'content' is required.",
        errcode: 'invalid',
      });
    });

    test(`content over ${HEADBAND_CONTENT_MAX} characters is too long`, async () => {
      expect(failureOf(await t.call('headband.add', { content: 'x'.repeat(HEADBAND_CONTENT_MAX + 1) }, staff))).toEqual(
        {
          err: 'Keep a headband under 300 characters.',
          errcode: 'invalid',
        },
      );
      const longest = await addHeadband({ content: 'y'.repeat(HEADBAND_CONTENT_MAX) });
      await t.ok('headband.remove', { id: longest.id }, staff);
    });

    test('an unknown colour is refused, naming the colours', async () => {
      expect(failureOf(await t.call('headband.add', { content: 'Hi', color: 'pink' }, staff))).toEqual({
        err: "The field 'color' must be one of: red, orange, yellow, green, blue, purple, gray.",
        errcode: 'invalid',
      });
    });

    test('nothing is added when refused', async () => {
      await t.call('headband.add', { content: '', color: 'pink' }, staff);
      expect(await t.ok('headband.get_headbands', {})).toEqual({ headbands: [] });
    });

    test('removing an unknown headband is not_found; the id is required', async () => {
      expect(failureOf(await t.call('headband.remove', { id: 'no-such-headband' }, staff))).toEqual({
        err: "Sorry, we couldn't find that headband.",
        errcode: 'not_found',
      });
      expect(failureOf(await t.call('headband.remove', {}, staff)).errcode).toBe('invalid');
    });
  });

  describe('who may edit', () => {
    test('a plain member: forbidden', async () => {
      expect(failureOf(await t.call('headband.add', { content: 'Hello' }, member))).toEqual(STAFF_ONLY);
      const added = await addHeadband({ content: 'Staff only' });
      expect(failureOf(await t.call('headband.remove', { id: added.id }, member))).toEqual(STAFF_ONLY);
      expect((await t.ok('headband.get_headbands', {})).headbands).toEqual([added]);
      await t.ok('headband.remove', { id: added.id }, staff);
    });

    test('a member whose staff rights are taken away is refused at once', async () => {
      const former = await aStaffMember(t);
      const added = await t.ok('headband.add', { content: 'Still staff' }, former);
      await updateUser(t.app.services.db, former.userid, { acl: 0 });
      expect(failureOf(await t.call('headband.remove', { id: added.id }, former))).toEqual(STAFF_ONLY);
      await t.ok('headband.remove', { id: added.id }, staff);
    });

    test('a guest: members_only; nobody: not_authenticated', async () => {
      const guest = await aGuest(t);
      expect(failureOf(await t.call('headband.add', { content: 'Hello' }, guest))).toEqual(MEMBERS_ONLY);
      expect(failureOf(await t.call('headband.remove', { id: 'x' }, guest))).toEqual(MEMBERS_ONLY);
      expect(failureOf(await t.call('headband.add', { content: 'Hello' })).errcode).toBe('not_authenticated');
      expect(failureOf(await t.call('headband.remove', { id: 'x' })).errcode).toBe('not_authenticated');
    });
  });
});

describe('news', () => {
  test('none yet: empty content, never updated', async () => {
    expect(await t.ok('newsbox.get_news', {})).toEqual({ content: '', updated: null });
  });

  test('staff set it; everyone reads the latest', async () => {
    clock += 60_000;
    const content = 'Line one.\n\nSee https://example.org/faq for more.';
    expect(await t.ok('newsbox.set_news', { content: `  ${content}\n` }, staff)).toEqual({ content, updated: clock });
    expect(await t.ok('newsbox.get_news', {})).toEqual({ content, updated: clock });
    expect(await t.ok('newsbox.get_news', {}, await aGuest(t))).toEqual({ content, updated: clock });

    clock += 60_000;
    expect(await t.ok('newsbox.set_news', { content: 'Newer news' }, staff)).toEqual({
      content: 'Newer news',
      updated: clock,
    });
    expect(await t.ok('newsbox.get_news', {}, member)).toEqual({ content: 'Newer news', updated: clock });
  });

  test('staff may clear it', async () => {
    clock += 60_000;
    expect(await t.ok('newsbox.set_news', { content: '' }, staff)).toEqual({ content: '', updated: clock });
    expect(await t.ok('newsbox.get_news', {})).toEqual({ content: '', updated: clock });
  });

  test(`news over ${NEWS_CONTENT_MAX} characters is too long`, async () => {
    expect(failureOf(await t.call('newsbox.set_news', { content: 'n'.repeat(NEWS_CONTENT_MAX + 1) }, staff))).toEqual({
      err: 'Keep the news under 2000 characters.',
      errcode: 'invalid',
    });
  });

  test('plain members are forbidden, guests members_only, nobody not_authenticated; the news stays', async () => {
    const before = await t.ok('newsbox.get_news', {});
    expect(failureOf(await t.call('newsbox.set_news', { content: 'Hacked' }, member))).toEqual(STAFF_ONLY);
    expect(failureOf(await t.call('newsbox.set_news', { content: 'Hacked' }, await aGuest(t)))).toEqual(MEMBERS_ONLY);
    expect(failureOf(await t.call('newsbox.set_news', { content: 'Hacked' })).errcode).toBe('not_authenticated');
    expect(await t.ok('newsbox.get_news', {})).toEqual(before);
  });
});
