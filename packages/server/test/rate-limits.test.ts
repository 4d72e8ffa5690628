/**
 * Brute force (issue: login, forgot-password and register are limited per IP
 * and per account): in-process by default, shared through Redis by every
 * instance when REDIS_URL is set. The login backoff: login-backoff.test.ts.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';
import { failureOf } from './support/envelopes';
import { mailsTo } from './support/mail';
import { aMember, anIp, callFrom, REDIS_URL, unique, wrongLogin } from './support/attempts';

const LIMIT = 3;
const RATE_LIMITED = { err: 'Too many attempts. Please wait a minute and try again.', errcode: 'rate_limited' };

describe('in-process limits', () => {
  let clock = Date.now();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ attemptsPerMinute: LIMIT, trustProxy: true }, () => clock);
  });
  afterAll(() => t.close());

  test(`login: ${LIMIT} attempts a minute from one IP, then 'rate_limited' (HTTP 429) even with the right password`, async () => {
    const ip = anIp();
    const member = await aMember(t);
    for (let i = 0; i < LIMIT; i++) {
      const other = { email: `nobody-${unique()}@example.com`, password: 'whatever' };
      expect(failureOf((await callFrom(t, ip, 'user.email_login', other)).envelope).errcode).toBe('invalid');
    }
    const limited = await callFrom(t, ip, 'user.email_login', { email: member.email, password: member.password });
    expect(limited.status).toBe(429);
    expect(failureOf(limited.envelope)).toEqual(RATE_LIMITED);
    // Another address is not held back by this one.
    expect(
      (await callFrom(t, anIp(), 'user.email_login', { email: member.email, password: member.password })).status,
    ).toBe(200);
  });

  test('login: wrong passwords from anywhere else never hold the account back (a lock per account could be forced by anyone)', async () => {
    const member = await aMember(t);
    // A bounded flood from many addresses: each is refused as a wrong password, none as a limit.
    const answers = [];
    for (let i = 0; i < 10 * LIMIT; i++)
      answers.push((await callFrom(t, anIp(), 'user.email_login', wrongLogin(member))).envelope);
    expect(answers.map((envelope) => failureOf(envelope).errcode)).toEqual(Array(10 * LIMIT).fill('invalid'));
    const right = { email: member.email.toUpperCase(), password: member.password };
    expect((await callFrom(t, anIp(), 'user.email_login', right)).envelope[0]).toBe(true);
  });

  test('a minute later the attempts count afresh', async () => {
    const ip = anIp();
    const member = await aMember(t);
    for (let i = 0; i < LIMIT; i++) await callFrom(t, ip, 'user.email_login', wrongLogin(member));
    const right = { email: member.email, password: member.password };
    expect(failureOf((await callFrom(t, ip, 'user.email_login', right)).envelope)).toEqual(RATE_LIMITED);
    clock += 60_000;
    expect((await callFrom(t, ip, 'user.email_login', right)).envelope[0]).toBe(true);
  });

  test('register: per IP and per email', async () => {
    const ip = anIp();
    const signup = () => ({ name: `Limit ${unique()}`, email: `limit-${unique()}@example.com`, password: 'secret-pw' });
    for (let i = 0; i < LIMIT; i++) expect((await callFrom(t, ip, 'user.email_register', signup())).status).toBe(200);
    expect(failureOf((await callFrom(t, ip, 'user.email_register', signup())).envelope)).toEqual(RATE_LIMITED);

    const email = `taken-${unique()}@example.com`;
    for (let i = 0; i < LIMIT; i++) await callFrom(t, anIp(), 'user.email_register', { ...signup(), email });
    expect(failureOf((await callFrom(t, anIp(), 'user.email_register', { ...signup(), email })).envelope)).toEqual(
      RATE_LIMITED,
    );
  });

  test('forgot-password: per IP and per email; a held-back attempt mails nothing', async () => {
    const ip = anIp();
    const someone = () => ({ email: `x-${unique()}@example.com` });
    for (let i = 0; i < LIMIT; i++) expect((await callFrom(t, ip, 'user.forgot_password', someone())).status).toBe(200);
    expect(failureOf((await callFrom(t, ip, 'user.forgot_password', someone())).envelope)).toEqual(RATE_LIMITED);

    const member = await aMember(t);
    for (let i = 0; i < LIMIT; i++) {
      expect((await callFrom(t, anIp(), 'user.forgot_password', { email: member.email })).status).toBe(200);
    }
    expect(failureOf((await callFrom(t, anIp(), 'user.forgot_password', { email: member.email })).envelope)).toEqual(
      RATE_LIMITED,
    );
    const resets = (await mailsTo(t, member.email)).filter((mail) => mail.subject.startsWith('Reset'));
    expect(resets).toHaveLength(LIMIT);
  });

  test('each kind of attempt has its own count', async () => {
    const ip = anIp();
    const member = await aMember(t);
    for (let i = 0; i <= LIMIT; i++) await callFrom(t, ip, 'user.email_login', wrongLogin(member));
    expect((await callFrom(t, ip, 'user.forgot_password', { email: member.email })).status).toBe(200);
  });

  test("checking a signed-in member's password counts as a login attempt on the account", async () => {
    const member = await aMember(t);
    for (let i = 0; i < LIMIT; i++) {
      failureOf(await t.call('user.change_password', { old_password: 'wrong horse', password: 'new secret' }, member));
    }
    expect(
      failureOf(
        await t.call('user.change_password', { old_password: member.password, password: 'new secret' }, member),
      ),
    ).toEqual(RATE_LIMITED);
  });

  test('the cookie route /email_login/ is limited like the call', async () => {
    const ip = anIp();
    const member = await aMember(t);
    const post = () =>
      t.fetch('/email_login/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify(wrongLogin(member)),
      });
    for (let i = 0; i < LIMIT; i++) expect((await post()).status).toBe(400);
    const limited = await post();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual([false, RATE_LIMITED]);
  });
});

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ attemptsPerMinute: LIMIT });
  });
  afterAll(() => t.close());

  test('X-Forwarded-For is not believed: a client cannot dodge the limit per IP by making addresses up', async () => {
    for (let i = 0; i < LIMIT; i++) {
      await callFrom(t, anIp(), 'user.forgot_password', { email: `x-${unique()}@example.com` });
    }
    expect(
      failureOf((await callFrom(t, anIp(), 'user.forgot_password', { email: `x-${unique()}@example.com` })).envelope),
    ).toEqual(RATE_LIMITED);
  });
});

describe('with RATE_LIMIT_PER_MINUTE=0', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ attemptsPerMinute: 0 });
  });
  afterAll(() => t.close());

  test('there are no limits', async () => {
    const member = await aMember(t);
    for (let i = 0; i < 11; i++) {
      expect(failureOf(await t.call('user.email_login', wrongLogin(member))).errcode).toBe('invalid');
    }
  });
});

describe('two instances sharing Redis', () => {
  // A window of their own far from now, so that no other run's counts (kept two minutes) are seen.
  const offset = randomInt(1, 1_000_000) * 60 * 60_000;
  const now = () => Date.now() + offset;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp({ redisUrl: REDIS_URL, attemptsPerMinute: LIMIT, trustProxy: true }, now);
    b = await startTestApp(
      { redisUrl: REDIS_URL, attemptsPerMinute: LIMIT, trustProxy: true, database: a.app.services.config.database },
      now,
    );
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  test('count the same attempts from an address: held back on both', async () => {
    const member = await aMember(a);
    const ip = anIp();
    for (let i = 0; i < LIMIT; i++) {
      const app = i % 2 === 0 ? a : b;
      expect(failureOf((await callFrom(app, ip, 'user.email_login', wrongLogin(member))).envelope).errcode).toBe(
        'invalid',
      );
    }
    const right = { email: member.email, password: member.password };
    expect(failureOf((await callFrom(a, ip, 'user.email_login', right)).envelope)).toEqual(RATE_LIMITED);
    expect(failureOf((await callFrom(b, ip, 'user.email_login', right)).envelope)).toEqual(RATE_LIMITED);
  });

  test('and the same addresses', async () => {
    const ip = anIp();
    for (let i = 0; i < LIMIT; i++) {
      await callFrom(i % 2 === 0 ? b : a, ip, 'user.forgot_password', { email: `x-${unique()}@example.com` });
    }
    expect(
      failureOf((await callFrom(a, ip, 'user.forgot_password', { email: `x-${unique()}@example.com` })).envelope),
    ).toEqual(RATE_LIMITED);
  });
});
