/**
 * Environment → typed configuration, validated at start. Every setting has an
 * embedded default so that `npm start` works with no environment at all.
 */
import path from 'node:path';
import { z } from 'zod';
import { isLoopbackHostname } from './lib/loopback';
import { DEFAULT_PRODUCT_NAME } from '@platter/contract';
import {
  checkSocialEnvironment,
  socialConfigFrom,
  socialEnvironment,
  type SocialConfig,
} from './adapters/oauth/config';
import {
  checkLibraryEnvironment,
  libraryConfigFrom,
  libraryEnvironment,
  type LibraryConfig,
} from './adapters/storage/config';

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'], {
    message: 'must be 1 or 0 (or true/false)',
  })
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** `someone@host`, or `"Name" <someone@host>` / `Name <someone@host>`. */
const MAIL_FROM_PATTERN = /^(?:[^<>@]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

const TRUST_PROXY_MESSAGE =
  "must be true, false, or the proxies' addresses (127.0.0.1, 10.0.0.0/8, …) separated by commas";

/** Fastify's trustProxy: whom to believe in X-Forwarded-For, so that limits per IP see the person, not the proxy. */
function trustProxyFrom(value: string): boolean | string[] {
  const lower = value.toLowerCase();
  if (lower === 'true' || lower === 'yes' || lower === '1') return true;
  if (lower === 'false' || lower === 'no' || lower === '0') return false;
  return value.split(',').map((address) => address.trim());
}

/** A whole number of actions a window allows, with the variable's message when it is not one. */
const countOf = (message: string) =>
  z
    .string()
    .regex(/^\s*\d{1,6}\s*$/, message)
    .transform(Number);

const DEV_OUTBOX_MESSAGE =
  'shows every mail (password reset links included) to whoever opens /dev/outbox, so it is allowed only when PUBLIC_URL is a loopback address such as http://localhost:8080: unset it, or set SMTP_URL to send mail';

const CAPTCHA_VERIFY_URLS = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
} as const;

