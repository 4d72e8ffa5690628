/**
 * One suite for the PaymentProvider interface, run against both providers in
 * a real app: the built-in sandbox (reached over HTTP, its tokens made by
 * POSTing a card to its token endpoint as the browser does) and Stripe's
 * adapter (Stripe's own client talking to a recorded-response fake).
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PaymentError, type CardSummary, type PaymentProvider } from '../src/adapters/payments';
import { PERIOD_MS } from '../src/adapters/payments/sandbox/sandbox-processor';
import { sandboxDb } from '../src/adapters/payments/sandbox/sandbox-schema';
import { signSandboxPayload } from '../src/adapters/payments/sandbox/sandbox-signature';
import { startStripeFake, stripeFixture, type StripeFake } from './support/stripe-fake';
import { startTestApp, type TestApp } from './support/test-app';

const DAY = 24 * 60 * 60 * 1000;
/** Platter's references (order ids) given with a charge and a subscription; the recorded Stripe answers carry them. */
const CHARGE_REFERENCE = '6a1f0c9e2b7d4e58a3c91f02';
const SUBSCRIPTION_REFERENCE = '3c5e8a1d9f2b4c7e6a0d1b93';

/** What differs between the providers; the tests below only use this. */
interface Harness {
  provider: PaymentProvider;
  now(): number;
  /** A card token for the first card (Visa 4242) or the second (MasterCard 4444). */
  token(card: 'first' | 'second'): Promise<string>;
  cards: { first: CardSummary; second: CardSummary };
  /** A token the provider already took. */
  usedToken(): Promise<string>;
  /** A customer whose next charge is declined; the provider's words for it. */
  decliningCustomer(): Promise<{ ref: string; message: string }>;
  /** Moves past the current period's end (the sandbox's clock, or Stripe's recorded renewal). */
  passPeriodEnd(): void;
  /** A webhook body the provider would send (a subscription now pendcancel), and its signature header at a time. */
  webhook(subscriptionRef: string): Promise<string>;
  sign(body: string, atMs: number): string;
  close(): Promise<void>;
}

