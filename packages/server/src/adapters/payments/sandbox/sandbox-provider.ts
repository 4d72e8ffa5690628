/**
 * The PaymentProvider for the built-in sandbox: Platter talks to it over HTTP
 * as it would to any processor, with the secret key from the sandbox's keys
 * row. The keys are read in the background as soon as the provider is made;
 * `browserInfo` and `readWebhook`, which must answer at once, use that copy
 * (the app waits for it before it listens: `ready`).
 */
import { orderMessages, type PaymentProviderInfo } from '@platter/contract';
import {
  PaymentError,
  type Charge,
  type Customer,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderSubscription,
  type ChargeInput,
  type SaveCardInput,
  type SubscribeInput,
} from '../provider';
import { SandboxClient, type SandboxAnswer } from './sandbox-client';
import { loadSandboxKeys, type SandboxKeys } from './sandbox-keys';
import type {
  SandboxChargeJson,
  SandboxCustomerJson,
  SandboxEventJson,
  SandboxSubscriptionJson,
} from './sandbox-resources';
import type { SandboxDb } from './sandbox-schema';
import { SANDBOX_SIGNATURE_HEADER, checkSandboxSignature } from './sandbox-signature';

export interface SandboxProviderOptions {
  db: SandboxDb;
  now: () => number;
  /** The sandbox's base URL (…/sandbox-pay) for Platter's server. */
  apiUrl: () => string;
  /** The same for the browser: a path ('/sandbox-pay') is resolved against the page's own address. */
  browserApiUrl: string;
  timeoutMs: number;
}

export class SandboxPaymentProvider implements PaymentProvider {
  readonly kind = 'sandbox' as const;
  readonly signatureHeader = SANDBOX_SIGNATURE_HEADER;
  private keys: SandboxKeys | null = null;
  private readonly loading: Promise<SandboxKeys | null>;
  private readonly client: SandboxClient;

  constructor(private readonly options: SandboxProviderOptions) {
    this.loading = this.loadKeys().catch(() => null);
    this.client = new SandboxClient({
      baseUrl: options.apiUrl,
      secretKey: async () => (await this.loadKeys()).secretKey,
      timeoutMs: options.timeoutMs,
    });
  }

  /** Resolves once the keys are read (browserInfo and readWebhook need them at once). */
  async ready(): Promise<void> {
    await this.loadKeys();
  }

  browserInfo(): PaymentProviderInfo {
    return {
      provider: 'sandbox',
      publishable_key: this.loadedKeys().publishableKey,
      api_url: this.options.browserApiUrl,
    };
  }

  async saveCard(input: SaveCardInput): Promise<Customer> {
    let answer: SandboxAnswer<SandboxCustomerJson> | null = null;
    if (input.customerRef) {
      answer = await this.client.request<SandboxCustomerJson>(
        'POST',
        `/v1/customers/${encodeURIComponent(input.customerRef)}/source`,
        { source: input.token },
      );
      // A customer the sandbox does not know (its tables were emptied): start a new one.
      if (!answer.ok && answer.status === 404) answer = null;
    }
    answer ??= await this.client.request<SandboxCustomerJson>('POST', '/v1/customers', {
      email: input.email,
      userid: input.userid,
      source: input.token,
    });
    const customer = this.expect(answer, 'declined');
    return {
      ref: customer.id,
      card: {
        lastFour: customer.card.last4,
        expMonth: customer.card.exp_month,
        expYear: customer.card.exp_year,
        zip: customer.card.address_zip,
        brand: customer.card.brand,
      },
    };
  }

  async charge(input: ChargeInput): Promise<Charge> {
    const answer = await this.client.request<SandboxChargeJson>(
      'POST',
      '/v1/charges',
      {
        customer: input.customerRef,
        amount: input.amount,
        currency: 'usd',
        description: input.description,
        metadata: { reference: input.reference },
      },
      input.idempotencyKey,
    );
    // A decline is an answer, not a failure to get one: the charge failed, in the processor's words.
    if (!answer.ok && answer.error.type === 'card_error')
      return {
        ref: answer.error.charge ?? '',
        status: 'failed',
        failureMessage: answer.error.message,
        reference: input.reference,
      };
    return chargeOf(this.expect(answer, 'invalid'));
  }

