/**
 * For operators and load balancers (docs/operations.md): GET /healthz (the process answers),
 * GET /readyz (it can serve: 503 naming what is down), and GET /metrics on the public port for
 * whoever holds METRICS_TOKEN. None of them is ever the web page.
 */
import { timingSafeEqual } from 'node:crypto';
import { apiMessages } from '@platter/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failure, statusOf } from '../api/dispatch';
import { ApiError } from '../api/errors';
import type { Metrics } from '../observability/metrics';
import type { ReadinessChecks } from '../observability/readiness';

export const METRICS_TOKEN_MESSAGE = 'Metrics need the bearer token set in METRICS_TOKEN.';

export function registerHealthRoutes(
  http: FastifyInstance,
  readiness: ReadinessChecks,
  metrics: Metrics,
  metricsToken: string | null,
): void {
  http.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  http.get('/readyz', async (_request, reply) => {
    const state = await readiness.check();
    return reply
      .status(state.status === 'ready' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(state);
  });

  http.get('/metrics', async (request, reply) => {
    // Off the public port unless the operator chose a token: then it answers as if absent.
    if (!metricsToken) return refuse(reply, new ApiError(apiMessages.nothingAt('GET', '/metrics'), 'not_found'));
    if (!bearerMatches(request, metricsToken))
      return refuse(
        reply.header('www-authenticate', 'Bearer'),
        new ApiError(METRICS_TOKEN_MESSAGE, 'not_authenticated'),
      );
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.contentType)
      .send(await metrics.text());
  });
}

function refuse(reply: FastifyReply, error: ApiError) {
  const envelope = failure(error);
  return reply.status(statusOf(envelope)).send(envelope);
}

/** Compared in constant time: the answer's timing must not spell the token out. */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const [scheme, given] = (request.headers.authorization ?? '').split(' ', 2);
  if (scheme?.toLowerCase() !== 'bearer' || !given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
