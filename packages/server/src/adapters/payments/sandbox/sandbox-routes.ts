/**
 * The sandbox's endpoints (docs/payments.md): what each takes, which
 * operation of the processor it runs, and what it answers. Authentication,
 * CORS, idempotency and the error shape are sandbox-api.ts's.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SandboxCards } from './sandbox-cards';
import type { SandboxProcessor, Slow } from './sandbox-processor';
import { sandboxErrors } from './sandbox-errors';

/** What a route answers: a status and a body, and whether the hang card holds the answer back. */
export interface Answer {
  status: number;
  body: unknown;
  hang?: boolean;
}

/** Runs an answer through idempotency (money-moving POSTs) and the hang delay. */
export type Respond = (request: FastifyRequest, reply: FastifyReply, answer: () => Promise<Answer>) => Promise<unknown>;

const cardField = z
  .union([z.string(), z.number()])
  .transform(String)
  .optional()
  .transform((value) => value ?? '');
const tokenBody = z.object({
  card: z.object({
    number: cardField,
    exp_month: cardField,
    exp_year: cardField,
    cvc: cardField,
    address_zip: cardField,
  }),
});
const id = z.string().trim().min(1).max(100);
const customerBody = z.object({
  email: z.string().max(320).nullish(),
  userid: z.string().max(100).nullish(),
  source: id,
});
const sourceBody = z.object({ source: id });
const amount = z.number().int().positive().max(99_999_999);
/** What the caller keeps with a payment: its own reference, told back in answers and webhooks. */
const metadata = z
  .object({ reference: z.string().min(1).max(255).optional() })
  .optional()
  .transform((value) => value?.reference ?? null);
const chargeBody = z.object({
  customer: id,
  amount,
  currency: z.literal('usd').optional(),
  description: z.string().max(500).nullish(),
  metadata,
});
const subscriptionBody = z.object({
  customer: id,
  plan: z.string().trim().min(1).max(100),
  amount,
  interval: z.enum(['month', 'year']),
  metadata,
});
const idParams = z.object({ id });

/** Reads a request part with its schema; a mismatch is the processor's 400, naming the field. */
function read<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const param = issue?.path.join('.') || 'body';
  throw sandboxErrors.invalid(param, `Invalid ${param}: ${issue?.message ?? 'not understood'}.`);
}

const ok = (body: unknown): Answer => ({ status: 200, body });
const slow = <T>({ result, hang }: Slow<T>): Answer => ({ status: 200, body: result, hang });

/** Card tokens: the browser's endpoints (publishable key, CORS). */
export function registerTokenRoutes(api: FastifyInstance, cards: SandboxCards): void {
  api.post('/v1/tokens', async (request) => cards.createToken(read(tokenBody, request.body).card));
  api.get('/v1/tokens/:id', async (request) => cards.token(read(idParams, request.params).id));
}

/** Everything else: Platter's server, with the secret key. */
export function registerSecretRoutes(
  api: FastifyInstance,
  cards: SandboxCards,
  processor: SandboxProcessor,
  respond: Respond,
): void {
  const param = (request: FastifyRequest) => read(idParams, request.params).id;

  api.post('/v1/customers', (request, reply) =>
    respond(request, reply, async () => {
      const body = read(customerBody, request.body);
      return ok(
        await cards.createCustomer({ email: body.email ?? null, userid: body.userid ?? null, source: body.source }),
      );
    }),
  );
  api.get('/v1/customers/:id', async (request) => cards.customer(param(request)));
  api.post('/v1/customers/:id/source', (request, reply) =>
    respond(request, reply, async () =>
      ok(await cards.replaceSource(param(request), read(sourceBody, request.body).source)),
    ),
  );

  api.post('/v1/charges', (request, reply) =>
    respond(request, reply, async () => {
      const { metadata: reference, ...body } = read(chargeBody, request.body);
      const { result, hang } = await processor.createCharge({
        ...body,
        description: body.description ?? null,
        reference,
      });
      if (result.status !== 'failed') return { status: 200, body: result, hang };
      // Like a processor: a declined charge is a 402 card error that names the (recorded) charge.
      const error = {
        type: 'card_error',
        code: result.failure_code ?? 'card_declined',
        message: result.failure_message ?? '',
        charge: result.id,
      };
      return { status: 402, body: { error }, hang };
    }),
  );
  api.get('/v1/charges/:id', async (request) => processor.charge(param(request)));

  api.post('/v1/subscriptions', (request, reply) =>
    respond(request, reply, async () => {
      const { metadata: reference, ...body } = read(subscriptionBody, request.body);
      return slow(await processor.createSubscription({ ...body, reference }));
    }),
  );
  api.get('/v1/subscriptions/:id', async (request) => processor.subscription(param(request)));
  api.post('/v1/subscriptions/:id/cancel', (request, reply) =>
    respond(request, reply, async () => ok(await processor.cancelAtPeriodEnd(param(request)))),
  );
  api.post('/v1/subscriptions/:id/reactivate', (request, reply) =>
    respond(request, reply, async () => ok(await processor.reactivate(param(request)))),
  );
  api.post('/v1/subscriptions/:id/renew', (request, reply) =>
    respond(request, reply, async () => slow(await processor.renew(param(request)))),
  );
}
