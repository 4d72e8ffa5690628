/**
 * Passwords (spec §2 Account screen and Forgot-password modal, §4 Email,
 * §7 user.change_password and user.forgot_password): with the old password,
 * or with a reset link mailed to the account's address.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountMessages, type Credentials } from '@platter/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest, aMember, type Member } from './support/factories';
import { failureOf } from './support/envelopes';
import { lastMailTo, lastTokenTo, mailsTo, tokenIn } from './support/mail';

const HOUR_MS = 60 * 60_000;
let clock = Date.now();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, () => clock);
});
afterAll(() => t.close());

let counter = 0;
const anAddress = (label = 'pw') => `${label}-${process.pid}-${counter++}@example.com`;

const LINK_EXPIRED = { err: accountMessages.linkExpired, errcode: 'link_expired' };

async function signedIn(who: Credentials): Promise<boolean> {
  const envelope = await t.call('user.authenticate', {}, who);
  if (!envelope[0] && envelope[1].errcode !== 'not_authenticated') throw new Error(envelope[1].err);
  return envelope[0];
}

async function aVerifiedMember(): Promise<Member> {
  const member = await aMember(t);
  await t.ok('user.change_email', { verify_token: await lastTokenTo(t, member.email, 'verify_token') });
  return member;
}

async function resetTokenFor(email: string): Promise<string> {
  await t.ok('user.forgot_password', { email });
  return lastTokenTo(t, email, 'reset_token');
}

describe('user.change_password with the old password', () => {
  test('sets the new password; this session stays, the others end', async () => {
    const member = await aMember(t);
    const otherDevice = await t.ok('user.email_login', { email: member.email, password: member.password });
    expect(
      await t.ok('user.change_password', { old_password: member.password, password: 'brand new pw' }, member),
    ).toEqual({});
    expect(await signedIn(member)).toBe(true);
    expect(await signedIn(otherDevice)).toBe(false);
    failureOf(await t.call('user.email_login', { email: member.email, password: member.password }));
    await t.ok('user.email_login', { email: member.email, password: 'brand new pw' });
    expect((await t.ok('user.info', {}, member)).has_tt_password).toBe(true);
  });

  test('a wrong old password changes nothing', async () => {
    const member = await aMember(t);
    expect(
      failureOf(
        await t.call('user.change_password', { old_password: 'wrong horse', password: 'brand new pw' }, member),
      ),
    ).toEqual({ err: "Sorry, that password isn't right.", errcode: 'invalid' });
    await t.ok('user.email_login', { email: member.email, password: member.password });
  });

  test('the new password follows the rules of spec §5', async () => {
    const member = await aMember(t);
    expect(
      failureOf(await t.call('user.change_password', { old_password: member.password, password: '12345' }, member)),
    ).toEqual({
      err: 'Your password must be at least 6 characters long',
      errcode: 'invalid',
    });
    expect(failureOf(await t.call('user.change_password', { password: 'brand new pw' }, member))).toEqual({
      err: "The field 'old_password' is required.",
      errcode: 'invalid',
    });
    expect(
      failureOf(await t.call('user.change_password', { old_password: '', password: 'brand new pw' }, member)),
    ).toEqual({
      err: 'Please enter your current password',
      errcode: 'invalid',
    });
  });

  test('clears a pending unverified email when there is a verified one (spec §4)', async () => {
    const member = await aVerifiedMember();
    const pending = anAddress();
    await t.ok('user.change_email', { email: pending, password: member.password }, member);
    const link = await lastTokenTo(t, pending, 'verify_token');
    await t.ok('user.change_password', { old_password: member.password, password: 'brand new pw' }, member);
    expect(await t.ok('user.info', {}, member)).toMatchObject({ email: member.email, unverified_email: null });
    expect(failureOf(await t.call('user.change_email', { verify_token: link }))).toEqual(LINK_EXPIRED);
  });

  test("keeps an unverified email that is the account's only address", async () => {
    const member = await aMember(t);
    await t.ok('user.change_password', { old_password: member.password, password: 'brand new pw' }, member);
    expect(await t.ok('user.info', {}, member)).toMatchObject({ email: null, unverified_email: member.email });
    await t.ok('user.email_login', { email: member.email, password: 'brand new pw' });
  });

  test('ends the reset links mailed before', async () => {
    const member = await aMember(t);
    const token = await resetTokenFor(member.email);
    await t.ok('user.change_password', { old_password: member.password, password: 'brand new pw' }, member);
    expect(failureOf(await t.call('user.change_password', { reset_token: token, password: 'another pw' }))).toEqual(
      LINK_EXPIRED,
    );
  });

  test('needs a signed-in member, with a password', async () => {
    const fields = { old_password: 'correct horse', password: 'brand new pw' };
    expect(failureOf(await t.call('user.change_password', fields)).errcode).toBe('not_authenticated');
    expect(failureOf(await t.call('user.change_password', fields, await aGuest(t))).errcode).toBe('members_only');
  });
});

describe('user.forgot_password', () => {
  test("mails a reset link to a member's address", async () => {
    const member = await aVerifiedMember();
    expect(await t.ok('user.forgot_password', { email: member.email })).toEqual({});
    const mail = await lastMailTo(t, member.email);
    expect(mail.subject).toBe('Reset your Platter password');
    expect(mail.text).toContain(`Hi ${member.name},`);
    expect(mail.text).toContain('reset the password of your Platter account');
    expect(mail.text).toContain('The link works once and expires in 1 hour.');
    expect(mail.text).toMatch(new RegExp(`^${t.app.services.config.publicUrl}/\\?reset_token=[\\w-]{43}$`, 'm'));
  });

  test('answers the same for an unknown address, and mails nothing', async () => {
    const nobody = anAddress('nobody');
    const member = await aMember(t);
    const known = await t.call('user.forgot_password', { email: member.email });
    const unknown = await t.call('user.forgot_password', { email: nobody });
    expect(unknown).toEqual(known);
    expect(unknown).toEqual([true, {}]);
    expect(await mailsTo(t, nobody)).toEqual([]);
  });

  test('matches the address in any case, and mails the address on file', async () => {
    const member = await aMember(t);
    await t.ok('user.forgot_password', { email: `  ${member.email.toUpperCase()}  ` });
    expect((await lastMailTo(t, member.email)).subject).toBe('Reset your Platter password');
  });

  test('a verified member with a pending new address: the link goes to the verified one', async () => {
    const member = await aVerifiedMember();
    const pending = anAddress();
    await t.ok('user.change_email', { email: pending, password: member.password }, member);
    await t.ok('user.forgot_password', { email: member.email });
    await t.ok('user.forgot_password', { email: pending });
    expect((await mailsTo(t, pending)).map((mail) => mail.subject)).toEqual(['Confirm your email for Platter']);
    expect((await lastMailTo(t, member.email)).subject).toBe('Reset your Platter password');
  });

  test('refuses what is not an email address', async () => {
    expect(failureOf(await t.call('user.forgot_password', { email: 'nope' }))).toEqual({
      err: 'Please enter a valid email address',
      errcode: 'invalid',
    });
  });
});

describe('user.change_password with a reset link', () => {
  test('sets the password for anyone holding the link, and signs the member out everywhere', async () => {
    const member = await aVerifiedMember();
    const otherDevice = await t.ok('user.email_login', { email: member.email, password: member.password });
    const token = await resetTokenFor(member.email);
    expect(await t.ok('user.change_password', { reset_token: token, password: 'reset new pw' })).toEqual({});
    expect(await signedIn(member)).toBe(false);
    expect(await signedIn(otherDevice)).toBe(false);
    failureOf(await t.call('user.email_login', { email: member.email, password: member.password }));
    const login = await t.ok('user.email_login', { email: member.email, password: 'reset new pw' });
    expect(await t.ok('user.info', {}, login)).toMatchObject({ email: member.email, has_tt_password: true });
  });

  test('a link works once', async () => {
    const member = await aMember(t);
    const token = await resetTokenFor(member.email);
    await t.ok('user.change_password', { reset_token: token, password: 'reset new pw' });
    expect(failureOf(await t.call('user.change_password', { reset_token: token, password: 'again new pw' }))).toEqual(
      LINK_EXPIRED,
    );
    await t.ok('user.email_login', { email: member.email, password: 'reset new pw' });
  });

  test('a link lasts 1 hour', async () => {
    const [early, late] = [await aMember(t), await aMember(t)];
    const [earlyToken, lateToken] = [await resetTokenFor(early.email), await resetTokenFor(late.email)];
    const start = clock;
    try {
      clock = start + HOUR_MS - 1000;
      await t.ok('user.change_password', { reset_token: earlyToken, password: 'reset new pw' });
      clock = start + HOUR_MS + 1000;
      expect(
        failureOf(await t.call('user.change_password', { reset_token: lateToken, password: 'reset new pw' })),
      ).toEqual(LINK_EXPIRED);
    } finally {
      clock = start;
    }
    await t.ok('user.email_login', { email: late.email, password: late.password });
  });

  test('a made-up token, or a verification token, is no reset link', async () => {
    const member = await aMember(t);
    const verifyToken = await lastTokenTo(t, member.email, 'verify_token');
    for (const reset_token of ['made-up', verifyToken]) {
      expect(failureOf(await t.call('user.change_password', { reset_token, password: 'reset new pw' }))).toEqual(
        LINK_EXPIRED,
      );
    }
  });

  test('a password that breaks the rules leaves the link usable', async () => {
    const member = await aMember(t);
    const token = await resetTokenFor(member.email);
    expect(failureOf(await t.call('user.change_password', { reset_token: token, password: '123' }))).toEqual({
      err: 'Your password must be at least 6 characters long',
      errcode: 'invalid',
    });
    await t.ok('user.change_password', { reset_token: token, password: 'reset new pw' });
  });

  test('following a link mailed to the unverified address verifies it', async () => {
    const member = await aMember(t);
    const token = await resetTokenFor(member.email);
    await t.ok('user.change_password', { reset_token: token, password: 'reset new pw' });
    const login = await t.ok('user.email_login', { email: member.email, password: 'reset new pw' });
    expect(await t.ok('user.info', {}, login)).toMatchObject({
      email: member.email,
      unverified_email: null,
      has_tt_password: true,
    });
  });

  test('following a link mailed to the verified address drops a pending new address', async () => {
    const member = await aVerifiedMember();
    await t.ok('user.change_email', { email: anAddress(), password: member.password }, member);
    await t.ok('user.change_password', { reset_token: await resetTokenFor(member.email), password: 'reset new pw' });
    const login = await t.ok('user.email_login', { email: member.email, password: 'reset new pw' });
    expect(await t.ok('user.info', {}, login)).toMatchObject({ email: member.email, unverified_email: null });
  });

  test('using one link ends the others', async () => {
    const member = await aMember(t);
    const first = await resetTokenFor(member.email);
    const second = await resetTokenFor(member.email);
    expect(first).not.toBe(second);
    await t.ok('user.change_password', { reset_token: second, password: 'reset new pw' });
    expect(failureOf(await t.call('user.change_password', { reset_token: first, password: 'again new pw' }))).toEqual(
      LINK_EXPIRED,
    );
  });

  test('a member without a password (a social sign-up with a verified email) gets one this way', async () => {
    const member = await aVerifiedMember();
    await t.app.services.db.updateTable('users').set({ passwordHash: null }).where('id', '=', member.userid).execute();
    expect((await t.ok('user.info', {}, member)).has_tt_password).toBe(false);
    const mails = await mailsTo(t, member.email);
    await t.ok('user.forgot_password', { email: member.email });
    const token = tokenIn((await mailsTo(t, member.email)).slice(mails.length)[0]!.text, 'reset_token');
    await t.ok('user.change_password', { reset_token: token, password: 'first real pw' });
    await t.ok('user.email_login', { email: member.email, password: 'first real pw' });
  });
});
