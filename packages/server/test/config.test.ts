/** config.ts: the environment becomes a typed configuration, with embedded defaults and named errors. */
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig, type Environment } from '../src/config';

function configError(env: Environment): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

describe('defaults', () => {
  test('an empty environment gives the documented defaults', () => {
    const dataDir = path.resolve('./data');
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir,
      database: { kind: 'sqlite', file: path.join(dataDir, 'platter.sqlite') },
      redisUrl: undefined,
      redisPrefix: 'platter:',
      metrics: { port: null, host: '127.0.0.1', token: null },
      publicUrl: 'http://localhost:8080',
      productName: 'Platter',
      contactEmail: null,
      socialLinks: null,
      seedDemo: undefined,
      mail: { smtpUrl: null, from: '"Platter" <no-reply@localhost>' },
      attemptsPerMinute: 10,
      roomsPerMemberPerHour: 5,
      roomsPerAddressPerHour: 10,
      guestsPerAddressPerMinute: 30,
      joinsPerSessionPerMinute: 30,
      joinsPerAddressPerMinute: 300,
      socketsPerSession: 20,
      socketsPerAddress: 200,
      trustProxy: false,
      captcha: null,
      logLevel: 'info',
      devOutbox: false,
      webDist: undefined,
      payments: { provider: 'sandbox', sandboxUrl: null, timeoutMs: 20_000 },
      renewalIntervalMs: 60_000,
      library: { uploadMaxBytes: 100 * 1024 * 1024, quotaBytes: 2000 * 1024 * 1024, storage: { kind: 'local' } },
      social: { facebook: { name: 'Facebook', oauth: null }, twitter: { name: 'Twitter', oauth: null } },
    });
  });

  test('DATA_DIR is resolved to an absolute path and holds the SQLite file', () => {
    const config = loadConfig({ DATA_DIR: 'some/where' });
    expect(config.dataDir).toBe(path.resolve('some/where'));
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.database).toEqual({ kind: 'sqlite', file: path.join(path.resolve('some/where'), 'platter.sqlite') });
  });

  test('blank variables count as unset', () => {
    const config = loadConfig({ PORT: '', HOST: '', DATA_DIR: '', PRODUCT_NAME: '', SEED_DEMO: '', PUBLIC_URL: '' });
    expect(config).toEqual(loadConfig({}));
  });

  test('the public URL follows PORT when it is not set', () => {
    expect(loadConfig({ PORT: '3000' }).publicUrl).toBe('http://localhost:3000');
  });
});

