/**
 * The PaymentProvider for Stripe (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY,
 * STRIPE_WEBHOOK_SECRET; docs/payments.md), through Stripe's own client.
 * Cards arrive as tokens the browser made at Stripe; they become the
 * customer's default source. Gold is a Stripe subscription to a price found
 * by its lookup key (made on first use), so nothing has to be set up in the
 * dashboard beforehand. Stripe renews subscriptions itself: `renew` only
 * reads the outcome.
 */
import Stripe from 'stripe';
import { orderMessages, type PaymentProviderInfo } from '@platter/contract';
import type { PaymentsConfig } from '../../config';
import {
  PaymentError,
  type Charge,
  type Customer,
  type PaymentEvent,
  type PaymentProvider,
  type PlanInterval,
  type ProviderSubscription,
  type ChargeInput,
  type SaveCardInput,
  type SubscribeInput,
} from './provider';
import { cardSummaryOf, chargeOf, paymentEventOf, REFERENCE_KEY, subscriptionOf } from './stripe-mapping';

export type StripeConfig = Extract<PaymentsConfig, { provider: 'stripe' }>;

/** Where the browser sends the card to get a token (POST /v1/tokens, with the publishable key). */
export const STRIPE_BROWSER_API_URL = 'https://api.stripe.com';
export const STRIPE_SIGNATURE_HEADER = 'Stripe-Signature';
/** Stripe's own default: a webhook older than five minutes is refused. */
const WEBHOOK_TOLERANCE_SECONDS = 300;
const CURRENCY = 'usd';

