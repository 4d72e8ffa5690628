/**
 * Limits on attempts (login, sign-up, password reset), counted per IP and per
 * account in fixed one-minute windows. In-process by default; in Redis when
 * REDIS_URL is set, so that every instance behind a load balancer counts the
 * same attempts. A window is numbered from the app's clock, so tests can move on.
 */
import { LRUCache } from 'lru-cache';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { hashSecret } from '../lib/ids';
import { ApiError } from './errors';

export const RATE_LIMIT_WINDOW_MS = 60_000;
export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a minute and try again.';

export interface RateLimiter {
  /** Counts one attempt on each key in this window; resolves with the highest count among them. */
  hit(keys: readonly string[], window: number): Promise<number>;
  close(): Promise<void>;
}

export class InProcessRateLimiter implements RateLimiter {
  // Bounded, so a flood of addresses cannot grow it without end; entries outlive their window only briefly.
  private readonly counts = new LRUCache<string, number>({ max: 100_000, ttl: 2 * RATE_LIMIT_WINDOW_MS });

  async hit(keys: readonly string[], window: number): Promise<number> {
    let highest = 0;
    for (const key of keys) {
      const slot = `${window}:${key}`;
      const count = (this.counts.get(slot) ?? 0) + 1;
      this.counts.set(slot, count);
      highest = Math.max(highest, count);
    }
    return highest;
  }

  async close(): Promise<void> {
    this.counts.clear();
  }
}

const PREFIX = 'platter:limit:';

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;

  constructor(url: string) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 3 });
  }

  async hit(keys: readonly string[], window: number): Promise<number> {
    const batch = this.redis.multi();
    for (const key of keys) {
      const slot = `${PREFIX}${window}:${key}`;
      batch.incr(slot).pexpire(slot, 2 * RATE_LIMIT_WINDOW_MS);
    }
    const results = (await batch.exec()) ?? [];
    let highest = 0;
    // Replies alternate: INCR's count, then PEXPIRE's 1.
    for (const [index, [error, value]] of results.entries()) {
      if (error) throw error;
      if (index % 2 === 0) highest = Math.max(highest, Number(value));
    }
    return highest;
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

export function createRateLimiter(config: Config): RateLimiter {
  return config.redisUrl ? new RedisRateLimiter(config.redisUrl) : new InProcessRateLimiter();
}

/** What is being attempted: each kind has its own counts. */
export type AttemptKind = 'login' | 'register' | 'reset';

/**
 * Counts an attempt of `kind` from the caller's IP and on `account` (an email
 * or user id); throws rate_limited when either is past the limit this minute.
 * Emails are counted by their hash, so the counts hold no addresses.
 */
export async function limitAttempts(
  // What it uses of api/context's Services, written out: context.ts imports RateLimiter from here.
  services: { config: Config; limits: RateLimiter; now: () => number },
  kind: AttemptKind,
  ip: string,
  account: string | null,
): Promise<void> {
  const limit = services.config.attemptsPerMinute;
  if (limit <= 0) return;
  const keys = [`${kind}:ip:${ip}`];
  if (account) keys.push(`${kind}:account:${hashSecret(account.trim().toLowerCase())}`);
  const window = Math.floor(services.now() / RATE_LIMIT_WINDOW_MS);
  if ((await services.limits.hit(keys, window)) > limit) throw new ApiError(RATE_LIMITED_MESSAGE, 'rate_limited');
}
