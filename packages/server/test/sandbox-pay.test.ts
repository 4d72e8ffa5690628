/**
 * The built-in sandbox payment provider as a processor: its HTTP API at
 * /sandbox-pay (keys, CORS, card checks, tokens, idempotency), every
 * documented test card, payments that settle later with signed webhooks, a
 * restart in the middle, the card that hangs, and a database that never
 * holds a card number.
 */
import { orderMessages } from '@platter/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PaymentError } from '../src/adapters/payments';
import { PERIOD_MS } from '../src/adapters/payments/sandbox/sandbox-processor';
import { sandboxDb, type SandboxDb } from '../src/adapters/payments/sandbox/sandbox-schema';
import { TEST_CARDS } from '../src/adapters/payments/sandbox/test-cards';
import { cardEntry, cardToken, sandboxCaller, type SandboxCaller } from './support/sandbox-calls';
import { startSandboxHost, type SandboxHost } from './support/sandbox-host';
import { startTestApp, type TestApp } from './support/test-app';

const DAY = 24 * 60 * 60 * 1000;

describe('the sandbox HTTP API', () => {
  let clock = Date.now();
  let t: TestApp;
  let db: SandboxDb;
  let base: string;
  let keys: { publishableKey: string; secretKey: string; webhookSecret: string };
  let browser: SandboxCaller;
  let server: SandboxCaller;

  beforeAll(async () => {
    t = await startTestApp({ renewalIntervalMs: 0 }, () => clock);
    db = sandboxDb(t.app.services.db);
    base = `${t.baseUrl}/sandbox-pay`;
    keys = await db
      .selectFrom('sandboxKeys')
      .select(['publishableKey', 'secretKey', 'webhookSecret'])
      .executeTakeFirstOrThrow();
    browser = sandboxCaller(base, keys.publishableKey);
    server = sandboxCaller(base, keys.secretKey);
  });
  afterAll(() => t.close());

  const customerWith = async (number: string) => {
    const source = await cardToken(base, keys.publishableKey, { number });
    return (await server<{ id: string }>('POST', '/v1/customers', { email: 'dj@example.com', userid: 'u1', source }))
      .body.id;
  };

  test('its keys are made once, look like a processor’s, and are shared by every instance on the database', async () => {
    expect(keys.publishableKey).toMatch(/^pk_sandbox_[\w-]{32}$/);
    expect(keys.secretKey).toMatch(/^sk_sandbox_[\w-]{32}$/);
    expect(keys.webhookSecret).toMatch(/^whsec_sandbox_[\w-]{32}$/);
    expect(t.app.services.payments.browserInfo()).toEqual({
      provider: 'sandbox',
      publishable_key: keys.publishableKey,
      api_url: '/sandbox-pay',
    });
    const second = await startTestApp({ database: t.app.services.config.database, renewalIntervalMs: 0 });
    try {
      expect(second.app.services.payments.browserInfo().publishable_key).toBe(keys.publishableKey);
      expect(await db.selectFrom('sandboxKeys').select('id').execute()).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  test('a missing or wrong key is a 401 in the processor’s error shape, never echoing the key', async () => {
    const card = { card: cardEntry({ number: '4242424242424242' }) };
    const none = await sandboxCaller(base, null)('POST', '/v1/tokens', card);
    expect(none).toMatchObject({
      status: 401,
      body: { error: { type: 'authentication_error', code: 'missing_api_key' } },
    });
    const wrong = await sandboxCaller(base, 'sk_sandbox_guessed')('GET', '/v1/subscriptions/sub_1');
    expect(wrong).toMatchObject({
      status: 401,
      body: { error: { code: 'invalid_api_key', message: 'Invalid API key provided.' } },
    });
    const publishable = await browser('POST', '/v1/charges', { customer: 'cus_1', amount: 100 });
    expect(publishable).toMatchObject({ status: 401, body: { error: { code: 'secret_key_required' } } });
    expect(JSON.stringify([none.body, wrong.body, publishable.body])).not.toMatch(/sk_sandbox_guessed|pk_sandbox_\w/);
  });

  test('the browser endpoints allow other origins (CORS), the secret ones do not', async () => {
    for (const path of ['/v1/tokens', '/v1/tokens/tok_1']) {
      const preflight = await fetch(`${base}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:5173',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
      expect(preflight.headers.get('access-control-allow-headers')).toMatch(/authorization/i);
    }
    // A refusal too, so that the page can show the processor's words.
    const refused = await browser(
      'POST',
      '/v1/tokens',
      { card: cardEntry({ number: '1234' }) },
      { origin: 'http://localhost:5173' },
    );
    expect(refused.status).toBe(402);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    const secret = await server('GET', '/v1/subscriptions/sub_1', undefined, { origin: 'http://localhost:5173' });
    expect(secret.headers.get('access-control-allow-origin')).toBeNull();
  });

  test.each([
    [{ number: '4242 4242 4242 4241' }, 'number', 'invalid_number', 'Please enter a valid credit card number'],
    [{ number: '' }, 'number', 'invalid_number', 'Please enter a valid credit card number'],
    [{ number: '4242424242424242', exp_month: '13' }, 'exp_month', 'invalid_expiry_month', 'Please enter a valid date'],
    [
      { number: '4242424242424242', exp_month: '1', exp_year: '2020' },
      'exp_month',
      'invalid_expiry_month',
      'Please enter a valid date',
    ],
    [{ number: '4242424242424242', cvc: '12' }, 'cvc', 'invalid_cvc', 'Please enter a valid CVC'],
    [{ number: '378282246310005', cvc: '123' }, 'cvc', 'invalid_cvc', 'Please enter a valid CVC'],
    [
      { number: '4242424242424242', address_zip: '123' },
      'address_zip',
      'incorrect_zip',
      'Please enter a valid ZIP code',
    ],
  ])('a card with %j is refused: %s, in the spec’s words', async (card, param, code, message) => {
    const answer = await browser('POST', '/v1/tokens', { card: cardEntry(card) });
    expect(answer).toMatchObject({ status: 402, body: { error: { type: 'card_error', code, message, param } } });
  });

  test('a token reads back, is used once, and expires after an hour', async () => {
    const made = await browser('POST', '/v1/tokens', { card: cardEntry({ number: '3782 822463 10005' }) });
    const year = new Date().getFullYear() + 3;
    expect(made).toMatchObject({
      status: 200,
      body: {
        id: expect.stringMatching(/^tok_[0-9a-f]{24}$/),
        object: 'token',
        card: { last4: '0005', brand: 'american-express', exp_month: 7, exp_year: year, address_zip: '02139' },
        used: false,
        created: clock,
      },
    });
    const id = made.body.id as string;
    expect(await browser('GET', `/v1/tokens/${id}`)).toMatchObject({ status: 200, body: made.body });

    const customer = await server('POST', '/v1/customers', { email: null, userid: 'u2', source: id });
    expect(customer).toMatchObject({ status: 200, body: { id: expect.stringMatching(/^cus_/), card: made.body.card } });
    expect((await browser('GET', `/v1/tokens/${id}`)).body).toMatchObject({ used: true });
    expect(await server('POST', '/v1/customers', { source: id })).toMatchObject({
      status: 400,
      body: {
        error: {
          code: 'token_already_used',
          message: 'You cannot use a card token more than once. Please enter your card again.',
        },
      },
    });
    expect(await server('POST', `/v1/customers/${customer.body.id}/source`, { source: 'tok_nope' })).toMatchObject({
      status: 400,
      body: { error: { code: 'resource_missing', message: "No such token: 'tok_nope'", param: 'source' } },
    });
    expect((await browser('GET', '/v1/tokens/tok_nope')).status).toBe(404);

    const late = await cardToken(base, keys.publishableKey, { number: '4242424242424242' });
    clock += 61 * 60 * 1000;
    expect(await server('POST', '/v1/customers', { source: late })).toMatchObject({
      status: 400,
      body: { error: { code: 'token_expired', message: 'This card token has expired. Please enter your card again.' } },
    });
  });

  test('an Idempotency-Key makes a retried payment the same payment; reusing it for another is refused', async () => {
    const customer = await customerWith('4242424242424242');
    const charge = { customer, amount: 299, description: 'Stickers' };
    const first = await server('POST', '/v1/charges', charge, { 'idempotency-key': 'order-1' });
    const again = await server('POST', '/v1/charges', charge, { 'idempotency-key': 'order-1' });
    expect(first.status).toBe(200);
    expect(again).toMatchObject({ status: 200, body: first.body });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const rows = await db.selectFrom('sandboxCharges').select('id').where('customerId', '=', customer).execute();
    expect(rows).toEqual([{ id: first.body.id }]);
    expect(
      await server('POST', '/v1/charges', { ...charge, amount: 300 }, { 'idempotency-key': 'order-1' }),
    ).toMatchObject({
      status: 409,
      body: { error: { type: 'idempotency_error', code: 'idempotency_key_reused' } },
    });

    // A decline is kept under its key too: the retry names the same failed charge.
    const declining = await customerWith('4000000000000002');
    const declined = await server(
      'POST',
      '/v1/charges',
      { ...charge, customer: declining },
      { 'idempotency-key': 'order-2' },
    );
    expect(declined).toMatchObject({
      status: 402,
      body: { error: { type: 'card_error', code: 'card_declined', charge: expect.stringMatching(/^ch_/) } },
    });
    expect(
      await server('POST', '/v1/charges', { ...charge, customer: declining }, { 'idempotency-key': 'order-2' }),
    ).toMatchObject({
      status: 402,
      body: declined.body,
    });

    const plan = { customer, plan: 'gold-month', amount: 500, interval: 'month' };
    const subscribed = await server('POST', '/v1/subscriptions', plan, { 'idempotency-key': 'sub-1' });
    expect(await server('POST', '/v1/subscriptions', plan, { 'idempotency-key': 'sub-1' })).toMatchObject({
      body: subscribed.body,
    });
    expect(
      await db.selectFrom('sandboxSubscriptions').select('id').where('customerId', '=', customer).execute(),
    ).toHaveLength(1);
  });

  test('metadata.reference is kept with a charge or a subscription and told back; a charge reads back', async () => {
    const customer = await customerWith('4242424242424242');
    const made = await server('POST', '/v1/charges', { customer, amount: 299, metadata: { reference: 'order-77' } });
    expect(made).toMatchObject({ status: 200, body: { object: 'charge', metadata: { reference: 'order-77' } } });
    expect(await server('GET', `/v1/charges/${made.body.id}`)).toMatchObject({ status: 200, body: made.body });
    expect((await server('POST', '/v1/charges', { customer, amount: 299 })).body).toMatchObject({ metadata: {} });

    const plan = { customer, plan: 'gold-month', amount: 500, interval: 'month' };
    const subscribed = await server('POST', '/v1/subscriptions', { ...plan, metadata: { reference: 'order-78' } });
    expect(subscribed.body).toMatchObject({ object: 'subscription', metadata: { reference: 'order-78' } });
    expect((await server('GET', `/v1/subscriptions/${subscribed.body.id}`)).body).toMatchObject({
      metadata: { reference: 'order-78' },
    });

    expect(await server('POST', '/v1/charges', { customer, amount: 299, metadata: { reference: 5 } })).toMatchObject({
      status: 400,
      body: { error: { type: 'invalid_request_error', param: 'metadata.reference' } },
    });
    expect(await server('GET', '/v1/charges/ch_nope')).toMatchObject({
      status: 404,
      body: { error: { code: 'resource_missing', message: "No such charge: 'ch_nope'" } },
    });
  });

  test.each(TEST_CARDS.filter((card) => ['succeed', 'decline', 'insufficient_funds'].includes(card.behaviour)))(
    '$number ($brand): $what',
    async (card) => {
      const customer = await customerWith(card.number);
      const charge = await server('POST', '/v1/charges', { customer, amount: 299, description: 'Stickers' });
      const subscription = await server('POST', '/v1/subscriptions', {
        customer,
        plan: 'gold-year',
        amount: 5000,
        interval: 'year',
      });
      if (card.behaviour === 'succeed') {
        expect(charge).toMatchObject({
          status: 200,
          body: { status: 'succeeded', amount: 299, currency: 'usd', failure_message: null },
        });
        expect(subscription.body).toMatchObject({
          status: 'active',
          current_period_start: clock,
          current_period_end: clock + PERIOD_MS.year,
        });
        return;
      }
      const message = card.behaviour === 'decline' ? 'Your card was declined.' : 'Your card has insufficient funds.';
      expect(charge).toMatchObject({ status: 402, body: { error: { type: 'card_error', message } } });
      expect(subscription.body).toMatchObject({ status: 'failed', failure_message: message, current_period_end: null });
    },
  );

  test('4000 0000 0000 0341: the first payment succeeds, every later one is declined, renewals too', async () => {
    const customer = await customerWith('4000 0000 0000 0341');
    const subscription = await server('POST', '/v1/subscriptions', {
      customer,
      plan: 'gold-month',
      amount: 500,
      interval: 'month',
    });
    expect(subscription.body).toMatchObject({ status: 'active' });
    expect((await server('POST', '/v1/charges', { customer, amount: 299 })).body).toMatchObject({
      error: { code: 'card_declined', message: 'Your card was declined.' },
    });
    clock += PERIOD_MS.month + DAY;
    const renewed = await server('POST', `/v1/subscriptions/${subscription.body.id}/renew`, {});
    expect(renewed.body).toMatchObject({ status: 'failed', failure_message: 'Your card was declined.' });
    expect(await eventsAbout(subscription.body.id as string)).toContain('subscription.renewal_failed');
  });

  test('renewal charges nothing before the period end, and ends a canceled subscription at it', async () => {
    const customer = await customerWith('4242424242424242');
    const { body: started } = await server('POST', '/v1/subscriptions', {
      customer,
      plan: 'gold-month',
      amount: 500,
      interval: 'month',
    });
    const renewEarly = await server('POST', `/v1/subscriptions/${started.id}/renew`, {});
    expect(renewEarly.body).toEqual(started);
    expect(
      await db
        .selectFrom('sandboxCharges')
        .select('id')
        .where('subscriptionId', '=', started.id as string)
        .execute(),
    ).toHaveLength(1);
    expect((await server('POST', `/v1/subscriptions/${started.id}/cancel`, {})).body).toMatchObject({
      status: 'pendcancel',
      cancel_at_period_end: true,
    });
    expect((await server('POST', `/v1/subscriptions/${started.id}/cancel`, {})).body).toMatchObject({
      status: 'pendcancel',
    });
    clock += PERIOD_MS.month + DAY;
    expect(await server('POST', `/v1/subscriptions/${started.id}/reactivate`, {})).toMatchObject({
      status: 400,
      body: {
        error: {
          code: 'invalid_state',
          message: 'This subscription has ended and cannot be reactivated; start a new one.',
        },
      },
    });
    expect((await server('POST', `/v1/subscriptions/${started.id}/renew`, {})).body).toMatchObject({
      status: 'canceled',
    });
    expect(await eventsAbout(started.id as string)).toEqual(['subscription.updated', 'subscription.ended']);
    expect(await server('GET', '/v1/subscriptions/sub_nope')).toMatchObject({
      status: 404,
      body: { error: { code: 'resource_missing' } },
    });
  });

  test('4000 0000 0000 0119 hangs: Platter gives up at its time-out, and nothing is charged', async () => {
    const impatient = await startTestApp({
      renewalIntervalMs: 0,
      payments: { provider: 'sandbox', sandboxUrl: null, timeoutMs: 300 },
    });
    const payments = impatient.app.services.payments;
    const info = payments.browserInfo();
    const token = await cardToken(`${impatient.baseUrl}${info.api_url}`, info.publishable_key, {
      number: '4000 0000 0000 0119',
    });
    const customer = await payments.saveCard({ customerRef: null, token, email: null, userid: 'u5' });
    const charging = payments.charge({
      customerRef: customer.ref,
      amount: 299,
      description: 'Stickers',
      reference: 'order-hang-1',
      idempotencyKey: 'hang-1',
    });
    await expect(charging).rejects.toEqual(new PaymentError('timeout', orderMessages.providerTimeout));
    const subscribing = payments.subscribe({
      customerRef: customer.ref,
      planId: 'gold-month',
      amount: 500,
      interval: 'month',
      reference: 'order-hang-2',
      idempotencyKey: 'hang-2',
    });
    await expect(subscribing).rejects.toMatchObject({ kind: 'timeout' });
    const charges = await sandboxDb(impatient.app.services.db)
      .selectFrom('sandboxCharges')
      .select(['status', 'failureMessage'])
      .where('customerId', '=', customer.ref)
      .execute();
    expect(charges).toEqual([
      { status: 'failed', failureMessage: 'A processing error occurred.' },
      { status: 'failed', failureMessage: 'A processing error occurred.' },
    ]);
    const closing = Date.now();
    await impatient.close();
    expect(Date.now() - closing).toBeLessThan(5_000);
  });

  test('no card number is stored anywhere, with or without spaces', async () => {
    for (const card of TEST_CARDS) await customerWith(card.number);
    const tables = [
      'sandboxKeys',
      'sandboxTokens',
      'sandboxCustomers',
      'sandboxCharges',
      'sandboxSubscriptions',
      'sandboxIdempotency',
      'sandboxWebhookDeliveries',
    ] as const;
    const dump: string[] = [];
    for (const table of tables) dump.push(JSON.stringify(await db.selectFrom(table).selectAll().execute()));
    const everything = dump.join('\n');
    expect(everything).toContain('"last4":"4242"');
    for (const card of TEST_CARDS) {
      expect(everything).not.toContain(card.number);
      expect(everything).not.toContain(card.number.replace(/\s/g, ''));
    }
  });

  async function eventsAbout(subscriptionId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('sandboxWebhookDeliveries')
      .select(['type', 'payload'])
      .orderBy('createdAt')
      .execute();
    return rows.filter((row) => row.payload.includes(subscriptionId)).map((row) => row.type);
  }
});

describe('payments that settle later, webhooks and restarts', () => {
  const fast = { settleDelayMs: 150, retryBaseMs: 50 };

  async function customerOn(host: SandboxHost, number: string): Promise<string> {
    const info = host.provider.browserInfo();
    const token = await cardToken(`${host.url}${info.api_url}`, info.publishable_key, { number });
    return (await host.provider.saveCard({ customerRef: null, token, email: null, userid: 'u' })).ref;
  }

  test('a delayed card is pending, then settles, and Platter hears of it in a signed webhook', async () => {
    const host = await startSandboxHost(fast);
    try {
      const succeeding = await customerOn(host, '4000 0000 0000 0077');
      const charge = await host.provider.charge({
        customerRef: succeeding,
        amount: 299,
        description: 'Stickers',
        reference: 'order-late-1',
        idempotencyKey: 'late-1',
      });
      expect(charge).toEqual({
        ref: expect.stringMatching(/^ch_/),
        status: 'pending',
        failureMessage: null,
        reference: 'order-late-1',
      });
      const paid = await host.webhook('charge.succeeded');
      expect(host.provider.readWebhook(paid.body, paid.signature)).toMatchObject({
        type: 'charge.succeeded',
        charge: { ref: charge.ref, status: 'succeeded', failureMessage: null, reference: 'order-late-1' },
      });
      expect(JSON.parse(paid.body)).toMatchObject({ data: { object: { metadata: { reference: 'order-late-1' } } } });
      expect(await host.provider.readCharge(charge.ref)).toEqual({ ...charge, status: 'succeeded' });
      expect(paid.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

      const failing = await customerOn(host, '4000 0000 0000 0085');
      const subscription = await host.provider.subscribe({
        customerRef: failing,
        planId: 'gold-month',
        amount: 500,
        interval: 'month',
        reference: 'order-late-2',
        idempotencyKey: 'late-2',
      });
      expect(subscription).toMatchObject({ status: 'pending', periodEnd: null });
      const updated = await host.webhook('subscription.updated');
      expect(host.provider.readWebhook(updated.body, updated.signature)).toMatchObject({
        type: 'subscription.updated',
        subscription: {
          ref: subscription.ref,
          status: 'failed',
          periodEnd: null,
          failureMessage: 'Your card was declined.',
          reference: 'order-late-2',
        },
      });
      expect(await host.provider.subscription(subscription.ref)).toMatchObject({ status: 'failed' });
    } finally {
      await host.close();
    }
  });

  test('a webhook the receiver refuses is tried again, and given up after five tries', async () => {
    const host = await startSandboxHost(fast);
    try {
      const customer = await customerOn(host, '4242424242424242');
      const subscription = await host.provider.subscribe({
        customerRef: customer,
        planId: 'gold-month',
        amount: 500,
        interval: 'month',
        reference: 'order-s',
        idempotencyKey: 's',
      });
      host.receiverStatus = 500;
      await host.provider.cancelAtPeriodEnd(subscription.ref);
      const delivery = await until(async () => {
        const row = await host.db.selectFrom('sandboxWebhookDeliveries').selectAll().executeTakeFirstOrThrow();
        return row.state === 'failed' ? row : null;
      });
      expect(delivery).toMatchObject({ type: 'subscription.updated', attempts: 5, lastError: 'HTTP 500' });
      expect(host.received).toHaveLength(5);

      host.receiverStatus = 200;
      await host.provider.reactivate(subscription.ref);
      await host.webhook('subscription.updated');
      const delivered = await until(async () => {
        const rows = await host.db
          .selectFrom('sandboxWebhookDeliveries')
          .selectAll()
          .where('state', '=', 'delivered')
          .execute();
        return rows[0] ?? null;
      });
      expect(delivered).toMatchObject({ attempts: 1, lastError: null });
    } finally {
      await host.close();
    }
  });

  test('pending payments survive a restart, and two instances on one database settle each once', async () => {
    const first = await startSandboxHost({ ...fast, settleDelayMs: 400 });
    const customer = await customerOn(first, '4000 0000 0000 0077');
    const before = await first.provider.charge({
      customerRef: customer,
      amount: 299,
      description: 'Stickers',
      reference: 'order-r-1',
      idempotencyKey: 'r-1',
    });
    const publishableKey = first.provider.browserInfo().publishable_key;
    await first.stop();

    const second = await startSandboxHost({ ...fast, database: first.database });
    try {
      expect(second.provider.browserInfo().publishable_key).toBe(publishableKey);
      const paid = await second.webhook('charge.succeeded');
      expect(second.provider.readWebhook(paid.body, paid.signature)).toMatchObject({
        charge: { ref: before.ref, status: 'succeeded' },
      });

      const third = await startSandboxHost({ ...fast, database: first.database });
      try {
        const pending = await third.provider.charge({
          customerRef: customer,
          amount: 199,
          description: 'More',
          reference: 'order-r-2',
          idempotencyKey: 'r-2',
        });
        await until(async () => {
          const row = await third.db
            .selectFrom('sandboxCharges')
            .select('status')
            .where('id', '=', pending.ref)
            .executeTakeFirst();
          return row?.status === 'succeeded' ? row : null;
        });
        await new Promise((resolve) => setTimeout(resolve, 700));
        const told = [...second.received, ...third.received].filter((webhook) => webhook.body.includes(pending.ref));
        expect(told).toHaveLength(1);
      } finally {
        await third.close();
      }
    } finally {
      await second.close();
      await first.close();
    }
  });
});

/** Polls until `check` gives something (within 8 s). */
async function until<T>(check: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + 8_000;
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
