/**
 * Sign-up with an address that already has an account (issue 31): it answered
 * "already registered", telling anyone which addresses have accounts, while
 * login and forgot-password are careful not to. Now it answers as a sign-up
 * with a new address does, and the address's owner is told.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Credentials } from '@platter/contract';
import { findUser } from '../src/features/accounts';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest, aMember, type Member } from './support/factories';
import { lastMailTo, mailsTo } from './support/mail';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

let counter = 0;
function signup(overrides: Record<string, unknown> = {}) {
  const n = `${process.pid.toString(36)}t${(counter++).toString(36)}`;
  return { name: `Taken ${n}`, email: `taken-${n}@example.com`, password: 'secret-pw', avatarid: 4, ...overrides };
}

/** What a sign-up's answer is made of, without the values that are new each time. */
const shapeOf = (envelope: unknown) => {
  const [ok, body] = envelope as [boolean, Record<string, unknown>];
  return [ok, Object.keys(body).sort(), typeof body.userid, typeof body.userauth];
};

/** The mail to a taken address's owner: who tried, and how to sign in or reset the password. */
async function expectOwnerTold(owner: Member) {
  const mails = await mailsTo(t, owner.email);
  const notice = mails.at(-1)!;
  expect(notice.subject).toBe('Someone tried to sign up for Platter with your email');
  expect(notice.text).toContain(`Hi ${owner.name},`);
  expect(notice.text).toContain(`${t.app.services.config.publicUrl}/reset-password`);
  expect(notice.text).toContain(`${t.app.services.config.publicUrl}/login`);
  // No link that would confirm the address for the one who typed it.
  expect(notice.text).not.toContain('verify_token');
}

/** The owner's account is as it was: it signs in with its own password, not the one just typed. */
async function expectOwnerUntouched(owner: Member) {
  expect((await t.call('user.email_login', { email: owner.email, password: owner.password }))[0]).toBe(true);
  expect((await t.call('user.email_login', { email: owner.email, password: 'secret-pw' }))[0]).toBe(false);
  expect((await t.ok('user.info', {}, owner)).unverified_email).toBe(owner.email);
}

describe('user.email_register with an address that has an account', () => {
  test('answers as with a new address, whatever its case', async () => {
    const owner = await aMember(t);
    const fresh = await t.call('user.email_register', signup());
    const taken = await t.call('user.email_register', signup({ email: owner.email.toUpperCase() }));
    expect(shapeOf(taken)).toEqual(shapeOf(fresh));
    expect(shapeOf(taken)).toEqual([true, ['userauth', 'userid'], 'string', 'string']);
  });

  test('does the same work: an argon2id hash of the password typed, and a member with the name', async () => {
    const owner = await aMember(t);
    const details = signup({ email: owner.email });
    const member = (await t.ok('user.email_register', details)) as Credentials;
    const row = await findUser(t.app.services.db, member.userid);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await t.ok('user.info', {}, member)).toMatchObject({ name: details.name, registered: true });
    // The address stays with its account: the new member has none.
    expect(row).toMatchObject({ unverifiedEmail: null, email: null });
  });

  test("mails the address's owner how to sign in or reset the password, and leaves the account alone", async () => {
    const owner = await aMember(t);
    await t.ok('user.email_register', signup({ email: owner.email }));
    await expectOwnerTold(owner);
    await expectOwnerUntouched(owner);
  });

  test('a new address still gets its confirmation link', async () => {
    const details = signup();
    await t.ok('user.email_register', details);
    expect((await lastMailTo(t, details.email)).text).toContain('verify_token=');
  });

  test('two sign-ups racing for one new address both answer alike; one holds it, the other is told', async () => {
    const email = signup().email;
    const answers = await Promise.all([
      t.call('user.email_register', signup({ email })),
      t.call('user.email_register', signup({ email })),
    ]);
    expect(answers.map(shapeOf)).toEqual([
      [true, ['userauth', 'userid'], 'string', 'string'],
      [true, ['userauth', 'userid'], 'string', 'string'],
    ]);
    const subjects = (await mailsTo(t, email)).map((mail) => mail.subject);
    expect(subjects.sort()).toEqual([
      'Confirm your email for Platter',
      'Someone tried to sign up for Platter with your email',
    ]);
  });
});

describe('user.guest_register with an address that has an account', () => {
  test('the guest becomes a member as with a new address; the owner is told', async () => {
    const owner = await aMember(t);
    const guest = await aGuest(t);
    const details = signup({ email: owner.email.toUpperCase() });
    const member = await t.ok('user.guest_register', details, guest);
    expect(member.userid).toBe(guest.userid);
    expect(await t.ok('user.info', {}, member)).toMatchObject({ name: details.name, registered: true });
    await expectOwnerTold(owner);
    await expectOwnerUntouched(owner);
  });
});