describe('settings', () => {
  test('each variable is read', () => {
    const config = loadConfig({
      PORT: '3000',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/platter',
      DATABASE_URL: 'postgres://user:pw@db.example:5432/platter',
      DATABASE_POOL_SIZE: '25',
      REDIS_URL: 'redis://cache:6379',
      REDIS_PREFIX: 'nightshift:',
      METRICS_PORT: '9464',
      METRICS_HOST: '10.0.0.5',
      METRICS_TOKEN: 'a-long-random-metrics-token',
      PUBLIC_URL: 'https://platter.example.org/',
      PRODUCT_NAME: '  Night Shift FM  ',
      CONTACT_EMAIL: 'crew@platter.example.org',
      SOCIAL_LINKS: 'Mastodon=https://social.example/@platter, GitHub=https://github.com/example/platter',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      SANDBOX_PAY_URL: 'http://10.0.0.2:8080/sandbox-pay',
      PAYMENTS_TIMEOUT_MS: '5000',
      RENEWAL_INTERVAL_MS: '0',
    });
    expect(config).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/var/lib/platter',
      database: { kind: 'postgres', url: 'postgres://user:pw@db.example:5432/platter', poolSize: 25 },
      redisUrl: 'redis://cache:6379',
      redisPrefix: 'nightshift:',
      metrics: { port: 9464, host: '10.0.0.5', token: 'a-long-random-metrics-token' },
      publicUrl: 'https://platter.example.org',
      productName: 'Night Shift FM',
      contactEmail: 'crew@platter.example.org',
      socialLinks: [
        { label: 'Mastodon', href: 'https://social.example/@platter' },
        { label: 'GitHub', href: 'https://github.com/example/platter' },
      ],
      seedDemo: false,
      mail: { smtpUrl: null, from: '"Night Shift FM" <no-reply@platter.example.org>' },
      attemptsPerMinute: 10,
      roomsPerMemberPerHour: 5,
      roomsPerAddressPerHour: 10,
      guestsPerAddressPerMinute: 30,
      joinsPerSessionPerMinute: 30,
      joinsPerAddressPerMinute: 300,
      socketsPerSession: 20,
      socketsPerAddress: 200,
      trustProxy: false,
      captcha: null,
      logLevel: 'warn',
      devOutbox: false,
      webDist: undefined,
      payments: { provider: 'sandbox', sandboxUrl: 'http://10.0.0.2:8080/sandbox-pay', timeoutMs: 5000 },
      renewalIntervalMs: 0,
      library: { uploadMaxBytes: 100 * 1024 * 1024, quotaBytes: 2000 * 1024 * 1024, storage: { kind: 'local' } },
      social: { facebook: { name: 'Facebook', oauth: null }, twitter: { name: 'Twitter', oauth: null } },
    });
  });

  test("Stripe's three keys switch payments from the sandbox to Stripe", () => {
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_abc123',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
      }).payments,
    ).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_abc123',
      publishableKey: 'pk_test_abc123',
      webhookSecret: 'whsec_abc123',
      apiUrl: null,
      timeoutMs: 20_000,
    });
  });

  test('one Stripe key without the others is refused, naming the missing ones', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc123' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: must be set too[\s\S]*STRIPE_WEBHOOK_SECRET: must be set too/,
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_oops' })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
  });

  test('PUBLIC_URL may be http or https, and loses its trailing slashes', () => {
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://x.example/platter//' }).publicUrl).toBe('https://x.example/platter');
  });

  test('postgresql:// is PostgreSQL too, and sqlite:// names a file', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://h/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgresql://h/db',
      poolSize: 10,
    });
    expect(loadConfig({ DATABASE_URL: 'sqlite://./elsewhere/p.sqlite' }).database).toEqual({
      kind: 'sqlite',
      file: path.resolve('./elsewhere/p.sqlite'),
    });
  });

  test.each([
    ['1', true],
    ['true', true],
    ['yes', true],
    ['0', false],
    ['false', false],
    ['no', false],
  ])('SEED_DEMO=%s is %s', (value, expected) => {
    expect(loadConfig({ SEED_DEMO: value }).seedDemo).toBe(expected);
  });

  test('overrides win over the environment', () => {
    const config = loadConfig({ PORT: '3000' }, { port: 0, webDist: '/srv/web' });
    expect(config.port).toBe(0);
    expect(config.webDist).toBe('/srv/web');
  });

  test('variables it does not know are ignored', () => {
    expect(loadConfig({ PATH: '/usr/bin', HOME: '/root', SOMETHING_ELSE: 'x' })).toEqual(loadConfig({}));
  });

  test('NODE_ENV changes nothing: the defaults are the safe ones, whatever it says or when it is missing', () => {
    expect(loadConfig({ NODE_ENV: 'development' })).toEqual(loadConfig({}));
    expect(loadConfig({ NODE_ENV: 'production' })).toEqual(loadConfig({}));
  });
});

describe("DEV_OUTBOX, the developer's switch that shows every mail", () => {
  test('is off unless set', () => {
    expect(loadConfig({}).devOutbox).toBe(false);
    expect(loadConfig({ DEV_OUTBOX: '0' }).devOutbox).toBe(false);
  });

  test.each(['http://localhost:8080', 'http://127.0.0.1:3000', 'http://[::1]:8080', 'http://platter.localhost'])(
    'is allowed when PUBLIC_URL is this machine (%s), or unset',
    (url) => {
      expect(loadConfig({ DEV_OUTBOX: '1', PUBLIC_URL: url }).devOutbox).toBe(true);
      expect(loadConfig({ DEV_OUTBOX: 'true' }).devOutbox).toBe(true);
    },
  );

  test.each(['https://platter.example.org', 'http://192.168.1.20:8080', 'http://localhost.example.org'])(
    'is refused when PUBLIC_URL is another machine (%s): the outbox holds every reset link',
    (url) => {
      expect(configError({ DEV_OUTBOX: '1', PUBLIC_URL: url }).message).toBe(
        'Invalid configuration:\n  DEV_OUTBOX: shows every mail (password reset links included) to whoever opens /dev/outbox, so it is allowed only when PUBLIC_URL is a loopback address such as http://localhost:8080: unset it, or set SMTP_URL to send mail',
      );
      expect(loadConfig({ DEV_OUTBOX: '0', PUBLIC_URL: url }).devOutbox).toBe(false);
    },
  );
});

