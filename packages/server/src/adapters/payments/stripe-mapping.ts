/**
 * Stripe's objects in Platter's terms: card brands, subscription states and
 * webhook events. Written against the fields as Stripe's recent API versions
 * have them, and the older places where they used to be (a subscription's
 * period end, an invoice's subscription), since an account may be pinned to
 * either.
 */
import type Stripe from 'stripe';
import type { CardBrand } from '@platter/contract';
import type { Charge, CardSummary, PaymentEvent, ProviderSubscription } from './provider';

/** The metadata key Platter's reference (the order id) is kept under, on charges and subscriptions. */
export const REFERENCE_KEY = 'platter_reference';

function referenceIn(metadata: Stripe.Metadata | null | undefined): string | null {
  return metadata?.[REFERENCE_KEY] ?? null;
}

const BRANDS: Record<string, CardBrand> = {
  Visa: 'visa',
  'American Express': 'american-express',
  MasterCard: 'mastercard',
  Discover: 'discover',
  'Diners Club': 'diners-club',
  JCB: 'jcb',
};

export function cardSummaryOf(card: Stripe.Card): CardSummary {
  return {
    lastFour: card.last4,
    expMonth: card.exp_month,
    expYear: card.exp_year,
    zip: card.address_zip,
    brand: BRANDS[card.brand] ?? 'unknown',
  };
}

export function chargeOf(charge: Stripe.Charge): Charge {
  // Stripe may add states; anything but the two final ones is still under way.
  const status = charge.status === 'succeeded' ? 'succeeded' : charge.status === 'failed' ? 'failed' : 'pending';
  return { ref: charge.id, status, failureMessage: charge.failure_message, reference: referenceIn(charge.metadata) };
}

/** End of the paid period in ms: on the item in recent API versions, on the subscription before. */
export function periodEndOf(subscription: Stripe.Subscription): number | null {
  const legacy = (subscription as { current_period_end?: number }).current_period_end;
  const end = legacy ?? subscription.items?.data[0]?.current_period_end;
  return typeof end === 'number' ? end * 1000 : null;
}

/**
 * Stripe's states: `incomplete` and `past_due` mean a payment is still being
 * tried (Stripe retries renewals on its own schedule), so they are pending;
 * `unpaid` means Stripe gave up; the others are over.
 */
export function subscriptionOf(
  subscription: Stripe.Subscription,
  failureMessage: string | null = null,
): ProviderSubscription {
  const status = ((): ProviderSubscription['status'] => {
    switch (subscription.status) {
      case 'active':
      case 'trialing':
        return subscription.cancel_at_period_end ? 'pendcancel' : 'active';
      case 'incomplete':
      case 'past_due':
        return 'pending';
      case 'unpaid':
        return 'failed';
      default:
        return 'canceled';
    }
  })();
  return {
    ref: subscription.id,
    status,
    periodEnd: periodEndOf(subscription),
    failureMessage,
    reference: referenceIn(subscription.metadata),
  };
}

type LegacyInvoice = {
  subscription?: string | { id: string } | null;
  subscription_details?: { metadata: Stripe.Metadata | null } | null;
};

function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const legacy = (invoice as LegacyInvoice).subscription;
  const current = invoice.parent?.subscription_details?.subscription;
  const subscription = current ?? legacy;
  if (!subscription) return null;
  return typeof subscription === 'string' ? subscription : subscription.id;
}

/** The subscription's metadata as the invoice copied it: under `parent` now, at the top before. */
function invoiceReference(invoice: Stripe.Invoice): string | null {
  const metadata =
    invoice.parent?.subscription_details?.metadata ?? (invoice as LegacyInvoice).subscription_details?.metadata;
  return referenceIn(metadata);
}

/** An invoice's news about its subscription: a paid period, or a payment that failed. */
function invoiceEvent(event: Stripe.InvoicePaidEvent | Stripe.InvoicePaymentFailedEvent): PaymentEvent | null {
  const invoice = event.data.object;
  const ref = invoiceSubscriptionId(invoice);
  if (!ref) return null;
  const renewal = invoice.billing_reason === 'subscription_cycle';
  const reference = invoiceReference(invoice);
  if (event.type === 'invoice.paid') {
    const end = invoice.lines?.data[0]?.period?.end;
    return {
      id: event.id,
      type: renewal ? 'subscription.renewed' : 'subscription.updated',
      subscription: {
        ref,
        status: 'active',
        periodEnd: typeof end === 'number' ? end * 1000 : null,
        failureMessage: null,
        reference,
      },
    };
  }
  return {
    id: event.id,
    type: renewal ? 'subscription.renewal_failed' : 'subscription.updated',
    // The decline's words come with the charge.failed event of the same payment.
    subscription: { ref, status: 'failed', periodEnd: null, failureMessage: null, reference },
  };
}

/** A verified Stripe event as a PaymentEvent; null for the events Platter does not follow. */
export function paymentEventOf(event: Stripe.Event): PaymentEvent | null {
  switch (event.type) {
    case 'charge.succeeded':
    case 'charge.failed':
      return { id: event.id, type: event.type, charge: chargeOf(event.data.object) };
    case 'customer.subscription.updated':
      return { id: event.id, type: 'subscription.updated', subscription: subscriptionOf(event.data.object) };
    case 'customer.subscription.deleted':
      return { id: event.id, type: 'subscription.ended', subscription: subscriptionOf(event.data.object) };
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return invoiceEvent(event);
    default:
      return null;
  }
}
