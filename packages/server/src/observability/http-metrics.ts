/**
 * Times every HTTP request and every call made over a socket, for the latency histograms. A
 * route is named as registered (`/audio/:songid`), and an API call by its name when it is one:
 * never by the raw URL, which anyone can vary without end.
 */
import { isCallName } from '@platter/contract';
import type { FastifyInstance } from 'fastify';
import type { Envelope } from '@platter/contract';
import type { Metrics } from './metrics';

export function meterRequests(http: FastifyInstance, metrics: Metrics): void {
  http.addHook('onResponse', (request, reply, done) => {
    let route = request.routeOptions.url ?? 'unmatched';
    if (route === '/api/:name') {
      const name = (request.params as { name?: string }).name ?? '';
      route = isCallName(name) ? `/api/${name}` : '/api/(unknown)';
    }
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/** `invoke`, its calls timed by name and outcome. */
export function meteredInvoke<A extends unknown[]>(
  metrics: Metrics,
  invoke: (name: string, ...rest: A) => Promise<Envelope<unknown>>,
): (name: string, ...rest: A) => Promise<Envelope<unknown>> {
  return async (name, ...rest) => {
    const started = performance.now();
    const call = isCallName(name) ? name : '(unknown)';
    try {
      const envelope = await invoke(name, ...rest);
      metrics.observeSocketCall(call, envelope[0], (performance.now() - started) / 1000);
      return envelope;
    } catch (error) {
      metrics.observeSocketCall(call, false, (performance.now() - started) / 1000);
      throw error;
    }
  };
}
