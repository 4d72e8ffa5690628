/** The settings for mail, limits on attempts, proxies and human verification (config.ts). */
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig, type Environment } from '../src/config';

function configError(env: Environment): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

describe('mail', () => {
  test('without SMTP_URL mail stays in the outbox; the sender is the product at the public host', () => {
    expect(loadConfig({}).mail).toEqual({ smtpUrl: null, from: '"Platter" <no-reply@localhost>' });
    expect(loadConfig({ PRODUCT_NAME: 'Night "Shift"', PUBLIC_URL: 'https://fm.example.org:8443/x' }).mail.from).toBe(
      '"Night Shift" <no-reply@fm.example.org>',
    );
  });

  test('SMTP_URL and MAIL_FROM are read', () => {
    expect(
      loadConfig({ SMTP_URL: 'smtps://user:pw@mail.example.org:465', MAIL_FROM: 'Crew <crew@example.org>' }).mail,
    ).toEqual({ smtpUrl: 'smtps://user:pw@mail.example.org:465', from: 'Crew <crew@example.org>' });
    expect(loadConfig({ MAIL_FROM: 'crew@example.org' }).mail.from).toBe('crew@example.org');
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.org' }).mail.smtpUrl).toBe('smtp://mail.example.org');
  });

  test.each([
    ['SMTP_URL', 'mail.example.org:587', 'must be an SMTP URL such as smtp://user:password@mail.example.org:587'],
    ['SMTP_URL', 'http://mail.example.org', 'must be an SMTP URL'],
    ['MAIL_FROM', 'nobody', 'must be an address, or a name and an address'],
    ['MAIL_FROM', 'Crew <crew>', 'must be an address, or a name and an address'],
  ])('%s=%s is refused: %s', (name, value, message) => {
    expect(configError({ [name]: value })).toContain(`${name}: ${message}`);
  });
});

describe('limits on attempts', () => {
  test('10 a minute unless RATE_LIMIT_PER_MINUTE says otherwise; 0 turns them off', () => {
    expect(loadConfig({}).attemptsPerMinute).toBe(10);
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: '30' }).attemptsPerMinute).toBe(30);
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: '0' }).attemptsPerMinute).toBe(0);
  });

  test.each(['ten', '-1', '1.5'])('RATE_LIMIT_PER_MINUTE=%s is refused', (value) => {
    expect(configError({ RATE_LIMIT_PER_MINUTE: value })).toContain(
      'RATE_LIMIT_PER_MINUTE: must be a whole number of attempts (0 turns the limits off)',
    );
  });

  test('rooms: 5 an hour per member and 10 per address; guests: 30 a minute per address; each can be set', () => {
    const config = loadConfig({
      ROOMS_PER_MEMBER_PER_HOUR: '2',
      ROOMS_PER_ADDRESS_PER_HOUR: ' 20 ',
      GUESTS_PER_ADDRESS_PER_MINUTE: '0',
    });
    expect(config).toMatchObject({
      roomsPerMemberPerHour: 2,
      roomsPerAddressPerHour: 20,
      guestsPerAddressPerMinute: 0,
    });
  });

  test.each([
    ['ROOMS_PER_MEMBER_PER_HOUR', 'must be a whole number of rooms (0 turns this limit off)'],
    ['ROOMS_PER_ADDRESS_PER_HOUR', 'must be a whole number of rooms (0 turns this limit off)'],
    ['GUESTS_PER_ADDRESS_PER_MINUTE', 'must be a whole number of guests (0 turns this limit off)'],
  ])('%s=five, -1 or 1.5 is refused, naming the variable', (name, message) => {
    for (const value of ['five', '-1', '1.5']) expect(configError({ [name]: value })).toContain(`${name}: ${message}`);
  });

  test.each([
    ['true', true],
    ['1', true],
    ['no', false],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, ::1', ['10.0.0.0/8', '::1']],
  ])('TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  test('TRUST_PROXY is off by default, and refuses what is not an address', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(configError({ TRUST_PROXY: 'the proxy' })).toContain("TRUST_PROXY: must be true, false, or the proxies'");
  });
});

describe('human verification', () => {
  test('is off by default', () => {
    expect(loadConfig({}).captcha).toBeNull();
  });

  test.each([
    ['turnstile', 'https://challenges.cloudflare.com/turnstile/v0/siteverify'],
    ['hcaptcha', 'https://api.hcaptcha.com/siteverify'],
  ])("%s: asks the provider's own endpoint unless told another", (provider, verifyUrl) => {
    const env = { CAPTCHA_PROVIDER: provider, CAPTCHA_SITE_KEY: 'site', CAPTCHA_SECRET: 'secret' };
    expect(loadConfig(env).captcha).toEqual({ provider, siteKey: 'site', secret: 'secret', verifyUrl });
    expect(loadConfig({ ...env, CAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/verify' }).captcha?.verifyUrl).toBe(
      'http://127.0.0.1:9/verify',
    );
  });

  test('a provider needs its secret and site key', () => {
    const message = configError({ CAPTCHA_PROVIDER: 'turnstile' });
    expect(message).toContain('CAPTCHA_SECRET: must be set when CAPTCHA_PROVIDER is turnstile');
    expect(message).toContain('CAPTCHA_SITE_KEY: must be set when CAPTCHA_PROVIDER is turnstile');
  });

  test('a secret without a provider is a mistake, not silently ignored', () => {
    expect(configError({ CAPTCHA_SECRET: 'secret' })).toContain(
      'CAPTCHA_SECRET: is used only with CAPTCHA_PROVIDER=turnstile or hcaptcha: set that too',
    );
  });

  test('an unknown provider is refused', () => {
    expect(configError({ CAPTCHA_PROVIDER: 'recaptcha' })).toContain('CAPTCHA_PROVIDER: must be turnstile or hcaptcha');
  });
});