  async readCharge(ref: string): Promise<Charge> {
    const answer = await this.client.request<SandboxChargeJson>('GET', `/v1/charges/${encodeURIComponent(ref)}`);
    return chargeOf(this.expect(answer, 'invalid'));
  }

  async subscribe(input: SubscribeInput): Promise<ProviderSubscription> {
    const answer = await this.client.request<SandboxSubscriptionJson>(
      'POST',
      '/v1/subscriptions',
      {
        customer: input.customerRef,
        plan: input.planId,
        amount: input.amount,
        interval: input.interval,
        metadata: { reference: input.reference },
      },
      input.idempotencyKey,
    );
    return subscriptionOf(this.expect(answer, 'invalid'));
  }

  async cancelAtPeriodEnd(ref: string): Promise<ProviderSubscription> {
    return this.subscriptionCall(`/v1/subscriptions/${encodeURIComponent(ref)}/cancel`);
  }

  async reactivate(ref: string): Promise<ProviderSubscription> {
    return this.subscriptionCall(`/v1/subscriptions/${encodeURIComponent(ref)}/reactivate`);
  }

  async renew(ref: string, idempotencyKey: string): Promise<ProviderSubscription> {
    return this.subscriptionCall(`/v1/subscriptions/${encodeURIComponent(ref)}/renew`, idempotencyKey);
  }

  async subscription(ref: string): Promise<ProviderSubscription> {
    const answer = await this.client.request<SandboxSubscriptionJson>(
      'GET',
      `/v1/subscriptions/${encodeURIComponent(ref)}`,
    );
    return subscriptionOf(this.expect(answer, 'invalid'));
  }

  readWebhook(rawBody: string, signatureHeader: string | undefined): PaymentEvent | null {
    const check = checkSandboxSignature(this.loadedKeys().webhookSecret, rawBody, signatureHeader, this.options.now());
    if (check !== 'ok') throw new PaymentError('bad_signature', `The webhook signature is ${check}.`);
    const event = JSON.parse(rawBody) as SandboxEventJson;
    const object = event.data?.object;
    if (!object || typeof event.id !== 'string') return null;
    switch (event.type) {
      case 'charge.succeeded':
      case 'charge.failed':
        return object.object === 'charge' ? { id: event.id, type: event.type, charge: chargeOf(object) } : null;
      case 'subscription.updated':
      case 'subscription.renewed':
      case 'subscription.renewal_failed':
      case 'subscription.ended':
        return object.object === 'subscription'
          ? { id: event.id, type: event.type, subscription: subscriptionOf(object) }
          : null;
      default:
        return null;
    }
  }

  async close(): Promise<void> {
    await this.loading;
  }

  private async subscriptionCall(path: string, idempotencyKey?: string): Promise<ProviderSubscription> {
    const answer = await this.client.request<SandboxSubscriptionJson>('POST', path, {}, idempotencyKey);
    return subscriptionOf(this.expect(answer, 'invalid'));
  }

  /** The answer's body, or the sandbox's refusal as a PaymentError in its own words. */
  private expect<T>(answer: SandboxAnswer<T>, kind: 'declined' | 'invalid'): T {
    if (answer.ok) return answer.body;
    throw new PaymentError(answer.error.type === 'card_error' ? 'declined' : kind, answer.error.message);
  }

  private async loadKeys(): Promise<SandboxKeys> {
    this.keys ??= await loadSandboxKeys(this.options.db, this.options.now);
    return this.keys;
  }

  private loadedKeys(): SandboxKeys {
    if (!this.keys) throw new PaymentError('unavailable', orderMessages.providerDown);
    return this.keys;
  }
}

function chargeOf(charge: SandboxChargeJson): Charge {
  return {
    ref: charge.id,
    status: charge.status,
    failureMessage: charge.failure_message,
    reference: charge.metadata?.reference ?? null,
  };
}

function subscriptionOf(subscription: SandboxSubscriptionJson): ProviderSubscription {
  return {
    ref: subscription.id,
    status: subscription.status,
    periodEnd: subscription.current_period_end,
    failureMessage: subscription.failure_message,
    reference: subscription.metadata?.reference ?? null,
  };
}
