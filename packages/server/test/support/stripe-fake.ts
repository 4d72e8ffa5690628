/**
 * Stripe cannot be reached from the tests, so the Stripe adapter talks to
 * this: a small HTTP server on loopback that answers with responses recorded
 * from Stripe's API (test/fixtures/stripe/*.json), chosen by method and path.
 * It keeps every request it got (headers and form body), so a test can check
 * what the adapter sent: the Idempotency-Key, the parameters. A test can put
 * another recorded answer first in line for a route (a declined charge).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/stripe');

export interface StripeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** Stripe's client sends form-encoded bodies: items[0][price]=… */
  form: URLSearchParams;
}

interface Reply {
  fixture: string;
  status: number;
}

/** What Stripe answers each route with when nothing else was asked for. */
const ROUTES: { method: string; path: RegExp; reply: (request: StripeRequest) => Reply }[] = [
  { method: 'POST', path: /^\/v1\/tokens$/, reply: () => ({ fixture: 'token', status: 200 }) },
  { method: 'POST', path: /^\/v1\/customers$/, reply: () => ({ fixture: 'customer', status: 200 }) },
  {
    method: 'POST',
    path: /^\/v1\/customers\/[^/]+$/,
    reply: () => ({ fixture: 'customer-card-replaced', status: 200 }),
  },
  { method: 'POST', path: /^\/v1\/charges$/, reply: () => ({ fixture: 'charge', status: 200 }) },
  { method: 'GET', path: /^\/v1\/charges\/[^/]+$/, reply: () => ({ fixture: 'charge-retrieved', status: 200 }) },
  { method: 'GET', path: /^\/v1\/prices$/, reply: () => ({ fixture: 'prices-none', status: 200 }) },
  { method: 'POST', path: /^\/v1\/prices$/, reply: () => ({ fixture: 'price', status: 200 }) },
  { method: 'POST', path: /^\/v1\/subscriptions$/, reply: () => ({ fixture: 'subscription', status: 200 }) },
  {
    method: 'POST',
    path: /^\/v1\/subscriptions\/[^/]+$/,
    reply: (request) => ({
      fixture: request.form.get('cancel_at_period_end') === 'true' ? 'subscription-canceling' : 'subscription',
      status: 200,
    }),
  },
  { method: 'GET', path: /^\/v1\/subscriptions\/[^/]+$/, reply: () => ({ fixture: 'subscription', status: 200 }) },
];

export interface StripeFake {
  /** For config.payments.apiUrl. */
  url: string;
  requests: StripeRequest[];
  /** The next request to `route` ('POST /v1/charges') gets this recorded answer instead. */
  replyNext(route: string, fixture: string, status?: number): void;
  /** Every later request to `route` gets this recorded answer (Stripe's state moved on). */
  replyFromNowOn(route: string, fixture: string): void;
  /** The requests to a route, oldest first. */
  requestsTo(route: string): StripeRequest[];
  close(): Promise<void>;
}

export function stripeFixture<T = Record<string, unknown>>(name: string): T {
  return JSON.parse(fs.readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')) as T;
}

export async function startStripeFake(): Promise<StripeFake> {
  const requests: StripeRequest[] = [];
  const queued = new Map<string, Reply[]>();
  const standing = new Map<string, Reply>();

  const server = http.createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://stripe.test');
      const request: StripeRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      };
      requests.push(request);
      const reply = nextReply(request);
      const body = reply
        ? fs.readFileSync(path.join(FIXTURES, `${reply.fixture}.json`), 'utf8')
        : JSON.stringify({
            error: {
              type: 'invalid_request_error',
              message: `Unrecognized request URL (${request.method}: ${request.path}).`,
            },
          });
      response.writeHead(reply?.status ?? 404, {
        'content-type': 'application/json',
        'request-id': `req_fake${requests.length}`,
      });
      response.end(body);
    });
  });

  function nextReply(request: StripeRequest): Reply | undefined {
    const route = ROUTES.find((r) => r.method === request.method && r.path.test(request.path));
    const key = `${request.method} ${request.path}`;
    const waiting = [...queued.entries()].find(([pattern]) => routeMatches(pattern, key));
    if (waiting && waiting[1].length > 0) return waiting[1].shift();
    const moved = [...standing.entries()].find(([pattern]) => routeMatches(pattern, key));
    return moved?.[1] ?? route?.reply(request);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    replyNext(route, fixture, status = statusOf(fixture)) {
      queued.set(route, [...(queued.get(route) ?? []), { fixture, status }]);
    },
    replyFromNowOn(route, fixture) {
      standing.set(route, { fixture, status: statusOf(fixture) });
    },
    requestsTo: (route) => requests.filter((request) => routeMatches(route, `${request.method} ${request.path}`)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A recorded error's status, as Stripe sends it: 402 for card errors, 400 for other refusals. */
function statusOf(fixture: string): number {
  const error = stripeFixture<{ error?: { type: string } }>(fixture).error;
  if (!error) return 200;
  return error.type === 'card_error' ? 402 : 400;
}

/** 'POST /v1/subscriptions/:id' matches 'POST /v1/subscriptions/sub_123'. */
function routeMatches(pattern: string, key: string): boolean {
  const regex = new RegExp(`^${pattern.replace(/:[a-z]+/g, '[^/]+')}$`);
  return regex.test(key);
}
