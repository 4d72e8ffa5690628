/**
 * Whether this instance can serve (GET /readyz): its database answers, and, with Redis, the bus and
 * the limits reach it (realtime/bus.ts watches its links with pings and a command timeout); the room layer (the hub, which
 * every room command and socket goes through) delivers a message to a listener. Each check has
 * a deadline: a database or Redis that accepts and never answers counts as down. Probes that
 * arrive together share one run, so a busy balancer cannot pile checks up.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Services } from '../api/context';
import type { Channel } from '../realtime/channels';

const CHECK_TIMEOUT_MS = 2_000;

export type CheckName = 'database' | 'redis' | 'rooms';

export interface Readiness {
  status: 'ready' | 'degraded' | 'stopping';
  /** The checks that failed, by name; empty when ready. */
  down: CheckName[];
  /** Each check: ok, or why not. */
  checks: Partial<Record<CheckName, { ok: true } | { ok: false; error: string }>>;
}

const probe = z.object({ nonce: z.string() });

export interface ReadinessChecks {
  check(): Promise<Readiness>;
  /** From now on the instance is shutting down: not ready, whatever the checks say. */
  stopping(): void;
}

export function readinessChecks(services: Pick<Services, 'db' | 'bus' | 'hub' | 'limits' | 'config'>): ReadinessChecks {
  let shuttingDown = false;
  let running: Promise<Readiness> | null = null;

  const checks: Partial<Record<CheckName, () => Promise<void>>> = {
    database: async () => {
      await sql`select 1`.execute(services.db);
    },
    // Redis: the bus's links are up, every channel is subscribed and nothing waits to be sent, and
    // the limits can count. (A round trip through the bus proves nothing here: the bus hands an
    // instance's own messages to its listeners without Redis, so that it serves them during an outage.)
    ...(services.config.redisUrl
      ? {
          redis: async () => {
            if (!services.bus.healthy) throw new Error('the bus is not reaching Redis');
            if (!services.limits.healthy) throw new Error('the limits cannot count in Redis');
          },
        }
      : {}),
    rooms: () =>
      roundTrip(
        async (name, deliver) => {
          const channel: Channel<z.infer<typeof probe>> = { name, schema: probe };
          const stop = await services.hub.listen(channel, deliver);
          return async () => stop();
        },
        (name, message) => services.hub.publish({ name, schema: probe }, message),
      ),
  };

  const run = async (): Promise<Readiness> => {
    const names = Object.keys(checks) as CheckName[];
    const results = await Promise.all(
      names.map(async (name) => {
        try {
          await withDeadline(checks[name]!(), `no answer within ${CHECK_TIMEOUT_MS} ms`);
          return [name, { ok: true }] as const;
        } catch (error) {
          return [name, { ok: false, error: error instanceof Error ? error.message : String(error) }] as const;
        }
      }),
    );
    const down = results.filter(([, result]) => !result.ok).map(([name]) => name);
    return {
      status: shuttingDown ? 'stopping' : down.length > 0 ? 'degraded' : 'ready',
      down,
      checks: Object.fromEntries(results),
    };
  };

  return {
    check() {
      running ??= run().finally(() => (running = null));
      return running;
    },
    stopping() {
      shuttingDown = true;
    },
  };
}

/**
 * Listens on a channel of its own, publishes a nonce there and waits for it to come back. Lets
 * go of the channel whatever happens, even when the subscription only completes after the
 * deadline (Redis coming back): a probe must not leave a subscription behind.
 */
async function roundTrip(
  listen: (channel: string, deliver: (message: unknown) => void) => Promise<() => Promise<void>>,
  publish: (channel: string, message: { nonce: string }) => Promise<void>,
): Promise<void> {
  const nonce = randomUUID();
  const channel = `health:${nonce}`;
  let arrived!: () => void;
  const back = new Promise<void>((resolve) => (arrived = resolve));
  const listening = listen(channel, (message) => {
    if ((message as { nonce?: unknown }).nonce === nonce) arrived();
  });
  try {
    await withDeadline(
      listening.then(() => publish(channel, { nonce })).then(() => back),
      `no answer within ${CHECK_TIMEOUT_MS} ms`,
    );
  } finally {
    // Not awaited: letting go must neither hold the answer up nor fail it when Redis is what is down.
    listening.then((stop) => stop()).catch(() => {});
  }
}

function withDeadline<T>(work: Promise<T>, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
