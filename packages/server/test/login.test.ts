/** user.email_login: signing in with an email and a password. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';
import { aMember, type Member } from './support/factories';
import { failureOf } from './support/envelopes';

let t: TestApp;
let member: Member;
beforeAll(async () => {
  t = await startTestApp();
  member = await aMember(t, { email: 'Login.Member@Example.com', password: 'correct horse' });
});
afterAll(() => t.close());

describe('user.email_login', () => {
  test('a member logs in and gets a new working session', async () => {
    const login = await t.ok('user.email_login', { email: member.email, password: member.password, fingerprint: 'fp' });
    expect(Object.keys(login).sort()).toEqual(['userauth', 'userid']);
    expect(login.userid).toBe(member.userid);
    expect(login.userauth).not.toBe(member.userauth);
    expect(await t.ok('user.authenticate', {}, login)).toEqual({ userid: member.userid, registered: true });
    // The session from sign-up is still alive: one session per device.
    expect(await t.ok('user.authenticate', {}, member)).toEqual({ userid: member.userid, registered: true });
  });

  test.each([
    'login.member@example.com',
    'LOGIN.MEMBER@EXAMPLE.COM',
    'lOgIn.MeMbEr@eXaMpLe.CoM',
    '  login.member@example.com  ',
  ])('the email matches in any case (%j)', async (email) => {
    const login = await t.ok('user.email_login', { email, password: 'correct horse' });
    expect(login.userid).toBe(member.userid);
  });

  test('the password is case-sensitive', async () => {
    expect(
      failureOf(await t.call('user.email_login', { email: member.email, password: 'Correct Horse' })).errcode,
    ).toBe('invalid');
  });

  test('a wrong password and an unknown email get the same generic message', async () => {
    const wrongPassword = failureOf(await t.call('user.email_login', { email: member.email, password: 'wrong horse' }));
    const unknownEmail = failureOf(
      await t.call('user.email_login', { email: 'nobody-here@example.com', password: member.password }),
    );
    expect(wrongPassword.err).toBe(unknownEmail.err);
    expect(wrongPassword.errcode).toBe(unknownEmail.errcode);
    expect(wrongPassword).toEqual({
      err: "Sorry, that email and password don't match. Please try again.",
      errcode: 'invalid',
    });
  });

  test('missing fields give readable errors', async () => {
    expect(failureOf(await t.call('user.email_login', { password: 'correct horse' }))).toEqual({
      err: "The field 'email' is required.",
      errcode: 'invalid',
    });
    expect(failureOf(await t.call('user.email_login', { email: member.email }))).toEqual({
      err: "The field 'password' is required.",
      errcode: 'invalid',
    });
    expect(failureOf(await t.call('user.email_login', { email: '   ', password: 'correct horse' }))).toEqual({
      err: 'Please enter your email address',
      errcode: 'invalid',
    });
    expect(failureOf(await t.call('user.email_login', { email: member.email, password: '' }))).toEqual({
      err: 'Please enter your password',
      errcode: 'invalid',
    });
  });

  test('a failed login does not disturb existing sessions', async () => {
    failureOf(await t.call('user.email_login', { email: member.email, password: 'wrong horse' }));
    expect((await t.ok('user.authenticate', {}, member)).userid).toBe(member.userid);
  });

  test('a short password is simply wrong, not a rule: login does not apply sign-up rules', async () => {
    const failure = failureOf(await t.call('user.email_login', { email: member.email, password: 'abc' }));
    expect(failure.err).toBe("Sorry, that email and password don't match. Please try again.");
  });
});