describe('bad values', () => {
  test.each([
    ['PORT', 'abc'],
    ['PORT', '80.5'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', ' '],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_URL', 'localhost:5432'],
    ['REDIS_URL', 'http://cache'],
    ['PUBLIC_URL', 'notaurl'],
    ['PUBLIC_URL', 'localhost:8080'],
    ['PUBLIC_URL', 'ftp://files.example'],
    ['PUBLIC_URL', 'javascript:alert(1)'],
    ['PRODUCT_NAME', 'x'.repeat(41)],
    ['CONTACT_EMAIL', 'not an address'],
    ['SOCIAL_LINKS', 'Mastodon'],
    ['SOCIAL_LINKS', 'Home=javascript:alert(1)'],
    ['SEED_DEMO', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['METRICS_PORT', '0'],
    ['METRICS_PORT', 'nine'],
    ['METRICS_TOKEN', 'short'],
    ['METRICS_TOKEN', 'has a space in it somewhere'],
    ['METRICS_HOST', '0.0.0.0'],
    ['REDIS_PREFIX', 'two words'],
    ['DATABASE_POOL_SIZE', '0'],
    ['DATABASE_POOL_SIZE', 'many'],
  ])('%s=%s throws a ConfigError naming the variable', (name, value) => {
    const error = configError({ [name]: value });
    expect(error.message).toMatch(new RegExp(`^\\s*${name}: `, 'm'));
    expect(error.message).toContain('Invalid configuration');
  });

  test('the message says what a good value looks like', () => {
    expect(configError({ PORT: 'abc' }).message).toContain('PORT: must be a port number');
    expect(configError({ PORT: '70000' }).message).toContain('PORT: must be between 0 and 65535');
    expect(configError({ DATABASE_URL: 'mysql://x' }).message).toContain(
      'DATABASE_URL: must start with postgres://, postgresql:// or sqlite://',
    );
    expect(configError({ PUBLIC_URL: 'notaurl' }).message).toContain(
      'PUBLIC_URL: must be a full URL such as https://platter.example.org',
    );
    expect(configError({ SEED_DEMO: 'maybe' }).message).toContain('SEED_DEMO: must be 1 or 0 (or true/false)');
    expect(configError({ METRICS_TOKEN: 'short' }).message).toContain('METRICS_TOKEN: must be at least 16 characters');
    expect(configError({ METRICS_HOST: '0.0.0.0' }).message).toContain('METRICS_HOST: is used only with METRICS_PORT');
    expect(configError({ REDIS_PREFIX: 'other:' }).message).toContain('REDIS_PREFIX: is used only with REDIS_URL');
    expect(configError({ DATABASE_POOL_SIZE: '0' }).message).toContain('DATABASE_POOL_SIZE: must be at least 1');
  });

  test('every bad variable is named at once', () => {
    const { message } = configError({
      PORT: 'abc',
      DATABASE_URL: 'mysql://x',
      PUBLIC_URL: 'notaurl',
      SEED_DEMO: 'maybe',
    });
    for (const name of ['PORT', 'DATABASE_URL', 'PUBLIC_URL', 'SEED_DEMO'])
      expect(message).toMatch(new RegExp(`^\\s*${name}: `, 'm'));
  });

  test('a ConfigError is an Error', () => {
    expect(configError({ PORT: 'abc' })).toBeInstanceOf(Error);
  });
});