const environment = z
  .object({
    PORT: z
      .string()
      .regex(/^\s*\d+\s*$/, 'must be a port number')
      .transform(Number)
      .pipe(z.number().max(65535, 'must be between 0 and 65535'))
      .default(8080),
    HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
    DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^(postgres(ql)?|sqlite):\/\//, 'must start with postgres://, postgresql:// or sqlite://')
      .optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
    // Only http(s): 'localhost:8080' parses as a URL with the scheme 'localhost:'.
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, message: 'must be a full URL such as https://platter.example.org' })
      .optional(),
    PRODUCT_NAME: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(40, 'must be at most 40 characters')
      .default(DEFAULT_PRODUCT_NAME),
    SEED_DEMO: flag.optional(),
    CONTACT_EMAIL: z.email({ message: 'must be an email address' }).optional(),
    /** "Label=https://…" pairs separated by commas, for the lobby footer. */
    SOCIAL_LINKS: z
      .string()
      .transform((text) => text.split(',').map((pair) => pair.trim()))
      .pipe(
        z.array(
          z
            .string()
            .regex(/^[^=]{1,40}=https?:\/\/\S+$/, 'must be Label=https://… pairs separated by commas')
            .transform((pair) => {
              const at = pair.indexOf('=');
              return { label: pair.slice(0, at).trim(), href: pair.slice(at + 1) };
            }),
        ),
      )
      .optional(),
    /** Outgoing mail through an SMTP server; unset keeps mail in the outbox table, sent to nobody. */
    SMTP_URL: z
      .url({
        protocol: /^smtps?$/,
        message:
          'must be an SMTP URL such as smtp://user:password@mail.example.org:587 (smtps:// for TLS from the start)',
      })
      .optional(),
    MAIL_FROM: z
      .string()
      .trim()
      .regex(
        MAIL_FROM_PATTERN,
        'must be an address, or a name and an address: "Platter" <no-reply@platter.example.org>',
      )
      .optional(),
    RATE_LIMIT_PER_MINUTE: countOf('must be a whole number of attempts (0 turns the limits off)').default(10),
    /** Rooms a member may make in an hour, and all members from one address (docs/lobby.md). */
    ROOMS_PER_MEMBER_PER_HOUR: countOf('must be a whole number of rooms (0 turns this limit off)').default(5),
    ROOMS_PER_ADDRESS_PER_HOUR: countOf('must be a whole number of rooms (0 turns this limit off)').default(10),
    /** Guests made from one address in a minute: every first visit makes one (docs/accounts.md). */
    GUESTS_PER_ADDRESS_PER_MINUTE: countOf('must be a whole number of guests (0 turns this limit off)').default(30),
    /** Rooms joined (room.register) by one session, and from one address, in a minute (docs/realtime.md). */
    JOINS_PER_SESSION_PER_MINUTE: countOf('must be a whole number of joins (0 turns this limit off)').default(30),
    JOINS_PER_ADDRESS_PER_MINUTE: countOf('must be a whole number of joins (0 turns this limit off)').default(300),
    /** Sockets open at once on one server instance for one session, and from one address (docs/realtime.md). */
    SOCKETS_PER_SESSION: countOf('must be a whole number of sockets (0 turns this limit off)').default(20),
    SOCKETS_PER_ADDRESS: countOf('must be a whole number of sockets (0 turns this limit off)').default(200),
    TRUST_PROXY: z
      .string()
      .trim()
      .regex(/^(true|false|yes|no|[01]|[\da-f.:]+(\/\d{1,3})?(\s*,\s*[\da-f.:]+(\/\d{1,3})?)*)$/i, TRUST_PROXY_MESSAGE)
      .transform(trustProxyFrom)
      .optional(),
    CAPTCHA_PROVIDER: z.enum(['turnstile', 'hcaptcha'], { message: 'must be turnstile or hcaptcha' }).optional(),
    CAPTCHA_SITE_KEY: z.string().trim().min(1, 'must not be empty').optional(),
    CAPTCHA_SECRET: z.string().trim().min(1, 'must not be empty').optional(),
    CAPTCHA_VERIFY_URL: z
      .url({ protocol: /^https?$/, message: "must be a full URL of the provider's siteverify endpoint" })
      .optional(),
    /** Payments: the built-in sandbox unless Stripe's three keys are set (docs/payments.md). */
    STRIPE_SECRET_KEY: z
      .string()
      .trim()
      .regex(/^sk_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .trim()
      .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .trim()
      .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)')
      .optional(),
    /** Where the Stripe client sends its requests; only tests change it (a recorded-response fake). */
    STRIPE_API_URL: z.url({ protocol: /^https?$/, message: 'must be a full URL' }).optional(),
    /** Another instance's sandbox provider (…/sandbox-pay); unset, each instance serves its own on the same database. */
    SANDBOX_PAY_URL: z
      .url({ protocol: /^https?$/, message: 'must be a full URL such as http://127.0.0.1:8080/sandbox-pay' })
      .optional(),
    PAYMENTS_TIMEOUT_MS: z
      .string()
      .regex(/^\s*\d{1,7}\s*$/, 'must be a whole number of milliseconds')
      .transform(Number)
      .default(20_000),
    /** How often the renewal job looks for subscriptions at their period end. */
    RENEWAL_INTERVAL_MS: z
      .string()
      .regex(/^\s*\d{1,9}\s*$/, 'must be a whole number of milliseconds (0 turns the job off)')
      .transform(Number)
      .default(60_000),
    /** Prometheus metrics (docs/operations.md): on a port of their own, or on the public port behind a token. */
    METRICS_PORT: z
      .string()
      .regex(/^\s*\d+\s*$/, 'must be a port number')
      .transform(Number)
      .pipe(z.number().min(1, 'must be between 1 and 65535').max(65535, 'must be between 1 and 65535'))
      .optional(),
    METRICS_HOST: z.string().trim().min(1, 'must not be empty').default('127.0.0.1'),
    METRICS_TOKEN: z
      .string()
      .trim()
      .regex(/^[\x21-\x7e]{16,}$/, 'must be at least 16 characters, without spaces (a long random string)')
      .optional(),
    /** Put before every Redis key and channel: two deployments can share one Redis. */
    REDIS_PREFIX: z
      .string()
      .regex(/^[\w.:-]{1,40}$/, 'must be 1 to 40 letters, digits or . _ : - (such as platter:)')
      .default('platter:'),
    DATABASE_POOL_SIZE: z
      .string()
      .regex(/^\s*\d{1,4}\s*$/, 'must be a whole number of connections')
      .transform(Number)
      .pipe(z.number().min(1, 'must be at least 1'))
      .default(10),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** A developer's switch: GET /dev/outbox shows every mail kept, reset links included (see the refinement below). */
    DEV_OUTBOX: flag.optional(),
    ...socialEnvironment,
    ...libraryEnvironment,
  })
  .superRefine(checkSocialEnvironment)
  .superRefine(checkLibraryEnvironment)
  .superRefine((e, ctx) => {
    const missing = (name: string, message: string) => ctx.addIssue({ code: 'custom', path: [name], message });
    if (e.CAPTCHA_PROVIDER) {
      if (!e.CAPTCHA_SECRET) missing('CAPTCHA_SECRET', `must be set when CAPTCHA_PROVIDER is ${e.CAPTCHA_PROVIDER}`);
      if (!e.CAPTCHA_SITE_KEY)
        missing('CAPTCHA_SITE_KEY', `must be set when CAPTCHA_PROVIDER is ${e.CAPTCHA_PROVIDER}`);
    } else {
      for (const name of ['CAPTCHA_SECRET', 'CAPTCHA_SITE_KEY', 'CAPTCHA_VERIFY_URL'] as const)
        if (e[name]) missing(name, 'is used only with CAPTCHA_PROVIDER=turnstile or hcaptcha: set that too');
    }
    // Anyone who can open /dev/outbox reads every member's reset link: only ever on this machine.
    if (e.METRICS_HOST !== '127.0.0.1' && e.METRICS_PORT === undefined)
      missing('METRICS_HOST', 'is used only with METRICS_PORT: set that too');
    if (e.REDIS_PREFIX !== 'platter:' && !e.REDIS_URL)
      missing('REDIS_PREFIX', 'is used only with REDIS_URL: set that too');
    if (e.DEV_OUTBOX && e.PUBLIC_URL && !isLoopbackHostname(new URL(e.PUBLIC_URL).hostname))
      ctx.addIssue({ code: 'custom', path: ['DEV_OUTBOX'], message: DEV_OUTBOX_MESSAGE });
    const stripeKeys = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
    if (stripeKeys.some((name) => e[name]))
      for (const name of stripeKeys) if (!e[name]) missing(name, 'must be set too: Stripe needs all three keys');
  });

