/**
 * The login backoff (issue 31: the per-account lock could be forced by anyone,
 * forever): wrong passwords counted per address and email, each past the free
 * ones doubling that pair's wait; the account's owner, elsewhere, never held back.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loginMessages } from '@platter/contract';
import { FREE_WRONG_PASSWORDS, LONGEST_WAIT_MS } from '../src/features/accounts/login-backoff';
import { startTestApp, type TestApp } from './support/test-app';
import type { Member } from './support/factories';
import { failureOf } from './support/envelopes';
import { aMember, anIp, callFrom, REDIS_URL, rightLogin, wrongLogin } from './support/attempts';

/** The backoff's refusal: wait this many minutes. */
const waitMinutes = (minutes: number) => ({
  err: loginMessages.tooManyWrongPasswords(minutes),
  errcode: 'rate_limited',
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
