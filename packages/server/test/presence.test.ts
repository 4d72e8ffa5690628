/** presence.get and presence.update (spec §4 Presence), on a clock the tests move by hand. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PRESENCE_TIMEOUT_MS, type Credentials, type PresenceStatus } from '@platter/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest, aMember } from './support/factories';
import { failureOf } from './support/envelopes';

let clock = Date.parse('2030-01-01T12:00:00Z');
const MINUTE = 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, () => clock);
});
afterAll(() => t.close());

/** Asked by nobody in particular, so that asking is not itself a sign of life. */
async function statusOf(who: Credentials): Promise<PresenceStatus> {
  const { presence } = await t.ok('presence.get', { uid: who.userid });
  expect(presence.userid).toBe(who.userid);
  return presence.status;
}

describe('presence.get', () => {
  test('an unknown user is an error', async () => {
    expect(failureOf(await t.call('presence.get', { uid: 'no-such-user' }))).toEqual({
      err: "Sorry, we couldn't find that user.",
      errcode: 'not_found',
    });
  });

  test('asks whose presence', async () => {
    expect(failureOf(await t.call('presence.get', { uid: '' }))).toEqual({
      err: 'Please say whose presence to get',
      errcode: 'invalid',
    });
    expect(failureOf(await t.call('presence.get', {})).errcode).toBe('invalid');
  });

  test('someone who just arrived is available', async () => {
    expect(await statusOf(await aGuest(t))).toBe('available');
    expect(await statusOf(await aMember(t))).toBe('available');
  });

  test('someone last seen long ago is unavailable; activity makes them available again', async () => {
    const guest = await aGuest(t);
    clock += PRESENCE_TIMEOUT_MS;
    expect(await statusOf(guest)).toBe('available');
    clock += 1;
    expect(await statusOf(guest)).toBe('unavailable');
    clock += 60 * MINUTE;
    expect(await statusOf(guest)).toBe('unavailable');

    await t.ok('user.info', {}, guest);
    expect(await statusOf(guest)).toBe('available');
  });

  test('a member who logs in after a long absence is available at once', async () => {
    const member = await aMember(t);
    clock += 3 * 60 * MINUTE;
    expect(await statusOf(member)).toBe('unavailable');

    const session = await t.ok('user.email_login', { email: member.email, password: member.password });
    expect(await statusOf(member)).toBe('available');
    await t.ok('user.info', {}, session);
    expect(await statusOf(member)).toBe('available');
  });

  test('is visible to anyone, guests included', async () => {
    const member = await aMember(t);
    const guest = await aGuest(t);
    const { presence } = await t.ok('presence.get', { uid: member.userid }, guest);
    expect(presence).toEqual({ userid: member.userid, status: 'available' });
  });

  test('user.info shows the same status to its owner', async () => {
    const guest = await aGuest(t);
    await t.ok('presence.update', { status: 'away' }, guest);
    expect((await t.ok('user.info', {}, guest)).status).toBe('away');
  });
});

describe('presence.update', () => {
  test("'away' is shown until the user says they are back", async () => {
    const guest = await aGuest(t);
    expect(await t.ok('presence.update', { status: 'away' }, guest)).toEqual({});
    expect(await statusOf(guest)).toBe('away');
    clock += 5 * MINUTE;
    expect(await statusOf(guest)).toBe('away');

    await t.ok('presence.update', { status: 'available' }, guest);
    expect(await statusOf(guest)).toBe('available');
  });

  test('an away user who is gone long enough becomes unavailable', async () => {
    const guest = await aGuest(t);
    await t.ok('presence.update', { status: 'away' }, guest);
    clock += PRESENCE_TIMEOUT_MS + 1;
    expect(await statusOf(guest)).toBe('unavailable');
  });

  test('reporting is a sign of life', async () => {
    const guest = await aGuest(t);
    clock += PRESENCE_TIMEOUT_MS + MINUTE;
    expect(await statusOf(guest)).toBe('unavailable');
    await t.ok('presence.update', { status: 'available' }, guest);
    expect(await statusOf(guest)).toBe('available');
  });

  test('requires a session', async () => {
    expect(failureOf(await t.call('presence.update', { status: 'away' })).errcode).toBe('not_authenticated');
    expect(
      failureOf(await t.call('presence.update', { status: 'away' }, { userid: 'someone', userauth: 'guess' })).errcode,
    ).toBe('not_authenticated');
  });

  test("only 'available' and 'away' can be reported", async () => {
    const guest = await aGuest(t);
    expect(failureOf(await t.call('presence.update', { status: 'unavailable' }, guest))).toEqual({
      err: "The field 'status' must be one of: available, away.",
      errcode: 'invalid',
    });
    expect(failureOf(await t.call('presence.update', {}, guest)).errcode).toBe('invalid');
  });

  test("one user's report does not change another's presence", async () => {
    const [a, b] = await Promise.all([aGuest(t), aGuest(t)]);
    await t.ok('presence.update', { status: 'away' }, a);
    expect(await statusOf(a)).toBe('away');
    expect(await statusOf(b)).toBe('available');
  });
});