export type Environment = Record<string, string | undefined>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL's `poolSize` is how many connections this instance keeps at most (DATABASE_POOL_SIZE, 10). */
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string; poolSize?: number };
  redisUrl: string | undefined;
  /** Before every Redis key and channel (REDIS_PREFIX). */
  redisPrefix: string;
  /**
   * Prometheus metrics: served on `port` (at `host`, loopback by default) when set, and on the
   * public port to a bearer of `token` when set; off when neither is.
   */
  metrics: { port: number | null; host: string; token: string | null };
  publicUrl: string;
  productName: string;
  /** Where people reach whoever runs this instance: shown on the about and legal pages. */
  contactEmail: string | null;
  /** The community's pages elsewhere, for the lobby footer; null keeps the defaults. */
  socialLinks: { label: string; href: string }[] | null;
  /** undefined: seed demo content only on a first start (an empty database). */
  seedDemo: boolean | undefined;
  /** SMTP when smtpUrl is set, else the outbox table. `from` is the sender of every mail. */
  mail: { smtpUrl: string | null; from: string };
  /** Attempts per minute at login, sign-up and password reset, per IP and per account; 0 turns the limits off. */
  attemptsPerMinute: number;
  /** Rooms made per member, and per address, in an hour; 0 turns one off, and all are off when attemptsPerMinute is 0. */
  roomsPerMemberPerHour: number;
  roomsPerAddressPerHour: number;
  /** Guests made per address in a minute; 0 turns it off, as does attemptsPerMinute 0. */
  guestsPerAddressPerMinute: number;
  /** Rooms joined per session, and per address, in a minute; 0 turns one off, as does attemptsPerMinute 0. */
  joinsPerSessionPerMinute: number;
  joinsPerAddressPerMinute: number;
  /** Sockets open at once on one instance per session, and per address; 0 turns one off, as does attemptsPerMinute 0. */
  socketsPerSession: number;
  socketsPerAddress: number;
  /** Fastify's trustProxy (TRUST_PROXY): false unless the server sits behind a reverse proxy. */
  trustProxy: boolean | string[];
  /** Human verification at sign-up and login; null when off. */
  captcha: {
    provider: 'turnstile' | 'hcaptcha';
    siteKey: string;
    secret: string;
    /** The provider's siteverify endpoint (overridable for tests and proxies). */
    verifyUrl: string;
  } | null;
  logLevel: string;
  /**
   * DEV_OUTBOX: serve GET /dev/outbox (every mail kept, its links included) to this machine's
   * own browser. Off unless set, and refused unless PUBLIC_URL is loopback.
   */
  devOutbox: boolean;
  /** Where the built web app is, when this server should serve it. */
  webDist: string | undefined;
  /** The card processor: the built-in sandbox, or Stripe when its keys are set (docs/payments.md). */
  payments: PaymentsConfig;
  /** How often the renewal job runs, in ms; 0 turns it off (tests run it by hand). */
  renewalIntervalMs: number;
  /** The two social providers (SOCIAL_FACEBOOK_*, SOCIAL_TWITTER_*; docs/social.md). */
  social: SocialConfig;
  /** Upload limit, quota per member and where audio is stored (UPLOAD_MAX_MB, LIBRARY_QUOTA_MB, STORAGE, S3_*). */
  library: LibraryConfig;
}

