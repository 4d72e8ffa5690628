/**
 * Email (spec §4 Email, §7 user.change_email, user.set_email_password,
 * user.reverify_email): sign-up mails a verification link; following it
 * verifies; a new address waits unverified until its link is followed.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountMessages } from '@platter/contract';
import { updateUser } from '../src/features/accounts/store';
import { hashSecret } from '../src/lib/ids';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest, aMember, type Member } from './support/factories';
import { failureOf } from './support/envelopes';
import { lastMailTo, lastTokenTo, mailsTo, tokenIn } from './support/mail';

const DAY_MS = 24 * 60 * 60_000;
let clock = Date.now();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, () => clock);
});
afterAll(() => t.close());

let counter = 0;
const anAddress = (label = 'new') => `${label}-${process.pid}-${counter++}@example.com`;

const LINK_EXPIRED = { err: accountMessages.linkExpired, errcode: 'link_expired' };

/** A member whose sign-up address has been verified through its link. */
async function aVerifiedMember(): Promise<Member> {
  const member = await aMember(t);
  await t.ok('user.change_email', { verify_token: await lastTokenTo(t, member.email, 'verify_token') });
  return member;
}

describe('sign-up mails a verification link', () => {
  test('user.email_register: to the new address, naming the product, with a link to PUBLIC_URL/?verify_token=…', async () => {
    const member = await aMember(t);
    const mails = await mailsTo(t, member.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Confirm your email for Platter');
    expect(mail.text).toContain(`Hi ${member.name},`);
    expect(mail.text).toContain(`Please confirm that ${member.email} is your email address on Platter`);
    expect(mail.text).toContain('The link works once and expires in 7 days.');
    expect(mail.text).toMatch(new RegExp(`^${t.app.services.config.publicUrl}/\\?verify_token=[\\w-]{43}$`, 'm'));
    const token = tokenIn(mail.text, 'verify_token');
    expect(mail.html).toContain(`<a href="${t.app.services.config.publicUrl}/?verify_token=${token}">`);
  });

  test('user.guest_register mails the link too', async () => {
    const guest = await aGuest(t);
    const email = anAddress('guest');
    await t.ok('user.guest_register', { name: `Guest ${counter++}`, email, password: 'secret-pw', avatarid: 8 }, guest);
    expect((await lastMailTo(t, email)).subject).toBe('Confirm your email for Platter');
  });

  test('a failed sign-up mails nothing', async () => {
    const member = await aMember(t);
    const email = anAddress('failed');
    failureOf(await t.call('user.email_register', { name: member.name, email, password: 'secret-pw' }));
    expect(await mailsTo(t, email)).toEqual([]);
  });

  test('the token is stored only as its hash', async () => {
    const member = await aMember(t);
    const token = await lastTokenTo(t, member.email, 'verify_token');
    const rows = await t.app.services.db.selectFrom('tokens').selectAll().where('userId', '=', member.userid).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: 'verify_email', tokenHash: hashSecret(token), email: member.email });
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe('user.change_email with a verify_token', () => {
  test('verifies: sets email, clears unverified_email, has_tt_password stays true', async () => {
    const member = await aMember(t);
    const token = await lastTokenTo(t, member.email, 'verify_token');
    expect(await t.ok('user.change_email', { verify_token: token }, member)).toEqual({ notice: null });
    expect(await t.ok('user.info', {}, member)).toMatchObject({
      email: member.email,
      unverified_email: null,
      has_tt_password: true,
    });
    expect((await t.ok('user.email_login', { email: member.email, password: member.password })).userid).toBe(
      member.userid,
    );
  });

  test('works in any browser: without a session, or signed in as someone else', async () => {
    const [a, b, other] = [await aMember(t), await aMember(t), await aMember(t)];
    await t.ok('user.change_email', { verify_token: await lastTokenTo(t, a.email, 'verify_token') });
    await t.ok('user.change_email', { verify_token: await lastTokenTo(t, b.email, 'verify_token') }, other);
    expect((await t.ok('user.info', {}, a)).email).toBe(a.email);
    expect((await t.ok('user.info', {}, b)).email).toBe(b.email);
    expect((await t.ok('user.info', {}, other)).email).toBeNull();
  });

  test('a link works once: the second time it has expired (HTTP 410)', async () => {
    const member = await aMember(t);
    const token = await lastTokenTo(t, member.email, 'verify_token');
    await t.ok('user.change_email', { verify_token: token });
    const response = await t.fetch('/api/user.change_email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ verify_token: token }),
    });
    expect(response.status).toBe(410);
    expect(await response.json()).toEqual([false, LINK_EXPIRED]);
  });

  test('a link lasts 7 days', async () => {
    const [early, late] = [await aMember(t), await aMember(t)];
    const [earlyToken, lateToken] = [
      await lastTokenTo(t, early.email, 'verify_token'),
      await lastTokenTo(t, late.email, 'verify_token'),
    ];
    const start = clock;
    try {
      clock = start + 7 * DAY_MS - 1000;
      await t.ok('user.change_email', { verify_token: earlyToken });
      clock = start + 7 * DAY_MS + 1000;
      expect(failureOf(await t.call('user.change_email', { verify_token: lateToken }))).toEqual(LINK_EXPIRED);
    } finally {
      clock = start;
    }
    expect((await t.ok('user.info', {}, late)).unverified_email).toBe(late.email);
  });

  test('a made-up token has expired too', async () => {
    expect(failureOf(await t.call('user.change_email', { verify_token: 'made-up' }))).toEqual(LINK_EXPIRED);
  });

  test("a link for an address the member has since replaced has expired; the new address's link works", async () => {
    const member = await aMember(t);
    const first = await lastTokenTo(t, member.email, 'verify_token');
    const email = anAddress();
    await t.ok('user.change_email', { email, password: member.password }, member);
    expect(failureOf(await t.call('user.change_email', { verify_token: first }))).toEqual(LINK_EXPIRED);
    await t.ok('user.change_email', { verify_token: await lastTokenTo(t, email, 'verify_token') });
    expect(await t.ok('user.info', {}, member)).toMatchObject({ email, unverified_email: null });
  });

  test('a blank token is refused by name', async () => {
    expect(failureOf(await t.call('user.change_email', { verify_token: '  ' }))).toEqual({
      err: "The field 'verify_token' is too short (at least 1).",
      errcode: 'invalid',
    });
  });
});

describe('user.change_email with a new email and the password', () => {
  test('keeps the new address unverified, says so, and mails it a link', async () => {
    const member = await aVerifiedMember();
    const email = anAddress();
    expect(await t.ok('user.change_email', { email, password: member.password }, member)).toEqual({
      notice: `We sent a link to ${email}. Follow it to finish changing your email.`,
    });
    expect(await t.ok('user.info', {}, member)).toMatchObject({ email: member.email, unverified_email: email });
    expect((await lastMailTo(t, email)).subject).toBe('Confirm your email for Platter');
    // Until the link is followed the verified address still signs in, and the new one does not.
    await t.ok('user.email_login', { email: member.email, password: member.password });
    failureOf(await t.call('user.email_login', { email, password: member.password }));
  });

  test('following the link makes the new address the one that signs in', async () => {
    const member = await aVerifiedMember();
    const email = anAddress();
    await t.ok('user.change_email', { email, password: member.password }, member);
    await t.ok('user.change_email', { verify_token: await lastTokenTo(t, email, 'verify_token') });
    expect(await t.ok('user.info', {}, member)).toMatchObject({ email, unverified_email: null, has_tt_password: true });
    expect((await t.ok('user.email_login', { email, password: member.password })).userid).toBe(member.userid);
    failureOf(await t.call('user.email_login', { email: member.email, password: member.password }));
  });

  test('tells the verified address that a change was asked for', async () => {
    const member = await aVerifiedMember();
    const email = anAddress();
    await t.ok('user.change_email', { email, password: member.password }, member);
    const notice = await lastMailTo(t, member.email);
    expect(notice.subject).toBe('Your Platter email is about to change');
    expect(notice.text).toContain(`asked to change its email address to ${email}`);
    expect(notice.text).toContain(`${t.app.services.config.publicUrl}/reset-password`);
  });

  test('a member with no verified address yet changes the one they signed up with', async () => {
    const member = await aMember(t);
    const email = anAddress();
    await t.ok('user.change_email', { email, password: member.password }, member);
    expect(await t.ok('user.info', {}, member)).toMatchObject({ email: null, unverified_email: email });
    // It is the only address, so it signs in.
    await t.ok('user.email_login', { email, password: member.password });
    expect(await mailsTo(t, member.email)).toHaveLength(1);
  });

  test('a wrong password changes nothing', async () => {
    const member = await aVerifiedMember();
    const email = anAddress();
    expect(failureOf(await t.call('user.change_email', { email, password: 'wrong horse' }, member))).toEqual({
      err: "Sorry, that password isn't right.",
      errcode: 'invalid',
    });
    expect((await t.ok('user.info', {}, member)).unverified_email).toBeNull();
    expect(await mailsTo(t, email)).toEqual([]);
  });

  test("another account's address, verified or not, in any case, is refused", async () => {
    const member = await aMember(t);
    const verified = await aVerifiedMember();
    const unverified = await aMember(t);
    for (const email of [verified.email, unverified.email.toUpperCase()]) {
      expect(failureOf(await t.call('user.change_email', { email, password: member.password }, member))).toEqual({
        err: 'That email address belongs to another account.',
        errcode: 'conflict',
      });
    }
  });

  test('the verified address itself is refused', async () => {
    const member = await aVerifiedMember();
    expect(
      failureOf(
        await t.call('user.change_email', { email: member.email.toUpperCase(), password: member.password }, member),
      ),
    ).toEqual({ err: "That's already your email address.", errcode: 'invalid' });
  });

  test('asking again for the pending address sends a new link', async () => {
    const member = await aVerifiedMember();
    const email = anAddress();
    await t.ok('user.change_email', { email, password: member.password }, member);
    await t.ok('user.change_email', { email, password: member.password }, member);
    expect(await mailsTo(t, email)).toHaveLength(2);
  });

  test('the fields are checked with readable messages', async () => {
    const member = await aMember(t);
    expect(failureOf(await t.call('user.change_email', { email: 'nope', password: member.password }, member))).toEqual({
      err: 'Please enter a valid email address',
      errcode: 'invalid',
    });
    expect(failureOf(await t.call('user.change_email', { email: anAddress() }, member))).toEqual({
      err: "The field 'password' is required.",
      errcode: 'invalid',
    });
    expect(failureOf(await t.call('user.change_email', { email: anAddress(), password: '' }, member))).toEqual({
      err: 'Please enter your password',
      errcode: 'invalid',
    });
    expect(failureOf(await t.call('user.change_email', {}, member))).toEqual({
      err: "The field 'email' is required.",
      errcode: 'invalid',
    });
  });

  test('needs a signed-in member', async () => {
    const fields = { email: anAddress(), password: 'correct horse' };
    expect(failureOf(await t.call('user.change_email', fields)).errcode).toBe('not_authenticated');
    expect(failureOf(await t.call('user.change_email', fields, await aGuest(t))).errcode).toBe('members_only');
  });

  test('a member who has no password yet is told to set one', async () => {
    const member = await aSocialMember();
    expect(failureOf(await t.call('user.change_email', { email: anAddress(), password: 'anything' }, member))).toEqual({
      err: "You haven't set a password yet: set your email and password first.",
      errcode: 'invalid',
    });
  });
});

/** A member with neither email nor password, as a sign-up through a social provider leaves them. */
async function aSocialMember(): Promise<Member> {
  const member = await aMember(t);
  await updateUser(t.app.services.db, member.userid, {
    passwordHash: null,
    unverifiedEmail: null,
    unverifiedEmailLower: null,
  });
  return member;
}

describe('user.set_email_password', () => {
  test('gives a member with neither an email nor a password both, the email unverified until its link', async () => {
    const member = await aSocialMember();
    expect(await t.ok('user.info', {}, member)).toMatchObject({
      email: null,
      unverified_email: null,
      has_tt_password: false,
    });
    const email = anAddress('set');
    expect(await t.ok('user.set_email_password', { email, password: 'new secret' }, member)).toEqual({
      notice: `We sent a link to ${email}. Follow it to confirm your email address.`,
    });
    expect(await t.ok('user.info', {}, member)).toMatchObject({
      email: null,
      unverified_email: email,
      has_tt_password: true,
    });
    expect((await t.ok('user.email_login', { email, password: 'new secret' })).userid).toBe(member.userid);
    await t.ok('user.change_email', { verify_token: await lastTokenTo(t, email, 'verify_token') });
    expect(await t.ok('user.info', {}, member)).toMatchObject({ email, unverified_email: null });
  });

  test('a member whose verified email came from elsewhere sets just a password for it', async () => {
    const member = await aSocialMember();
    const email = anAddress('known');
    await updateUser(t.app.services.db, member.userid, { email, emailLower: email });
    expect(await t.ok('user.set_email_password', { email, password: 'new secret' }, member)).toEqual({ notice: null });
    expect(await t.ok('user.info', {}, member)).toMatchObject({ email, unverified_email: null, has_tt_password: true });
    expect(await mailsTo(t, email)).toEqual([]);
  });

  test('a member who has a password already is sent to the other forms', async () => {
    const member = await aMember(t);
    expect(
      failureOf(await t.call('user.set_email_password', { email: anAddress(), password: 'x'.repeat(8) }, member)),
    ).toEqual({
      err: 'You already have a password. Use "change password" or "change email" instead.',
      errcode: 'conflict',
    });
  });

  test('the rules of spec §5 apply, and a taken address is refused', async () => {
    const member = await aSocialMember();
    const other = await aMember(t);
    expect(failureOf(await t.call('user.set_email_password', { email: 'x@', password: 'secret-pw' }, member))).toEqual({
      err: 'Please enter a valid email address',
      errcode: 'invalid',
    });
    expect(
      failureOf(await t.call('user.set_email_password', { email: anAddress(), password: '12345' }, member)),
    ).toEqual({
      err: 'Your password must be at least 6 characters long',
      errcode: 'invalid',
    });
    expect(
      failureOf(await t.call('user.set_email_password', { email: other.email, password: 'secret-pw' }, member)),
    ).toEqual({
      err: 'That email address belongs to another account.',
      errcode: 'conflict',
    });
  });

  test('is for members', async () => {
    const fields = { email: anAddress(), password: 'secret-pw' };
    expect(failureOf(await t.call('user.set_email_password', fields)).errcode).toBe('not_authenticated');
    expect(failureOf(await t.call('user.set_email_password', fields, await aGuest(t))).errcode).toBe('members_only');
  });
});

describe('user.reverify_email', () => {
  test('mails a new link for the unverified address; both links work until one is used', async () => {
    const member = await aMember(t);
    const first = await lastTokenTo(t, member.email, 'verify_token');
    expect(await t.ok('user.reverify_email', { email: member.email }, member)).toEqual({});
    const mails = await mailsTo(t, member.email);
    expect(mails).toHaveLength(2);
    const second = tokenIn(mails[1]!.text, 'verify_token');
    expect(second).not.toBe(first);
    await t.ok('user.change_email', { verify_token: second });
    // Verified now: the older link has nothing left to do.
    expect(failureOf(await t.call('user.change_email', { verify_token: first }))).toEqual(LINK_EXPIRED);
  });

  test('the address is matched in any case', async () => {
    const member = await aMember(t);
    await t.ok('user.reverify_email', { email: member.email.toUpperCase() }, member);
    expect(await mailsTo(t, member.email)).toHaveLength(2);
  });

  test('only for the address waiting to be verified', async () => {
    const member = await aMember(t);
    const other = anAddress();
    expect(failureOf(await t.call('user.reverify_email', { email: other }, member))).toEqual({
      err: "That isn't the email address waiting to be verified.",
      errcode: 'invalid',
    });
    expect(await mailsTo(t, other)).toEqual([]);
  });

  test('a verified member has nothing to verify', async () => {
    const member = await aVerifiedMember();
    expect(failureOf(await t.call('user.reverify_email', { email: member.email }, member))).toEqual({
      err: 'Your email address is already verified.',
      errcode: 'invalid',
    });
  });

  test('is for members', async () => {
    expect(failureOf(await t.call('user.reverify_email', { email: anAddress() })).errcode).toBe('not_authenticated');
    expect(failureOf(await t.call('user.reverify_email', { email: anAddress() }, await aGuest(t))).errcode).toBe(
      'members_only',
    );
  });
});
