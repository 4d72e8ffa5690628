/**
 * The built-in sandbox payment provider's HTTP API, mounted at /sandbox-pay
 * on the app (docs/payments.md). It behaves like a card processor in test
 * mode, with its own keys and its own error shape, `{error: {type, code,
 * message}}` with 400/401/402/404/409. Platter reaches it over HTTP like any
 * processor: the app's code never calls it directly.
 */
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/database';
import { InFlight } from '../../../lib/in-flight';
import { SandboxError, sandboxErrors } from './sandbox-errors';
import {
  abandonIdempotent,
  beginIdempotent,
  finishIdempotent,
  keyScope,
  pruneIdempotency,
  requestFingerprint,
} from './sandbox-idempotency';
import { loadSandboxKeys, sameKey, type SandboxKeys } from './sandbox-keys';
import { SandboxCards } from './sandbox-cards';
import { SandboxProcessor } from './sandbox-processor';
import { registerSecretRoutes, registerTokenRoutes, type Answer, type Respond } from './sandbox-routes';
import { sandboxDb } from './sandbox-schema';
import { RETRY_BASE_MS, WebhookSender } from './sandbox-webhooks';
import { SandboxWorker } from './sandbox-worker';

export const SANDBOX_PATH = '/sandbox-pay';
/** How long the delayed test cards stay pending before they settle. */
export const SETTLE_DELAY_MS = 3_000;
/** How long the hang test card keeps Platter waiting: longer than any sensible time-out. */
export const HANG_MS = 60_000;

export interface SandboxPayOptions {
  db: Db;
  now: () => number;
  log: FastifyBaseLogger;
  /** Where signed webhooks go, like the endpoint set in a processor's dashboard. */
  webhookUrl: () => string;
  /** Tests shorten the delays. */
  settleDelayMs?: number;
  hangMs?: number;
  retryBaseMs?: number;
}

export async function registerSandboxPay(http: FastifyInstance, options: SandboxPayOptions): Promise<void> {
  const db = sandboxDb(options.db);
  const keys = cached(() => loadSandboxKeys(db, options.now));
  const hangs = new Hangs();
  const webhooks = new WebhookSender({
    db,
    now: options.now,
    log: options.log,
    webhookUrl: options.webhookUrl,
    webhookSecret: async () => (await keys()).webhookSecret,
    retryBaseMs: options.retryBaseMs ?? RETRY_BASE_MS,
  });
  // The processor wakes the worker after recording events; the worker runs the processor's settling.
  let wakeWorker = () => {};
  const processor = new SandboxProcessor(db, options.now, options.settleDelayMs ?? SETTLE_DELAY_MS, () => wakeWorker());
  const worker = new SandboxWorker(db, processor, webhooks, options.log);
  wakeWorker = () => worker.wake();
  const cards = new SandboxCards(db, options.now);
  // An answer goes on after its caller gave up waiting (Platter's time-out): closing waits for it.
  const answering = new InFlight();
  const answer = responder(db, keys, options.now, hangs, options.hangMs ?? HANG_MS);
  const respond: Respond = (request, reply, work) => answering.run(() => answer(request, reply, work));

  await http.register(
    async (api) => {
      api.setErrorHandler((error: FastifyError, request, reply) => {
        const failure = asSandboxError(error);
        if (failure.status >= 500) request.log.error({ err: error }, 'sandbox payments: request failed');
        return reply.status(failure.status).send(failure.toJson());
      });
      api.setNotFoundHandler((request, reply) => {
        const failure = sandboxErrors.notFound(request.method, request.url.split('?')[0] ?? '');
        return reply.status(404).send(failure.toJson());
      });
      api.addHook('onReady', async () => {
        await keys();
        await pruneIdempotency(db, options.now());
        worker.start();
      });
      // Before the server waits for requests in flight: a hanging answer would hold closing up for a minute.
      api.addHook('preClose', async () => {
        hangs.close();
        await worker.stop();
        await answering.settled();
      });

      await api.register(async (browser) => {
        // The browser calls these from the app's page, which may be another origin.
        browser.addHook('onSend', async (_request, reply) => {
          reply.header('access-control-allow-origin', '*');
          reply.header('vary', 'Origin');
        });
        browser.options('/v1/tokens', preflight);
        browser.options('/v1/tokens/:id', preflight);
        browser.addHook('onRequest', async (request) => {
          if (request.method !== 'OPTIONS') await authenticate(request, await keys(), 'publishable');
        });
        registerTokenRoutes(browser, cards);
      });

      await api.register(async (server) => {
        server.addHook('onRequest', async (request) => authenticate(request, await keys(), 'secret'));
        registerSecretRoutes(server, cards, processor, respond);
      });
    },
    { prefix: SANDBOX_PATH },
  );
}

