/**
 * How often rooms may be joined (issue 31): every join (room.register) tells
 * the room `registered`, and the room it left `deregistered`, and reads a
 * snapshot. One socket flipping between two rooms sent 209 such events a
 * second to every listener. Counted per socket here, and per session and per
 * address in the shared limiter (Redis with several instances), so opening
 * more sockets, or more instances' sockets, buys no more joins. Applied to
 * the call before it is dispatched, so room.register's handler is untouched.
 */
import { liveLimitMessages, type Envelope } from '@platter/contract';
import type { RequestInfo, Services } from '../../api/context';
import { failure } from '../../api/dispatch';
import { ApiError } from '../../api/errors';
import { limitAction, RATE_LIMIT_WINDOW_MS } from '../../api/rate-limit';
import { RedisUnavailable } from '../../lib/redis';
import type { LiveConnection } from '../../realtime/connection';

/**
 * Joins one socket may make in a minute. A page joins once, and again on a hop to another room
 * or a re-sync after a lost event: a few a minute at the very most. A session's tabs and a
 * bot's socket share JOINS_PER_SESSION_PER_MINUTE besides.
 */
export const JOINS_PER_SOCKET_PER_MINUTE = 10;

type LiveRequest = RequestInfo & { connection: LiveConnection };
type Invoke = (name: string, params: Record<string, unknown>, request: LiveRequest) => Promise<Envelope<unknown>>;

/** `invoke` with the limits on joins in front of room.register (both framings' calls pass through it). */
export function limitingJoins(services: Services, invoke: Invoke): Invoke {
  // A socket lives on one instance: its count needs no sharing, and goes with it.
  const bySocket = new WeakMap<LiveConnection, { window: number; count: number }>();

  const countOnSocket = (connection: LiveConnection): number => {
    const window = Math.floor(services.now() / RATE_LIMIT_WINDOW_MS);
    const counted = bySocket.get(connection);
    const count = counted?.window === window ? counted.count + 1 : 1;
    bySocket.set(connection, { window, count });
    return count;
  };

  const limitJoin = async ({ connection, ip }: LiveRequest): Promise<void> => {
    if (services.config.attemptsPerMinute <= 0) return;
    if (countOnSocket(connection) > JOINS_PER_SOCKET_PER_MINUTE)
      throw new ApiError(liveLimitMessages.tooManyJoins, 'rate_limited');
    await limitAction(services, {
      counts: [
        { key: `join:session:${connection.sessionId}`, limit: services.config.joinsPerSessionPerMinute },
        { key: `join:ip:${ip}`, limit: services.config.joinsPerAddressPerMinute },
      ],
      windowMs: RATE_LIMIT_WINDOW_MS,
      message: liveLimitMessages.tooManyJoins,
    }).catch((error: unknown) => {
      // While Redis is away the shared counts cannot be kept: the socket's own count above still
      // holds, and a page can still enter the room its instance serves alone meanwhile.
      if (!(error instanceof RedisUnavailable)) throw error;
    });
  };

  return async (name, params, request) => {
    if (name === 'room.register') {
      try {
        await limitJoin(request);
      } catch (error) {
        if (error instanceof ApiError) return failure(error);
        throw error;
      }
    }
    return invoke(name, params, request);
  };
}
