/**
 * Brute force (issue: login, forgot-password and register are limited per IP
 * and per account): in-process by default, shared through Redis by every
 * instance when REDIS_URL is set.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loginMessages, type CallName, type Envelope } from '@platter/contract';
import { FREE_WRONG_PASSWORDS, LONGEST_WAIT_MS } from '../src/features/accounts/login-backoff';
import { startTestApp, type TestApp } from './support/test-app';
import { aMember as aMemberFromLoopback, type Member } from './support/factories';
import { failureOf, readResponse } from './support/envelopes';
import { mailsTo } from './support/mail';

const REDIS_URL = 'redis://127.0.0.1:6379';
const LIMIT = 3;
const RATE_LIMITED = { err: 'Too many attempts. Please wait a minute and try again.', errcode: 'rate_limited' };

let counter = 0;
const unique = () => `${process.pid}-${counter++}`;
/** A made-up client address, as a reverse proxy would pass it on. */
const anIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** POSTs a call as if from `ip` (X-Forwarded-For, which the app believes only with TRUST_PROXY). */
async function callFrom(t: TestApp, ip: string, name: CallName, params: Record<string, unknown>) {
  const response = await t.fetch(`/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(params),
  });
  const { status, body } = await readResponse(response);
  return { status, envelope: body as Envelope<unknown> };
}

/**
 * A new member signed up from an address of its own: sign-ups from 127.0.0.1
 * would use up its own limit. Without TRUST_PROXY every call is from 127.0.0.1.
 */
async function aMember(t: TestApp): Promise<Member> {
  if (!t.app.services.config.trustProxy) return aMemberFromLoopback(t);
  const details = { name: `Limit ${unique()}`, email: `limit-${unique()}@example.com`, password: 'correct horse' };
  const { envelope } = await callFrom(t, anIp(), 'user.email_register', details);
  if (!envelope[0]) throw new Error(`sign-up failed: ${envelope[1].err}`);
  return { ...details, ...(envelope[1] as { userid: string; userauth: string }) };
}

const wrongLogin = (member: Member) => ({ email: member.email, password: 'wrong horse' });
const rightLogin = (member: Member) => ({ email: member.email, password: member.password });
/** The backoff's refusal: wait this many minutes. */
const waitMinutes = (minutes: number) => ({
  err: loginMessages.tooManyWrongPasswords(minutes),
  errcode: 'rate_limited',
});

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

/** Wrong passwords per address and email (features/accounts/login-backoff.ts), with a limit a minute too high to meet. */
describe('the login backoff', () => {
  let clock = Date.now();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ attemptsPerMinute: 1000, trustProxy: true }, () => clock);
  });
  afterAll(() => t.close());

  /** `count` wrong passwords from `ip`, each answered as a wrong password. */
  async function wrongPasswords(ip: string, member: Member, count: number) {
    for (let i = 0; i < count; i++)
      expect(failureOf((await callFrom(t, ip, 'user.email_login', wrongLogin(member))).envelope).errcode).toBe(
        'invalid',
      );
  }

  test(`${FREE_WRONG_PASSWORDS} wrong passwords cost nothing; each one past them makes that address wait twice as long for that email`, async () => {
    const ip = anIp();
    const member = await aMember(t);
    await wrongPasswords(ip, member, FREE_WRONG_PASSWORDS + 1);
    // Even the right password waits: a guesser learns nothing while held back.
    expect(failureOf((await callFrom(t, ip, 'user.email_login', rightLogin(member))).envelope)).toEqual(waitMinutes(1));
    clock += 60_000;
    await wrongPasswords(ip, member, 1);
    expect(failureOf((await callFrom(t, ip, 'user.email_login', rightLogin(member))).envelope)).toEqual(waitMinutes(2));
    clock += 60_000;
    expect(failureOf((await callFrom(t, ip, 'user.email_login', rightLogin(member))).envelope)).toEqual(waitMinutes(1));
    clock += 60_000;
    expect((await callFrom(t, ip, 'user.email_login', rightLogin(member))).envelope[0]).toBe(true);
    // The right password forgives: the next wrong ones are free again.
    await wrongPasswords(ip, member, FREE_WRONG_PASSWORDS);
  });

  test('the member, from anywhere else, signs in meanwhile; and the address may still try other emails', async () => {
    const ip = anIp();
    const member = await aMember(t);
    await wrongPasswords(ip, member, FREE_WRONG_PASSWORDS + 1);
    expect((await callFrom(t, anIp(), 'user.email_login', rightLogin(member))).envelope[0]).toBe(true);
    const other = await aMember(t);
    expect((await callFrom(t, ip, 'user.email_login', rightLogin(other))).envelope[0]).toBe(true);
  });

  test('a flood while held back is refused and does not lengthen the wait; the wait never passes an hour', async () => {
    const ip = anIp();
    const member = await aMember(t);
    await wrongPasswords(ip, member, FREE_WRONG_PASSWORDS + 1);
    const refused = [];
    for (let i = 0; i < 50; i++)
      refused.push(failureOf((await callFrom(t, ip, 'user.email_login', wrongLogin(member))).envelope));
    expect(refused).toEqual(Array(50).fill(waitMinutes(1)));
    // Twenty more wrong passwords, each once its wait is over: the wait stops growing at an hour.
    for (let i = 0; i < 20; i++) {
      clock += LONGEST_WAIT_MS;
      await wrongPasswords(ip, member, 1);
    }
    expect(failureOf((await callFrom(t, ip, 'user.email_login', rightLogin(member))).envelope)).toEqual(
      waitMinutes(LONGEST_WAIT_MS / 60_000),
    );
    clock += LONGEST_WAIT_MS;
    expect((await callFrom(t, ip, 'user.email_login', rightLogin(member))).envelope[0]).toBe(true);
  });
});

describe('the login backoff on two instances sharing Redis', () => {
  const offset = randomInt(1, 1_000_000) * 60 * 60_000;
  const now = () => Date.now() + offset;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp({ redisUrl: REDIS_URL, attemptsPerMinute: 1000, trustProxy: true }, now);
    b = await startTestApp(
      { redisUrl: REDIS_URL, attemptsPerMinute: 1000, trustProxy: true, database: a.app.services.config.database },
      now,
    );
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  test('wrong passwords on A and B count together: the address waits on both, the member signs in from elsewhere', async () => {
    const ip = anIp();
    const member = await aMember(a);
    for (let i = 0; i <= FREE_WRONG_PASSWORDS; i++) {
      const app = i % 2 === 0 ? a : b;
      expect(failureOf((await callFrom(app, ip, 'user.email_login', wrongLogin(member))).envelope).errcode).toBe(
        'invalid',
      );
    }
    for (const app of [a, b])
      expect(failureOf((await callFrom(app, ip, 'user.email_login', rightLogin(member))).envelope)).toEqual(
        waitMinutes(1),
      );
    expect((await callFrom(b, anIp(), 'user.email_login', rightLogin(member))).envelope[0]).toBe(true);
  });
});
