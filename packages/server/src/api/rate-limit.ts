/**
 * Limits on actions, counted per key in fixed windows of any length: attempts
 * (login, sign-up, password reset) per IP and per account each minute, rooms
 * made per member and per address each hour, guests per address each minute.
 * In-process by default; in Redis when REDIS_URL is set (ioredis is loaded only
 * then), so that every instance behind a load balancer counts the same actions.
 * A window is numbered from the app's clock, so tests can move on. Beside the
 * windows, strikes: failures remembered one by one, for limits that grow with
 * each failure (the login backoff, features/accounts/login-backoff.ts).
 */
import { LRUCache } from 'lru-cache';
import type { Config } from '../config';
import {
  DEFAULT_REDIS_TIMING,
  openRedis,
  startWaitMs,
  type RedisLink,
  type RedisLog,
  type RedisTiming,
} from '../lib/redis';
import { hashSecret } from '../lib/ids';
import { ApiError } from './errors';

export const RATE_LIMIT_WINDOW_MS = 60_000;
export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a minute and try again.';

export interface RateLimiter {
  /**
   * Counts one action on each key in the window of `windowMs` that holds `at`
   * (the app's time); resolves with each key's count so far in that window.
   */
  hit(keys: readonly string[], windowMs: number, at: number): Promise<number[]>;
  /** The failures remembered on `key`, or null when there are none. */
  strikesOf(key: string): Promise<Strikes | null>;
  /** Remembers one more failure on `key` at `at`, for `keepMs` after it; resolves with the failures so far. */
  strike(key: string, at: number, keepMs: number): Promise<Strikes>;
  /** Forgets the failures on `key`. */
  forgive(key: string): Promise<void>;
  close(): Promise<void>;
  /** False while the counts cannot be kept (Redis is away): attempts are then refused as `unavailable`. */
  readonly healthy: boolean;
}

/** Failures on a key: how many, and when the last one was (the app's time). */
export interface Strikes {
  count: number;
  lastAt: number;
}

/** Where a key's count lives: its window's length and number, so windows of different lengths never mix. */
function slotOf(key: string, windowMs: number, at: number): string {
  return `${windowMs}:${Math.floor(at / windowMs)}:${key}`;
}

export class InProcessRateLimiter implements RateLimiter {
  readonly healthy = true;

  // Bounded, so a flood of addresses cannot grow it without end; entries outlive their window only briefly.
  private readonly counts = new LRUCache<string, number>({ max: 100_000, ttl: 2 * RATE_LIMIT_WINDOW_MS });

  async hit(keys: readonly string[], windowMs: number, at: number): Promise<number[]> {
    return keys.map((key) => {
      const slot = slotOf(key, windowMs, at);
      const count = (this.counts.get(slot) ?? 0) + 1;
      this.counts.set(slot, count, { ttl: 2 * windowMs });
      return count;
    });
  }

  // Bounded like the counts: the oldest addresses' failures go first.
  private readonly strikes = new LRUCache<string, Strikes>({ max: 100_000 });

  async strikesOf(key: string): Promise<Strikes | null> {
    return this.strikes.get(key) ?? null;
  }

  async strike(key: string, at: number, keepMs: number): Promise<Strikes> {
    const strikes = { count: (this.strikes.get(key)?.count ?? 0) + 1, lastAt: at };
    this.strikes.set(key, strikes, { ttl: keepMs });
    return strikes;
  }

  async forgive(key: string): Promise<void> {
    this.strikes.delete(key);
  }

  async close(): Promise<void> {
    this.counts.clear();
    this.strikes.clear();
  }
}

/**
 * Counts in Redis. While Redis is away a count fails at once (or after the command timeout) with
 * RedisUnavailable, which the call answers as "try again in a moment": a limit that cannot count
 * does not let the action through uncounted, and nothing was done yet.
 */
export class RedisRateLimiter implements RateLimiter {
  static async connect(
    url: string,
    log: RedisLog,
    timing: RedisTiming = DEFAULT_REDIS_TIMING,
    prefix = 'platter:',
  ): Promise<RedisRateLimiter> {
    const link = await openRedis(url, 'limits', log, timing);
    // Without Redis, counting fails as "try again" until it is back.
    await link.waitUp(startWaitMs(timing));
    return new RedisRateLimiter(link, prefix);
  }

  /** `prefix` (REDIS_PREFIX) comes before every key: `platter:limit:…`, `platter:strikes:…`. */
  private readonly countsPrefix: string;
  private readonly strikesPrefix: string;