async function sandboxHarness(): Promise<Harness> {
  let clock = Date.now();
  const t: TestApp = await startTestApp({ renewalIntervalMs: 0 }, () => clock);
  const provider = t.app.services.payments;
  const db = sandboxDb(t.app.services.db);
  const expYear = new Date().getFullYear() + 3;
  const numbers = { first: '4242 4242 4242 4242', second: '5555 5555 5555 4444', declining: '4000 0000 0000 0002' };
  const token = async (card: keyof typeof numbers) => {
    const info = provider.browserInfo();
    const response = await t.fetch(`${info.api_url}/v1/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${info.publishable_key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        card: { number: numbers[card], exp_month: '7', exp_year: String(expYear), cvc: '123', address_zip: '02139' },
      }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { id: string }).id;
  };
  const card = (lastFour: string, brand: CardSummary['brand']): CardSummary => ({
    lastFour,
    brand,
    expMonth: 7,
    expYear,
    zip: '02139',
  });
  const secret = async () =>
    (await db.selectFrom('sandboxKeys').select('webhookSecret').executeTakeFirstOrThrow()).webhookSecret;
  let webhookSecret = '';
  return {
    provider,
    now: () => clock,
    token,
    cards: { first: card('4242', 'visa'), second: card('4444', 'mastercard') },
    async usedToken() {
      const used = await token('first');
      await provider.saveCard({ customerRef: null, token: used, email: null, userid: 'someone' });
      return used;
    },
    async decliningCustomer() {
      const customer = await provider.saveCard({
        customerRef: null,
        token: await token('declining'),
        email: null,
        userid: 'u',
      });
      return { ref: customer.ref, message: 'Your card was declined.' };
    },
    passPeriodEnd() {
      clock += PERIOD_MS.month + DAY;
    },
    async webhook(subscriptionRef) {
      webhookSecret = await secret();
      // The event the sandbox recorded when the subscription was canceled, as it sends it.
      const deliveries = await db
        .selectFrom('sandboxWebhookDeliveries')
        .select('payload')
        .orderBy('createdAt')
        .execute();
      const payload = deliveries
        .map((d) => d.payload)
        .find((p) => p.includes(subscriptionRef) && p.includes('pendcancel'));
      if (!payload) throw new Error('no event recorded');
      return payload;
    },
    sign: (body, atMs) => signSandboxPayload(webhookSecret, body, atMs),
    close: () => t.close(),
  };
}

async function stripeHarness(): Promise<Harness> {
  const fake: StripeFake = await startStripeFake();
  const webhookSecret = 'whsec_test_platter';
  // The app's clock stands a minute after the recorded responses were made.
  const clock = stripeFixture<{ created: number }>('customer').created * 1000 + 60_000;
  const t = await startTestApp(
    {
      renewalIntervalMs: 0,
      payments: {
        provider: 'stripe',
        secretKey: 'sk_test_platter',
        publishableKey: 'pk_test_platter',
        webhookSecret,
        apiUrl: fake.url,
        timeoutMs: 2_000,
      },
    },
    () => clock,
  );
  const card = (lastFour: string, brand: CardSummary['brand'], expMonth: number, expYear: number, zip: string) => ({
    lastFour,
    brand,
    expMonth,
    expYear,
    zip,
  });
  return {
    provider: t.app.services.payments,
    now: () => clock,
    token: async (which) => (which === 'first' ? 'tok_visa' : 'tok_mastercard'),
    cards: { first: card('4242', 'visa', 12, 2030, '12345'), second: card('4444', 'mastercard', 8, 2031, '94103') },
    async usedToken() {
      fake.replyNext('POST /v1/customers', 'token-already-used');
      return 'tok_1SU4jY2eZvKYlo2CkL3mNpQr';
    },
    async decliningCustomer() {
      const customer = await t.app.services.payments.saveCard({
        customerRef: null,
        token: 'tok_chargeDeclined',
        email: null,
        userid: 'u',
      });
      fake.replyNext('POST /v1/charges', 'charge-declined');
      return { ref: customer.ref, message: 'Your card was declined.' };
    },
    passPeriodEnd() {
      fake.replyFromNowOn('GET /v1/subscriptions/:id', 'subscription-renewed');
    },
    webhook: async () => JSON.stringify(stripeFixture('event-subscription-updated'), null, 2),
    sign: (body, atMs) =>
      Stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: webhookSecret,
        timestamp: Math.floor(atMs / 1000),
      }),
    async close() {
      await t.close();
      await fake.close();
    },
  };
}

describe.each([
  { name: 'sandbox', start: sandboxHarness },
  { name: 'stripe', start: stripeHarness },
])('the $name payment provider', ({ name, start }) => {
  let h: Harness;
  beforeAll(async () => {
    h = await start();
  });
  afterAll(() => h.close());

  test('names itself and the header its webhooks are signed in', () => {
    expect(h.provider.kind).toBe(name);
    expect(h.provider.signatureHeader).toBe(name === 'sandbox' ? 'Sandbox-Signature' : 'Stripe-Signature');
    expect(h.provider.browserInfo()).toMatchObject({ provider: name, publishable_key: expect.stringMatching(/^pk_/) });
  });

  test('saves a card from a token, then replaces it on the same customer', async () => {
    const saved = await h.provider.saveCard({
      customerRef: null,
      token: await h.token('first'),
      email: 'dj@example.com',
      userid: 'u1',
    });
    expect(saved.ref).toMatch(/^cus_/);
    expect(saved.card).toEqual(h.cards.first);
    const replaced = await h.provider.saveCard({
      customerRef: saved.ref,
      token: await h.token('second'),
      email: null,
      userid: 'u1',
    });
    expect(replaced).toEqual({ ref: saved.ref, card: h.cards.second });
  });

  test('refuses a token that was already used, in its own words', async () => {
    const used = await h.usedToken();
    const attempt = h.provider.saveCard({ customerRef: null, token: used, email: null, userid: 'u2' });
    await expect(attempt).rejects.toBeInstanceOf(PaymentError);
    await expect(attempt).rejects.toMatchObject({ kind: 'declined', message: expect.stringMatching(/more than once/) });
  });

  test('charges a card, keeping Platter’s reference, and reads the charge back', async () => {
    const customer = await h.provider.saveCard({
      customerRef: null,
      token: await h.token('first'),
      email: null,
      userid: 'u3',
    });
    const charge = await h.provider.charge({
      customerRef: customer.ref,
      amount: 299,
      description: 'Stickers',
      reference: CHARGE_REFERENCE,
      idempotencyKey: `buy-${name}-1`,
    });
    expect(charge).toEqual({
      ref: expect.stringMatching(/^ch_/),
      status: 'succeeded',
      failureMessage: null,
      reference: CHARGE_REFERENCE,
    });
    expect(await h.provider.readCharge(charge.ref)).toEqual(charge);
  });

  test('a declined charge is an answer: failed, with the provider words', async () => {
    const customer = await h.decliningCustomer();
    const charge = await h.provider.charge({
      customerRef: customer.ref,
      amount: 299,
      description: 'Stickers',
      reference: 'order-declined',
      idempotencyKey: `buy-${name}-2`,
    });
    expect(charge).toEqual({
      ref: expect.stringMatching(/^ch_/),
      status: 'failed',
      failureMessage: customer.message,
      reference: 'order-declined',
    });
  });

  test('subscribes, cancels at the period end, reactivates, renews, and reads a signed webhook', async () => {
    const customer = await h.provider.saveCard({
      customerRef: null,
      token: await h.token('first'),
      email: null,
      userid: 'u4',
    });
    const started = await h.provider.subscribe({
      customerRef: customer.ref,
      planId: 'gold-month',
      amount: 500,
      interval: 'month',
      reference: SUBSCRIPTION_REFERENCE,
      idempotencyKey: `subscribe-${name}-1`,
    });
    expect(started).toMatchObject({
      ref: expect.stringMatching(/^sub_/),
      status: 'active',
      failureMessage: null,
      reference: SUBSCRIPTION_REFERENCE,
    });
    const periodEnd = started.periodEnd!;
    expect(periodEnd).toBeGreaterThan(h.now() + 27 * DAY);
    expect(periodEnd).toBeLessThanOrEqual(h.now() + 31 * DAY);

    const canceled = await h.provider.cancelAtPeriodEnd(started.ref);
    expect(canceled).toEqual({ ...started, status: 'pendcancel' });

    // The event the provider sends about it: signed now it is read; tampered or stale it is refused.
    const body = await h.webhook(started.ref);
    const event = h.provider.readWebhook(body, h.sign(body, h.now()));
    expect(event).toMatchObject({
      type: 'subscription.updated',
      subscription: { ref: started.ref, status: 'pendcancel', periodEnd, reference: SUBSCRIPTION_REFERENCE },
    });
    expect(event?.id).toMatch(/^evt_/);
    const tampered = body
      .replace('pendcancel', 'active')
      .replace('"cancel_at_period_end": true', '"cancel_at_period_end": false');
    expect(tampered).not.toBe(body);
    expect(() => h.provider.readWebhook(tampered, h.sign(body, h.now()))).toThrow(
      expect.objectContaining({ kind: 'bad_signature' }),
    );
    expect(() => h.provider.readWebhook(body, h.sign(body, h.now() - 6 * 60_000))).toThrow(
      expect.objectContaining({ kind: 'bad_signature' }),
    );
    expect(() => h.provider.readWebhook(body, undefined)).toThrow(expect.objectContaining({ kind: 'bad_signature' }));

    const reactivated = await h.provider.reactivate(started.ref);
    expect(reactivated).toEqual(started);

    h.passPeriodEnd();
    const renewed = await h.provider.renew(started.ref, `renew-${name}-1`);
    expect(renewed).toMatchObject({
      ref: started.ref,
      status: 'active',
      failureMessage: null,
      reference: SUBSCRIPTION_REFERENCE,
    });
    expect(renewed.periodEnd).toBe(periodEnd + PERIOD_MS.month);
    expect(await h.provider.subscription(started.ref)).toEqual(renewed);
  });
});

describe('the Stripe adapter speaks Stripe', () => {
  let fake: StripeFake;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startStripeFake();
    t = await startTestApp({
      renewalIntervalMs: 0,
      payments: {
        provider: 'stripe',
        secretKey: 'sk_test_platter',
        publishableKey: 'pk_test_platter',
        webhookSecret: 'whsec_test_platter',
        apiUrl: fake.url,
        timeoutMs: 2_000,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  test('the browser posts cards to Stripe itself, with the publishable key', () => {
    expect(t.app.services.payments.browserInfo()).toEqual({
      provider: 'stripe',
      publishable_key: 'pk_test_platter',
      api_url: 'https://api.stripe.com',
    });
  });

  test('money moves with the idempotency key, once, with the secret key', async () => {
    const payments = t.app.services.payments;
    await payments.saveCard({ customerRef: null, token: 'tok_visa', email: 'dj@example.com', userid: 'u9' });
    const [created] = fake.requestsTo('POST /v1/customers');
    expect(created!.headers.authorization).toBe('Bearer sk_test_platter');
    expect(Object.fromEntries(created!.form)).toMatchObject({
      source: 'tok_visa',
      email: 'dj@example.com',
      'metadata[userid]': 'u9',
      'expand[0]': 'default_source',
    });

    await payments.charge({
      customerRef: 'cus_TQx7Ykq2fUo3Lm',
      amount: 299,
      description: 'Stickers',
      reference: 'order-42',
      idempotencyKey: 'order-42',
    });
    const [charge] = fake.requestsTo('POST /v1/charges');
    expect(charge!.headers['idempotency-key']).toBe('order-42');
    expect(Object.fromEntries(charge!.form)).toEqual({
      amount: '299',
      currency: 'usd',
      customer: 'cus_TQx7Ykq2fUo3Lm',
      description: 'Stickers',
      'metadata[platter_reference]': 'order-42',
    });

    await payments.subscribe({
      customerRef: 'cus_TQx7Ykq2fUo3Lm',
      planId: 'gold-month',
      amount: 500,
      interval: 'month',
      reference: 'order-7',
      idempotencyKey: 'sub-7',
    });
    expect(fake.requestsTo('GET /v1/prices')[0]!.query.get('lookup_keys[0]')).toBe('platter-gold-month-500');
    expect(Object.fromEntries(fake.requestsTo('POST /v1/prices')[0]!.form)).toMatchObject({
      unit_amount: '500',
      currency: 'usd',
      'recurring[interval]': 'month',
      lookup_key: 'platter-gold-month-500',
    });
    const [subscribe] = fake.requestsTo('POST /v1/subscriptions');
    expect(subscribe!.headers['idempotency-key']).toBe('sub-7');
    expect(Object.fromEntries(subscribe!.form)).toMatchObject({
      customer: 'cus_TQx7Ykq2fUo3Lm',
      'items[0][price]': 'price_1SU4n12eZvKYlo2CdE5fGh6J',
      'metadata[plan]': 'gold-month',
      'metadata[platter_reference]': 'order-7',
      payment_behavior: 'error_if_incomplete',
    });

    // The price is looked up once per instance.
    await payments.subscribe({
      customerRef: 'cus_TQx7Ykq2fUo3Lm',
      planId: 'gold-month',
      amount: 500,
      interval: 'month',
      reference: 'order-8',
      idempotencyKey: 'sub-8',
    });
    expect(fake.requestsTo('GET /v1/prices')).toHaveLength(1);
  });

  test('a charge is read back with charges.retrieve, its reference from the metadata', async () => {
    const charge = await t.app.services.payments.readCharge('ch_3SU4lA2eZvKYlo2C1x8bQeZf');
    const [read] = fake.requestsTo('GET /v1/charges/:id');
    expect(read).toMatchObject({ path: '/v1/charges/ch_3SU4lA2eZvKYlo2C1x8bQeZf' });
    expect(read!.headers.authorization).toBe('Bearer sk_test_platter');
    expect(charge).toEqual({
      ref: 'ch_3SU4lA2eZvKYlo2C1x8bQeZf',
      status: 'succeeded',
      failureMessage: null,
      reference: CHARGE_REFERENCE,
    });
  });

  test('a declined first payment refuses the subscription, in Stripe words', async () => {
    fake.replyNext('POST /v1/subscriptions', 'charge-declined');
    const answer = await t.app.services.payments.subscribe({
      customerRef: 'cus_TQx7Ykq2fUo3Lm',
      planId: 'gold-month',
      amount: 500,
      interval: 'month',
      reference: 'order-9',
      idempotencyKey: 'sub-9',
    });
    expect(answer).toEqual({
      ref: '',
      status: 'failed',
      periodEnd: null,
      failureMessage: 'Your card was declined.',
      reference: 'order-9',
    });
  });

  test('a Stripe that cannot be reached is "unavailable"; events Platter does not follow are null', async () => {
    const down = await startTestApp({
      renewalIntervalMs: 0,
      payments: {
        provider: 'stripe',
        secretKey: 'sk_test_platter',
        publishableKey: 'pk_test_platter',
        webhookSecret: 'whsec_test_platter',
        apiUrl: 'http://127.0.0.1:9',
        timeoutMs: 1_000,
      },
    });
    try {
      await expect(down.app.services.payments.subscription('sub_x')).rejects.toMatchObject({ kind: 'unavailable' });
    } finally {
      await down.close();
    }
    const body = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1' } },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_test_platter' });
    expect(t.app.services.payments.readWebhook(body, header)).toBeNull();
  });
});