export class StripePaymentProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;
  readonly signatureHeader = STRIPE_SIGNATURE_HEADER;
  private readonly stripe: Stripe;
  /** Price ids by lookup key, once found. */
  private readonly prices = new Map<string, string>();

  constructor(
    private readonly config: StripeConfig,
    private readonly now: () => number,
  ) {
    const api = config.apiUrl ? new URL(config.apiUrl) : null;
    this.stripe = new Stripe(config.secretKey, {
      ...(api
        ? {
            host: api.hostname,
            port: api.port || (api.protocol === 'https:' ? 443 : 80),
            protocol: api.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
      timeout: config.timeoutMs,
      // Platter retries with the same idempotency key itself; a hidden retry would only double the wait.
      maxNetworkRetries: 0,
      telemetry: false,
    });
  }

  browserInfo(): PaymentProviderInfo {
    return { provider: 'stripe', publishable_key: this.config.publishableKey, api_url: STRIPE_BROWSER_API_URL };
  }

  async saveCard(input: SaveCardInput): Promise<Customer> {
    const customer = await this.call('declined', async () => {
      if (input.customerRef) {
        try {
          return await this.stripe.customers.update(input.customerRef, {
            source: input.token,
            expand: ['default_source'],
          });
        } catch (error) {
          // A customer Stripe does not know (deleted in the dashboard, or another account): start a new one.
          if (!(
            error instanceof Stripe.errors.StripeInvalidRequestError &&
            error.code === 'resource_missing' &&
            error.param !== 'source'
          ))
            throw error;
        }
      }
      return this.stripe.customers.create({
        ...(input.email ? { email: input.email } : {}),
        metadata: { userid: input.userid },
        source: input.token,
        expand: ['default_source'],
      });
    });
    const source = customer.default_source;
    if (!source || typeof source === 'string' || source.object !== 'card')
      throw new PaymentError('invalid', orderMessages.badToken);
    return { ref: customer.id, card: cardSummaryOf(source) };
  }

  async charge(input: ChargeInput): Promise<Charge> {
    try {
      const charge = await this.stripe.charges.create(
        {
          amount: input.amount,
          currency: CURRENCY,
          customer: input.customerRef,
          description: input.description,
          metadata: { [REFERENCE_KEY]: input.reference },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return chargeOf(charge);
    } catch (error) {
      // A decline is an answer: the charge failed, in Stripe's words (Stripe records it too).
      if (error instanceof Stripe.errors.StripeCardError)
        return { ref: error.charge ?? '', status: 'failed', failureMessage: error.message, reference: input.reference };
      throw paymentErrorOf(error, 'invalid');
    }
  }

  async readCharge(ref: string): Promise<Charge> {
    return this.call('invalid', async () => chargeOf(await this.stripe.charges.retrieve(ref)));
  }

  async subscribe(input: SubscribeInput): Promise<ProviderSubscription> {
    const price = await this.call('invalid', () => this.priceFor(input.amount, input.interval));
    try {
      const subscription = await this.stripe.subscriptions.create(
        {
          customer: input.customerRef,
          items: [{ price }],
          metadata: { plan: input.planId, [REFERENCE_KEY]: input.reference },
          // A first payment that is declined refuses the subscription (402) instead of leaving it incomplete.
          payment_behavior: 'error_if_incomplete',
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return subscriptionOf(subscription);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError)
        return {
          ref: '',
          status: 'failed',
          periodEnd: null,
          failureMessage: error.message,
          reference: input.reference,
        };
      throw paymentErrorOf(error, 'invalid');
    }
  }

  async cancelAtPeriodEnd(ref: string): Promise<ProviderSubscription> {
    return this.call('invalid', async () =>
      subscriptionOf(await this.stripe.subscriptions.update(ref, { cancel_at_period_end: true })),
    );
  }

  async reactivate(ref: string): Promise<ProviderSubscription> {
    return this.call('invalid', async () =>
      subscriptionOf(await this.stripe.subscriptions.update(ref, { cancel_at_period_end: false })),
    );
  }

  /** Stripe renews by itself at the period end; this reads how that went. */
  async renew(ref: string): Promise<ProviderSubscription> {
    return this.subscription(ref);
  }

  async subscription(ref: string): Promise<ProviderSubscription> {
    return this.call('invalid', async () => subscriptionOf(await this.stripe.subscriptions.retrieve(ref)));
  }

  readWebhook(rawBody: string, signatureHeader: string | undefined): PaymentEvent | null {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signatureHeader ?? '',
        this.config.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        this.now(),
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n')[0] : 'unreadable';
      throw new PaymentError('bad_signature', `The webhook signature was refused: ${reason}`);
    }
    return paymentEventOf(event);
  }

  async close(): Promise<void> {}

  /**
   * The recurring price for an amount and interval, found by its lookup key
   * (platter-gold-month-500) or made, with its product, on first use.
   */
  private async priceFor(amount: number, interval: PlanInterval): Promise<string> {
    const lookupKey = `platter-gold-${interval}-${amount}`;
    const known = this.prices.get(lookupKey);
    if (known) return known;
    const found = await this.stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    const price =
      found.data[0] ??
      (await this.stripe.prices.create(
        {
          currency: CURRENCY,
          unit_amount: amount,
          recurring: { interval },
          lookup_key: lookupKey,
          product_data: { name: 'Gold' },
        },
        // Two instances making the same price at once make one.
        { idempotencyKey: `price-${lookupKey}` },
      ));
    this.prices.set(lookupKey, price.id);
    return price.id;
  }

  /** Runs a Stripe call; its errors become PaymentErrors (`refusal`: what a 4xx refusal is). */
  private async call<T>(refusal: 'declined' | 'invalid', work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw paymentErrorOf(error, refusal);
    }
  }
}

/** Stripe's error classes in Platter's kinds; the member sees Stripe's words only for card problems. */
function paymentErrorOf(error: unknown, refusal: 'declined' | 'invalid'): PaymentError {
  if (error instanceof PaymentError) return error;
  if (error instanceof Stripe.errors.StripeCardError) return new PaymentError('declined', error.message);
  if (error instanceof Stripe.errors.StripeConnectionError)
    return /timeout/i.test(error.message)
      ? new PaymentError('timeout', orderMessages.providerTimeout)
      : new PaymentError('unavailable', orderMessages.providerDown);
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    // A token that is unknown, used or expired: Stripe's words say which, and are safe to show.
    if (refusal === 'declined' && (error.param === 'source' || error.code?.startsWith('token_')))
      return new PaymentError('declined', error.message);
    return new PaymentError('invalid', orderMessages.unexpected);
  }
  if (error instanceof Stripe.errors.StripeIdempotencyError)
    return new PaymentError('invalid', orderMessages.unexpected);
  // Authentication, permission, rate limits, Stripe's own failures: nothing the member can fix.
  return new PaymentError('unavailable', orderMessages.providerDown);
}
