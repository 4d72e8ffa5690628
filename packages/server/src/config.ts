/**
 * Environment → typed configuration, validated at start. Every setting has an
 * embedded default so that `npm start` works with no environment at all.
 */
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PRODUCT_NAME } from '@platter/contract';

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'], {
    message: 'must be 1 or 0 (or true/false)',
  })
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const environment = z.object({
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
});

export type Environment = Record<string, string | undefined>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string };
  redisUrl: string | undefined;
  publicUrl: string;
  productName: string;
  /** Where people reach whoever runs this instance: shown on the about and legal pages. */
  contactEmail: string | null;
  /** The community's pages elsewhere, for the lobby footer; null keeps the defaults. */
  socialLinks: { label: string; href: string }[] | null;
  /** undefined: seed demo content only on a first start (an empty database). */
  seedDemo: boolean | undefined;
  logLevel: string;
  production: boolean;
  /** Where the built web app is, when this server should serve it. */
  webDist: string | undefined;
}

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
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: databaseFrom(e.DATABASE_URL, dataDir),
    redisUrl: e.REDIS_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    productName: e.PRODUCT_NAME,
    contactEmail: e.CONTACT_EMAIL ?? null,
    socialLinks: e.SOCIAL_LINKS ?? null,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === 'production',
    webDist: undefined,
    ...overrides,
  };
}

function databaseFrom(url: string | undefined, dataDir: string): Config['database'] {
  if (!url) return { kind: 'sqlite', file: path.join(dataDir, 'platter.sqlite') };
  if (url.startsWith('sqlite://')) return { kind: 'sqlite', file: path.resolve(url.slice('sqlite://'.length)) };
  return { kind: 'postgres', url };
}