  private constructor(
    private readonly link: RedisLink,
    prefix: string,
  ) {
    this.countsPrefix = `${prefix}limit:`;
    this.strikesPrefix = `${prefix}strikes:`;
  }

  get healthy(): boolean {
    return this.link.up;
  }

  async hit(keys: readonly string[], windowMs: number, at: number): Promise<number[]> {
    const results = await this.link.run(async (redis) => {
      const batch = redis.multi();
      for (const key of keys) {
        const slot = this.countsPrefix + slotOf(key, windowMs, at);
        batch.incr(slot).pexpire(slot, 2 * windowMs);
      }
      return (await batch.exec()) ?? [];
    });
    const counts: number[] = [];
    // Replies alternate: INCR's count, then PEXPIRE's 1.
    for (const [index, [error, value]] of results.entries()) {
      if (error) throw error;
      if (index % 2 === 0) counts.push(Number(value));
    }
    return counts;
  }

  async strikesOf(key: string): Promise<Strikes | null> {
    const [count, lastAt] = await this.link.run((redis) => redis.hmget(this.strikesPrefix + key, 'count', 'lastAt'));
    return count && lastAt ? { count: Number(count), lastAt: Number(lastAt) } : null;
  }

  async strike(key: string, at: number, keepMs: number): Promise<Strikes> {
    const slot = this.strikesPrefix + key;
    // One transaction, so two instances counting the same failure at once both count.
    const results = await this.link.run((redis) =>
      redis.multi().hincrby(slot, 'count', 1).hset(slot, 'lastAt', at).pexpire(slot, keepMs).exec(),
    );
    const [error, count] = results?.[0] ?? [new Error('The strike was not counted.'), 0];
    if (error) throw error;
    return { count: Number(count), lastAt: at };
  }

  async forgive(key: string): Promise<void> {
    await this.link.run((redis) => redis.del(this.strikesPrefix + key));
  }

  async close(): Promise<void> {
    this.link.close();
  }
}

export async function createRateLimiter(
  config: Config,
  log: RedisLog,
  timing: RedisTiming = DEFAULT_REDIS_TIMING,
): Promise<RateLimiter> {
  return config.redisUrl
    ? RedisRateLimiter.connect(config.redisUrl, log, timing, config.redisPrefix)
    : new InProcessRateLimiter();
}

/** What limitAction uses of api/context's Services, written out: context.ts imports RateLimiter from here. */
type LimitServices = { config: Config; limits: RateLimiter; now: () => number };

/** One count of an action: its key ('room:member:<id>') and how many a window allows (0 or less: no limit). */
export interface ActionCount {
  key: string;
  limit: number;
}

/**
 * Counts an action on each of its keys in the current window of `windowMs`;
 * throws `message` as rate_limited when any key is past its limit. Off, like
 * every limit, when RATE_LIMIT_PER_MINUTE is 0 (`attemptsPerMinute` ≤ 0).
 */
export async function limitAction(
  services: LimitServices,
  action: { counts: readonly ActionCount[]; windowMs: number; message: string },
): Promise<void> {
  if (services.config.attemptsPerMinute <= 0) return;
  const counted = action.counts.filter((count) => count.limit > 0);
  if (counted.length === 0) return;
  const keys = counted.map((count) => count.key);
  const counts = await services.limits.hit(keys, action.windowMs, services.now());
  if (counted.some((count, index) => (counts[index] ?? 0) > count.limit))
    throw new ApiError(action.message, 'rate_limited');
}

/** What is being attempted: each kind has its own counts. */
export type AttemptKind = 'login' | 'register' | 'reset';

/**
 * Counts an attempt of `kind` from the caller's IP and on `account` (an email
 * or user id); throws rate_limited when either is past the limit this minute.
 * Emails are counted by their hash, so the counts hold no addresses.
 */
export async function limitAttempts(
  services: LimitServices,
  kind: AttemptKind,
  ip: string,
  account: string | null,
): Promise<void> {
  const keys = [`${kind}:ip:${ip}`];
  if (account) keys.push(`${kind}:account:${hashSecret(account.trim().toLowerCase())}`);
  const limit = services.config.attemptsPerMinute;
  await limitAction(services, {
    counts: keys.map((key) => ({ key, limit })),
    windowMs: RATE_LIMIT_WINDOW_MS,
    message: RATE_LIMITED_MESSAGE,
  });
}