export type PaymentsConfig =
  | {
      provider: 'sandbox';
      /** The sandbox's base URL; null: this instance's own /sandbox-pay. */
      sandboxUrl: string | null;
      /** How long Platter waits for the provider before giving up (the member is not charged). */
      timeoutMs: number;
    }
  | {
      provider: 'stripe';
      secretKey: string;
      publishableKey: string;
      webhookSecret: string;
      /** null: Stripe itself. */
      apiUrl: string | null;
      timeoutMs: number;
    };

export class ConfigError extends Error {}

/** Reads the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Environment = process.env, overrides: Partial<Config> = {}): Config {
  const blanksRemoved = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = environment.safeParse(blanksRemoved);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0])}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: databaseFrom(e.DATABASE_URL, dataDir, e.DATABASE_POOL_SIZE),
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    metrics: { port: e.METRICS_PORT ?? null, host: e.METRICS_HOST, token: e.METRICS_TOKEN ?? null },
    publicUrl,
    productName: e.PRODUCT_NAME,
    contactEmail: e.CONTACT_EMAIL ?? null,
    socialLinks: e.SOCIAL_LINKS ?? null,
    seedDemo: e.SEED_DEMO,
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM ?? `"${e.PRODUCT_NAME.replace(/["\\]/g, '')}" <no-reply@${new URL(publicUrl).hostname}>`,
    },
    attemptsPerMinute: e.RATE_LIMIT_PER_MINUTE,
    roomsPerMemberPerHour: e.ROOMS_PER_MEMBER_PER_HOUR,
    roomsPerAddressPerHour: e.ROOMS_PER_ADDRESS_PER_HOUR,
    guestsPerAddressPerMinute: e.GUESTS_PER_ADDRESS_PER_MINUTE,
    joinsPerSessionPerMinute: e.JOINS_PER_SESSION_PER_MINUTE,
    joinsPerAddressPerMinute: e.JOINS_PER_ADDRESS_PER_MINUTE,
    socketsPerSession: e.SOCKETS_PER_SESSION,
    socketsPerAddress: e.SOCKETS_PER_ADDRESS,
    trustProxy: e.TRUST_PROXY ?? false,
    captcha:
      e.CAPTCHA_PROVIDER && e.CAPTCHA_SECRET && e.CAPTCHA_SITE_KEY
        ? {
            provider: e.CAPTCHA_PROVIDER,
            siteKey: e.CAPTCHA_SITE_KEY,
            secret: e.CAPTCHA_SECRET,
            verifyUrl: e.CAPTCHA_VERIFY_URL ?? CAPTCHA_VERIFY_URLS[e.CAPTCHA_PROVIDER],
          }
        : null,
    logLevel: e.LOG_LEVEL,
    devOutbox: e.DEV_OUTBOX ?? false,
    webDist: undefined,
    payments: paymentsFrom(e),
    renewalIntervalMs: e.RENEWAL_INTERVAL_MS,
    social: socialConfigFrom(e),
    library: libraryConfigFrom(e),
    ...overrides,
  };
}

function paymentsFrom(e: z.output<typeof environment>): PaymentsConfig {
  if (e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET)
    return {
      provider: 'stripe',
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiUrl: e.STRIPE_API_URL ?? null,
      timeoutMs: e.PAYMENTS_TIMEOUT_MS,
    };
  return { provider: 'sandbox', sandboxUrl: e.SANDBOX_PAY_URL ?? null, timeoutMs: e.PAYMENTS_TIMEOUT_MS };
}

function databaseFrom(url: string | undefined, dataDir: string, poolSize: number): Config['database'] {
  if (!url) return { kind: 'sqlite', file: path.join(dataDir, 'platter.sqlite') };
  if (url.startsWith('sqlite://')) return { kind: 'sqlite', file: path.resolve(url.slice('sqlite://'.length)) };
  return { kind: 'postgres', url, poolSize };
}