async function preflight(_request: FastifyRequest, reply: FastifyReply) {
  return reply
    .status(204)
    .header('access-control-allow-methods', 'GET, POST, OPTIONS')
    .header('access-control-allow-headers', 'Authorization, Content-Type')
    .header('access-control-max-age', '600')
    .send();
}

/** `Authorization: Bearer <key>`; token endpoints take either key, the others only the secret one. */
async function authenticate(
  request: FastifyRequest,
  keys: SandboxKeys,
  needs: 'publishable' | 'secret',
): Promise<void> {
  const header = request.headers.authorization ?? '';
  const key = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (!key) throw sandboxErrors.noKey();
  if (sameKey(key, keys.secretKey)) return;
  if (sameKey(key, keys.publishableKey)) {
    if (needs === 'publishable') return;
    throw sandboxErrors.publishableKey();
  }
  throw sandboxErrors.badKey();
}

/** Answers a secret-key route: through its Idempotency-Key when it has one, then the hang card's wait. */
function responder(
  db: ReturnType<typeof sandboxDb>,
  keys: () => Promise<SandboxKeys>,
  now: () => number,
  hangs: Hangs,
  hangMs: number,
): Respond {
  return async (request, reply, answer) => {
    const idempotencyKey = request.headers['idempotency-key'];
    if (typeof idempotencyKey !== 'string' || idempotencyKey === '') return send(reply, await settled(answer));
    if (idempotencyKey.length > 255) throw sandboxErrors.invalid('Idempotency-Key', 'The Idempotency-Key is too long.');
    const scope = keyScope((await keys()).secretKey);
    const fingerprint = requestFingerprint(request.method, request.url, request.body);
    const start = await beginIdempotent(db, scope, idempotencyKey, fingerprint, now());
    if (start.kind === 'replay') {
      reply.header('idempotent-replayed', 'true');
      return send(reply, { status: start.status, body: start.body });
    }
    let result: Answer;
    try {
      result = await settled(answer);
    } catch (error) {
      await abandonIdempotent(db, scope, idempotencyKey);
      throw error;
    }
    await finishIdempotent(db, scope, idempotencyKey, result.status, result.body);
    if (result.hang) await hangs.wait(hangMs);
    return send(reply, result);
  };

  async function send(reply: FastifyReply, { status, body }: Answer) {
    return reply.status(status).send(body);
  }

  /** The processor's refusals (4xx) are answers too: kept under the key like any other. */
  async function settled(answer: () => Promise<Answer>): Promise<Answer> {
    try {
      return await answer();
    } catch (error) {
      if (error instanceof SandboxError && error.status < 500) return { status: error.status, body: error.toJson() };
      throw error;
    }
  }
}

/** The hang card's waits, cut short when the app closes (so closing never takes a minute). */
class Hangs {
  private readonly waiting = new Set<() => void>();
  private closed = false;

  wait(ms: number): Promise<void> {
    // An answer that comes to its wait while the app closes does not wait at all.
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiting.add(done);
    });
  }

  close(): void {
    this.closed = true;
    for (const done of [...this.waiting]) done();
  }
}

function asSandboxError(error: unknown): SandboxError {
  if (error instanceof SandboxError) return error;
  const status = (error as FastifyError).statusCode ?? 500;
  if (status >= 500) return sandboxErrors.internal();
  const code = (error as FastifyError).code;
  const message =
    code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
      ? 'Send the request body as JSON (Content-Type: application/json).'
      : code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? 'The request is too large.'
        : 'The request body is not valid JSON.';
  return sandboxErrors.invalid('body', message);
}

/** A value made once, on first use; a failure is not kept, so the next use tries again. */
function cached<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | null = null;
  return () => {
    value ??= make().catch((error: unknown) => {
      value = null;
      throw error;
    });
    return value;
  };
}
