/**
 * The card processor behind one interface: the built-in sandbox (the embedded
 * default, its own HTTP API and secret key) or Stripe (when its keys are set).
 * Platter's server only ever hands the provider a card token made in the
 * browser, never a card number. Every money-moving call carries an
 * idempotency key, so a retry can never charge twice, and Platter's own
 * reference (the order id), which the provider keeps with what it made and
 * tells back, so that news of a payment whose call never returned still finds
 * its order.
 */
import type { CardBrand, PaymentProviderInfo } from '@platter/contract';

/** What Platter keeps of a card: never the number. */
export interface CardSummary {
  lastFour: string;
  expMonth: number;
  expYear: number;
  zip: string | null;
  brand: CardBrand;
}

export interface Customer {
  /** The provider's id of the customer. */
  ref: string;
  card: CardSummary;
}

export type ChargeStatus = 'succeeded' | 'pending' | 'failed';

export interface Charge {
  ref: string;
  status: ChargeStatus;
  /** The provider's words when it failed (spec §8: shown as they are). */
  failureMessage: string | null;
  /** Platter's reference given to `charge` (the order id); null for a charge made without one. */
  reference: string | null;
}

export type ProviderSubscriptionStatus = 'active' | 'pending' | 'pendcancel' | 'canceled' | 'failed';

export interface ProviderSubscription {
  /** '' when the provider never created one (Stripe refuses a first payment that is declined). */
  ref: string;
  status: ProviderSubscriptionStatus;
  /** End of the paid period, ms since the epoch; null while the first payment is pending. */
  periodEnd: number | null;
  failureMessage: string | null;
  /** Platter's reference given to `subscribe` (the order id); null for a subscription made without one. */
  reference: string | null;
}

/**
 * What the provider tells Platter afterwards, through a signed webhook. The
 * `id` is the event's own: an event delivered twice is recognised by it.
 */
export type PaymentEvent =
  | { id: string; type: 'charge.succeeded' | 'charge.failed'; charge: Charge }
  | {
      id: string;
      type: 'subscription.updated' | 'subscription.renewed' | 'subscription.renewal_failed' | 'subscription.ended';
      subscription: ProviderSubscription;
    };

export type PlanInterval = 'month' | 'year';

export interface SaveCardInput {
  customerRef: string | null;
  token: string;
  email: string | null;
  userid: string;
}

export interface ChargeInput {
  customerRef: string;
  amount: number;
  description: string;
  reference: string;
  idempotencyKey: string;
}

export interface SubscribeInput {
  customerRef: string;
  planId: string;
  amount: number;
  interval: PlanInterval;
  reference: string;
  idempotencyKey: string;
}

export interface PaymentProvider {
  readonly kind: 'sandbox' | 'stripe';
  /**
   * The HTTP header that carries a webhook's signature: 'Sandbox-Signature' or
   * 'Stripe-Signature'. Platter's webhook route passes its value to readWebhook.
   */
  readonly signatureHeader: string;
  /** How the browser reaches the provider to turn a card into a token. */
  browserInfo(): PaymentProviderInfo;
  /**
   * Attaches the card behind `token` to the member's customer (created when
   * `customerRef` is null), replacing any card before it.
   * Throws PaymentError('declined') for a token that is unknown, used or expired.
   */
  saveCard(input: SaveCardInput): Promise<Customer>;
  /**
   * A one-off charge of the customer's card (stickers). `reference` is kept
   * with the charge and comes back as `Charge.reference`.
   */
  charge(input: ChargeInput): Promise<Charge>;
  /** Reads a charge as the provider has it now. */
  readCharge(ref: string): Promise<Charge>;
  /**
   * Starts a recurring subscription: the first period is charged at once.
   * `reference` is kept with the subscription and comes back as
   * `ProviderSubscription.reference`, renewals included.
   */
  subscribe(input: SubscribeInput): Promise<ProviderSubscription>;
  /** Stops renewal at the period end (pendcancel); Gold lasts until then. */
  cancelAtPeriodEnd(ref: string): Promise<ProviderSubscription>;
  /** Undoes cancelAtPeriodEnd while the period lasts. */
  reactivate(ref: string): Promise<ProviderSubscription>;
  /**
   * At a period end: charges the next period (or, for Stripe, reads the
   * outcome of Stripe's own renewal). The key makes two instances asking for
   * the same renewal one charge.
   */
  renew(ref: string, idempotencyKey: string): Promise<ProviderSubscription>;
  /** Reads a subscription as the provider has it now. */
  subscription(ref: string): Promise<ProviderSubscription>;
  /** Checks a webhook's signature and reads it; throws PaymentError('bad_signature') otherwise. */
  readWebhook(rawBody: string, signatureHeader: string | undefined): PaymentEvent | null;
  close(): Promise<void>;
}

export type PaymentErrorKind = 'declined' | 'timeout' | 'unavailable' | 'bad_signature' | 'invalid';

/** A failure the member can be told about; `message` is the provider's own words for declines. */
export class PaymentError extends Error {
  constructor(
    readonly kind: PaymentErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'PaymentError';
  }
}
