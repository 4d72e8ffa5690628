/**
 * Every connection to Redis is opened here, with the same answers to an outage
 * (docs/realtime.md, "When Redis is down"): a command waits at most
 * `commandTimeoutMs` and is refused at once while the link is down (no
 * offline queue: a call is answered now, never minutes later); a link that
 * stops answering is dropped and dialled again, with a back-off capped at
 * `maxReconnectDelayMs`; and ioredis's errors go to the server's log, one
 * JSON line each, instead of its multi-line traces on stderr.
 */
import type { Redis, RedisOptions } from 'ioredis';

/** How an instance waits on Redis; tests shorten them. */
export interface RedisTiming {
  /** How long a command (a publish, a limit's count) may wait for its answer. */
  commandTimeoutMs: number;
  /** The longest wait between two attempts to reconnect. */
  maxReconnectDelayMs: number;
  /** How often an idle link is pinged, so a Redis that accepts and never answers is noticed. */
  pingEveryMs: number;
}

export const DEFAULT_REDIS_TIMING: RedisTiming = {
  commandTimeoutMs: 2_000,
  maxReconnectDelayMs: 2_000,
  pingEveryMs: 2_000,
};

/**
 * How long a start waits for Redis before going on without it: a new instance is ready when Redis
 * is, and one started while Redis is away serves its own listeners meanwhile (/readyz says so).
 */
export function startWaitMs(timing: RedisTiming): number {
  return Math.max(timing.commandTimeoutMs, 1_000);
}

/** What a connection logs with: the server's pino logger, or a test's. */
export interface RedisLog {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

/** A command that Redis did not answer (down, refused, or too slow). Calls answer it as retryable. */
export class RedisUnavailable extends Error {
  constructor(cause: unknown) {
    super(`Redis is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'RedisUnavailable';
  }
}

export interface RedisLink {
  redis: Redis;
  /** True while the link is up and answering. */
  readonly up: boolean;
  /**
   * Runs commands on the link; any failure becomes RedisUnavailable (no error reply is expected
   * from Redis itself). A command that timed out redials the link.
   */
  run<T>(commands: (redis: Redis) => Promise<T>): Promise<T>;
  /** Resolves once the link is up, or false after `ms` (the instance then starts degraded). */
  waitUp(ms: number): Promise<boolean>;
  /** Drops the link and dials again (it stopped answering). */
  redial(): void;
  close(): void;
}

/**
 * Opens a connection named `role` (in the log) that watches itself: a command that times out or
 * a ping left unanswered redials it, since a link that lost one answer has lost its order too.
 */
export async function openRedis(
  url: string,
  role: string,
  log: RedisLog,
  timing: RedisTiming,
  extra: RedisOptions = {},
): Promise<RedisLink> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    commandTimeout: timing.commandTimeoutMs,
    connectTimeout: Math.max(timing.commandTimeoutMs, 1_000),
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(50 * 2 ** attempt, timing.maxReconnectDelayMs),
    // No CLIENT SETINFO at connect: without a ready check, ioredis declares the link ready once
    // those commands settle, even when they failed because the link closed meanwhile, and a link
    // accepted and closed at once (a proxy whose Redis is gone) then stayed "ready" and dead for good.
    disableClientInfo: true,
    ...extra,
  });
  let up = false;
  let closing = false;
  // One line per change of state, not one per failed attempt: an outage of a minute is not a flood.
  redis.on('ready', () => {
    if (!up) log.info({ redis: role }, 'Redis is reachable');
    up = true;
    lastError = '';
  });
  let lastError = '';
  redis.on('error', (error: Error) => {
    if (closing || error.message === lastError) return;
    lastError = error.message;
    log.warn({ redis: role, err: { message: error.message, code: codeOf(error) } }, 'Redis error');
  });
  redis.on('close', () => {
    if (up && !closing) log.warn({ redis: role }, 'Redis link lost; reconnecting');
    up = false;
  });
  const redial = () => {
    if (closing) return;
    up = false;
    redis.disconnect(true);
  };
  const pinger = setInterval(() => {
    if (redis.status !== 'ready') return;
    redis.ping().catch((error: unknown) => {
      if (closing) return;
      log.warn({ redis: role, err: { message: (error as Error).message } }, 'Redis did not answer a ping');
      redial();
    });
  }, timing.pingEveryMs);
  pinger.unref();
  return {
    redis,
    get up() {
      return up && redis.status === 'ready';
    },
    async run(commands) {
      let timer: NodeJS.Timeout | undefined;
      // ioredis's commandTimeout covers single commands; a MULTI's EXEC is bounded here too.
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('Command timed out')), timing.commandTimeoutMs);
      });
      try {
        return await Promise.race([commands(redis), timeout]);
      } catch (error) {
        if (/timed out/i.test((error as Error).message ?? '')) redial();
        throw new RedisUnavailable(error);
      } finally {
        clearTimeout(timer);
      }
    },
    redial,
    waitUp(ms) {
      if (up) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          redis.off('ready', ready);
          resolve(false);
        }, ms);
        const ready = () => {
          clearTimeout(timer);
          resolve(true);
        };
        redis.once('ready', ready);
      });
    },
    close() {
      closing = true;
      clearInterval(pinger);
      redis.disconnect();
    },
  };
}

function codeOf(error: Error): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}
