/** Becoming someone: guest sessions (user.guest_create) and sign-up (user.email_register, user.guest_register). */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_AVATAR_ID } from '@platter/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest, aMember } from './support/factories';
import { failureOf } from './support/envelopes';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

let counter = 0;
/** A fresh, valid sign-up; each call gives a name and email nobody has. */
function signup(overrides: Record<string, unknown> = {}) {
  const n = `${process.pid.toString(36)}${(counter++).toString(36)}`;
  return { name: `Signup ${n}`, email: `signup-${n}@example.com`, password: 'secret-pw', avatarid: 4, ...overrides };
}

describe('user.guest_create', () => {
  test('gives a new userid and userauth', async () => {
    const guest = await t.ok('user.guest_create', { fingerprint: 'fp-1', usertoken: 'ut-1' });
    expect(guest.userid).toMatch(/^[0-9a-f]{24}$/);
    expect(guest.userauth.length).toBeGreaterThanOrEqual(32);
    expect(Object.keys(guest).sort()).toEqual(['userauth', 'userid']);
  });

  test('each guest is someone new', async () => {
    const [a, b] = await Promise.all([aGuest(t), aGuest(t)]);
    expect(a.userid).not.toBe(b.userid);
    expect(a.userauth).not.toBe(b.userauth);
  });

  test('a guest has no name and is not registered', async () => {
    const guest = await aGuest(t);
    const info = await t.ok('user.info', {}, guest);
    expect(info).toMatchObject({
      userid: guest.userid,
      name: null,
      registered: false,
      email: null,
      unverified_email: null,
      has_tt_password: false,
      avatarid: DEFAULT_AVATAR_ID,
    });
    expect(await t.ok('user.authenticate', {}, guest)).toEqual({ userid: guest.userid, registered: false });
  });
});

describe('user.email_register', () => {
  test('makes a member who is signed in at once', async () => {
    const details = signup();
    const member = await t.ok('user.email_register', details);
    expect(Object.keys(member).sort()).toEqual(['userauth', 'userid']);
    const info = await t.ok('user.info', {}, member);
    expect(info).toMatchObject({
      userid: member.userid,
      name: details.name,
      registered: true,
      // Unverified until the link in the welcome email is followed (spec §4 Email).
      email: null,
      unverified_email: details.email,
      has_tt_password: true,
      avatarid: 4,
    });
  });

  test('the new member can log in with the email and password', async () => {
    const details = signup();
    const member = await t.ok('user.email_register', details);
    const login = await t.ok('user.email_login', { email: details.email, password: details.password });
    expect(login.userid).toBe(member.userid);
  });

  test('the avatar defaults to the default signup avatar', async () => {
    const { avatarid: _omitted, ...details } = signup();
    void _omitted;
    const member = await t.ok('user.email_register', details);
    expect((await t.ok('user.info', {}, member)).avatarid).toBe(DEFAULT_AVATAR_ID);
  });

  test('stores the name trimmed', async () => {
    const details = signup();
    const member = await t.ok('user.email_register', { ...details, name: `  ${details.name}  ` });
    expect((await t.ok('user.info', {}, member)).name).toBe(details.name);
  });

  test('accepts a name of exactly 20 characters', async () => {
    const name = `Twenty ${(counter++).toString().padStart(13, 'x')}`;
    expect(name).toHaveLength(20);
    const member = await t.ok('user.email_register', signup({ name }));
    expect((await t.ok('user.info', {}, member)).name).toBe(name);
  });

  test.each([
    ['', "Your DJ name can't be blank"],
    ['   ', "Your DJ name can't be blank"],
    ['a'.repeat(21), 'Your DJ name is too long! Keep it under 20 characters'],
    ['<b>bold</b>', "Your DJ name can't have special characters"],
    ['DJ "Quote"', "Your DJ name can't have special characters"],
    ['DJ  Ada', "Your DJ name can't have two spaces in a row"],
  ])('refuses the name %j: %s', async (name, message) => {
    expect(failureOf(await t.call('user.email_register', signup({ name })))).toEqual({
      err: message,
      errcode: 'invalid',
    });
  });

  test.each(['', 'not-an-email', 'ada@', '@example.com', 'ada@example'])(
    "refuses the email %j: 'Please enter a valid email address'",
    async (email) => {
      expect(failureOf(await t.call('user.email_register', signup({ email })))).toEqual({
        err: 'Please enter a valid email address',
        errcode: 'invalid',
      });
    },
  );

  test.each(['', '12345'])("refuses the password %j: 'at least 6 characters'", async (password) => {
    expect(failureOf(await t.call('user.email_register', signup({ password })))).toEqual({
      err: 'Your password must be at least 6 characters long',
      errcode: 'invalid',
    });
  });

  test.each([0, 2, 3, 9, 3000, -1])('refuses avatar %i, which is not one of the six offered', async (avatarid) => {
    expect(failureOf(await t.call('user.email_register', signup({ avatarid })))).toEqual({
      err: 'Please choose one of the avatars shown',
      errcode: 'invalid',
    });
  });

  test.each([true, '', '8.5', [8]])('refuses an avatar id that is not a whole number: %j', async (avatarid) => {
    expect(failureOf(await t.call('user.email_register', signup({ avatarid: avatarid as never })))).toMatchObject({
      errcode: 'invalid',
    });
  });

  test('takes the avatar id as a numeric string too', async () => {
    const member = await t.ok('user.email_register', signup({ avatarid: '34' as never }));
    expect((await t.ok('user.info', {}, member)).avatarid).toBe(34);
  });

  test('a missing field is named', async () => {
    const { name: _name, ...withoutName } = signup();
    void _name;
    expect(failureOf(await t.call('user.email_register', withoutName))).toEqual({
      err: "The field 'name' is required.",
      errcode: 'invalid',
    });
  });

  test('a name is taken whatever its case', async () => {
    const taken = await aMember(t);
    const failure = failureOf(await t.call('user.email_register', signup({ name: taken.name.toUpperCase() })));
    expect(failure).toEqual({ err: 'That DJ name is already taken. Try another!', errcode: 'conflict' });
  });

  test('a refused sign-up makes nobody', async () => {
    const details = signup();
    failureOf(await t.call('user.email_register', { ...details, password: '123' }));
    // The same name and email are still free.
    await t.ok('user.email_register', details);
  });

  test('stale credentials on the request do not matter: sign-up needs no session', async () => {
    const member = await t.ok('user.email_register', signup(), { userid: 'nobody', userauth: 'nothing' });
    expect(member.userid).toMatch(/^[0-9a-f]{24}$/);
  });
});

