/**
 * Human verification at sign-up and login (CAPTCHA_PROVIDER): the server asks
 * the provider's siteverify endpoint, here a real HTTP server on loopback
 * that vouches for one token only.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { captchaMessages } from '../src/adapters/captcha';
import type { Config } from '../src/config';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest } from './support/factories';
import { failureOf } from './support/envelopes';

const HUMAN = 'token-of-a-person';

/** A stand-in for the provider's siteverify endpoint: `success` only for HUMAN; a 503 while `down`. */
class SiteVerify {
  readonly requests: URLSearchParams[] = [];
  down = false;
  private readonly server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      this.requests.push(form);
      if (this.down) {
        response.writeHead(503).end('down');
        return;
      }
      const success = request.url === '/siteverify' && form.get('response') === HUMAN;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(success ? { success } : { success, 'error-codes': ['invalid-input-response'] }));
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/siteverify`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let counter = 0;
const signup = (overrides: Record<string, unknown> = {}) => {
  const n = `${process.pid}-${counter++}`;
  return { name: `Human ${n}`, email: `human-${n}@example.com`, password: 'secret-pw', ...overrides };
};

const MISSING = { err: captchaMessages.missing, errcode: 'invalid' };
const FAILED = { err: captchaMessages.failed, errcode: 'invalid' };

describe.each(['turnstile', 'hcaptcha'] as const)('with CAPTCHA_PROVIDER=%s', (provider) => {
  const siteVerify = new SiteVerify();
  let t: TestApp;
  let captcha: NonNullable<Config['captcha']>;
  beforeAll(async () => {
    captcha = { provider, siteKey: 'the-site-key', secret: 'the-secret', verifyUrl: await siteVerify.start() };
    t = await startTestApp({ captcha, devOutbox: true });
  });
  afterAll(async () => {
    await t?.close();
    await siteVerify.close();
  });

  test("user.email_register needs the provider's word that a person made the token", async () => {
    expect(failureOf(await t.call('user.email_register', signup()))).toEqual(MISSING);
    expect(failureOf(await t.call('user.email_register', signup({ captcha: '   ' })))).toEqual(MISSING);
    expect(failureOf(await t.call('user.email_register', signup({ captcha: 'made by a bot' })))).toEqual(FAILED);
    const details = signup({ captcha: HUMAN });
    const member = await t.ok('user.email_register', details);
    expect((await t.ok('user.info', {}, member)).name).toBe(details.name);
  });

  test('the provider is asked with the secret, the token and the caller’s address', async () => {
    siteVerify.requests.length = 0;
    await t.ok('user.email_register', signup({ captcha: HUMAN }));
    expect(siteVerify.requests).toHaveLength(1);
    const form = siteVerify.requests[0]!;
    expect(form.get('secret')).toBe('the-secret');
    expect(form.get('response')).toBe(HUMAN);
    expect(form.get('remoteip')).toBe('127.0.0.1');
    expect(form.get('sitekey')).toBe(provider === 'hcaptcha' ? 'the-site-key' : null);
  });

  test('user.guest_register and user.email_login check too', async () => {
    const guest = await aGuest(t);
    const details = signup();
    expect(failureOf(await t.call('user.guest_register', details, guest))).toEqual(MISSING);
    await t.ok('user.guest_register', { ...details, captcha: HUMAN }, guest);
    const login = { email: details.email, password: details.password };
    expect(failureOf(await t.call('user.email_login', login))).toEqual(MISSING);
    expect(failureOf(await t.call('user.email_login', { ...login, captcha: 'bot' }))).toEqual(FAILED);
    expect((await t.ok('user.email_login', { ...login, captcha: HUMAN })).userid).toBe(guest.userid);
  });

  test('a provider that cannot be reached fails the attempt with its own message', async () => {
    siteVerify.down = true;
    try {
      expect(failureOf(await t.call('user.email_register', signup({ captcha: HUMAN })))).toEqual({
        err: captchaMessages.unavailable,
        errcode: 'invalid',
      });
    } finally {
      siteVerify.down = false;
    }
  });

  test("the page's Content-Security-Policy lets the provider's widget in", async () => {
    // Any HTML page carries the policy; without the built web app the developer's outbox is one.
    const policy = (await t.fetch('/dev/outbox')).headers.get('content-security-policy') ?? '';
    const origin = provider === 'turnstile' ? 'https://challenges.cloudflare.com' : 'https://*.hcaptcha.com';
    for (const directive of ['script-src', 'frame-src', 'connect-src']) {
      expect(policy).toMatch(new RegExp(`${directive} 'self'[^;]* ${origin.replace(/[.*]/g, '\\$&')}`));
    }
  });
});

describe('without CAPTCHA_PROVIDER', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ devOutbox: true });
  });
  afterAll(() => t.close());

  test('no token is needed, and one sent is ignored', async () => {
    await t.ok('user.email_register', signup());
    await t.ok('user.email_register', signup({ captcha: 'anything' }));
  });

  test('the Content-Security-Policy names no widget', async () => {
    // Any HTML page carries the policy; without the built web app the developer's outbox is one.
    const policy = (await t.fetch('/dev/outbox')).headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toMatch(/hcaptcha|cloudflare/);
  });
});