describe('user.guest_register', () => {
  test('a guest becomes a member and keeps its userid', async () => {
    const guest = await aGuest(t);
    const details = signup();
    const member = await t.ok('user.guest_register', details, guest);
    expect(member.userid).toBe(guest.userid);
    expect(member.userauth).not.toBe(guest.userauth);

    const info = await t.ok('user.info', {}, member);
    expect(info).toMatchObject({
      userid: guest.userid,
      name: details.name,
      registered: true,
      unverified_email: details.email,
      has_tt_password: true,
      avatarid: details.avatarid,
    });
    expect(await t.ok('user.authenticate', {}, member)).toEqual({ userid: guest.userid, registered: true });
  });

  test("the guest's old userauth stops working", async () => {
    const guest = await aGuest(t);
    await t.ok('user.guest_register', signup(), guest);
    expect(failureOf(await t.call('user.info', {}, guest)).errcode).toBe('not_authenticated');
    expect(failureOf(await t.call('user.authenticate', {}, guest)).errcode).toBe('not_authenticated');
  });

  test('the new member can log in with the email and password', async () => {
    const guest = await aGuest(t);
    const details = signup();
    await t.ok('user.guest_register', details, guest);
    const login = await t.ok('user.email_login', { email: details.email, password: details.password });
    expect(login.userid).toBe(guest.userid);
  });

  test('a member calling it is told clearly', async () => {
    const member = await aMember(t);
    expect(failureOf(await t.call('user.guest_register', signup(), member))).toEqual({
      err: "You're already signed up! Log out first to make a new account.",
      errcode: 'conflict',
    });
    // Still the same member, still signed in.
    expect((await t.ok('user.info', {}, member)).name).toBe(member.name);
  });

  test('without credentials it is not authenticated', async () => {
    expect(failureOf(await t.call('user.guest_register', signup())).errcode).toBe('not_authenticated');
    expect(failureOf(await t.call('user.guest_register', signup(), { userid: 'x', userauth: 'y' })).errcode).toBe(
      'not_authenticated',
    );
  });

  test('the same rules as email sign-up apply', async () => {
    const guest = await aGuest(t);
    expect(failureOf(await t.call('user.guest_register', signup({ name: '' }), guest)).err).toBe(
      "Your DJ name can't be blank",
    );
    expect(failureOf(await t.call('user.guest_register', signup({ email: 'nope' }), guest)).err).toBe(
      'Please enter a valid email address',
    );
    expect(failureOf(await t.call('user.guest_register', signup({ password: 'short' }), guest)).err).toBe(
      'Your password must be at least 6 characters long',
    );
    expect(failureOf(await t.call('user.guest_register', signup({ avatarid: 2 }), guest)).err).toBe(
      'Please choose one of the avatars shown',
    );
  });

  // A taken email is no refusal: test/signup-taken-email.test.ts.
  test('a taken name leaves the guest a guest, still signed in', async () => {
    const taken = await aMember(t);
    const guest = await aGuest(t);
    expect(failureOf(await t.call('user.guest_register', signup({ name: taken.name.toLowerCase() }), guest))).toEqual({
      err: 'That DJ name is already taken. Try another!',
      errcode: 'conflict',
    });
    expect(await t.ok('user.authenticate', {}, guest)).toEqual({ userid: guest.userid, registered: false });
  });
});
