/**
 * Gold and purchases (spec §2 Account Gold rows, Credit card screen, Cancel /
 * Reactivate Gold; §3 Card, Product, Order state, subscription; §4
 * Subscription, Order polling; §7 order.*; §8). Card numbers never reach
 * Platter: the browser trades them with the payment provider for a token, and
 * only the token comes here (order.set_payment_info).
 */
import { z } from 'zod';
import { callTable, defineCall } from '../define-call';

export const orderMessages = {
  /** Spec §8: an order Platter cannot make sense of (no items, unknown items, mixed kinds). */
  badOrder: 'Whoops. Looks like we missed some important info. Try restarting again!',
  /** Spec §5: a product without a price (a free sticker, or nothing) cannot be bought. */
  needsPrice: 'A product needs a price',
  /** Spec §4 Credit card update. The misspelling is the spec's own: keep it. */
  cardUpdated: 'Credit card informaiton successfully updated!',
  /** Spec §8: what the browser says when the provider's library itself fails. */
  unexpected: "Sorry, an unexpected error occurred. Please try again (you won't be charged twice).",
  noCard: 'Please add a credit card first.',
  wrongPassword: "That password isn't right. Please try again.",
  noPassword: 'Please set a password for your account (Manage Accounts) before buying.',
  alreadyGold: "You're already Gold!",
  alreadyOwned: 'You already own every sticker in this order.',
  notGold: 'Only Gold members can do that.',
  notYours: "We couldn't find that order.",
  badToken: "That card token isn't valid any more. Please enter your card again.",
  providerTimeout: "The payment provider didn't answer in time. You haven't been charged; please try again.",
  providerDown: "We couldn't reach the payment provider. You haven't been charged; please try again.",
  renewalFailed: 'Your card was declined when we tried to renew your Gold subscription.',
} as const;

/** Spec §8 alerts after cancel / reactivate: they name the product. */
export const goldAlerts = {
  canceled: (product: string) => `Your ${product} Gold subscription has been canceled.`,
  reactivated: (product: string) => `Welcome back! Your ${product} Gold subscription has been reactivated.`,
  turnedGold: (product: string) => `You're ${product} Gold! Thanks for your support.`,
  stickersBought: 'Your stickers are yours! They are on your laptop now.',
} as const;

export const cardBrands = [
  'visa',
  'american-express',
  'mastercard',
  'discover',
  'diners-club',
  'jcb',
  'unknown',
] as const;
export type CardBrand = (typeof cardBrands)[number];

/** Spec §3 Card: what Platter keeps of a card (never the number). */
export const card = z.object({
  last_four: z.string(),
  exp_month: z.number(),
  exp_year: z.number(),
  address_zip: z.string().nullable(),
  type: z.enum(cardBrands),
});
export type Card = z.infer<typeof card>;

/** Spec §3 Product: price in cents, quantity default 1. */
export const product = z.object({
  id: z.string(),
  kind: z.enum(['subscription', 'sticker']),
  name: z.string(),
  /** In cents; a subscription's price per period. */
  price: z.number(),
  quantity: z.number().default(1),
  /** Subscriptions: the level it grants and its period. */
  level: z.number().optional(),
  interval: z.enum(['month', 'year']).optional(),
});
export type Product = z.infer<typeof product>;

export const subscriptionStates = ['pending', 'active', 'pendcancel', 'canceled', 'failed'] as const;
export type SubscriptionState = (typeof subscriptionStates)[number];
export const orderStates = ['pending', 'succeeded', 'failed'] as const;
export type OrderState = (typeof orderStates)[number];

/** Spec §3 User.subscription: id, level, state (e.g. pendcancel), period_end. */
export const subscription = z.object({
  id: z.string(),
  level: z.number(),
  state: z.enum(subscriptionStates),
  /** Milliseconds since the epoch; null until the first payment succeeds. */
  period_end: z.number().nullable(),
  product: product,
});
export type Subscription = z.infer<typeof subscription>;

/** Spec §3 Order state: state, level, subid, orderid (plus why, when it failed). */
export const orderState = z.object({
  state: z.union([z.enum(orderStates), z.enum(subscriptionStates)]),
  level: z.number(),
  subid: z.string().optional(),
  orderid: z.string().optional(),
  /** The provider's words when a payment failed (spec §8: shown as they are). */
  error: z.string().optional(),
});
export type OrderStateBody = z.infer<typeof orderState>;

/** How the browser reaches the payment provider to turn a card into a token. */
export const paymentProviderInfo = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('sandbox'),
    /** The sandbox's public key: it may create tokens, nothing else. */
    publishable_key: z.string(),
    /** Base URL of the sandbox's HTTP API (POST {url}/v1/tokens, GET {url}/v1/tokens/{id}). */
    api_url: z.string(),
  }),
  z.object({ provider: z.literal('stripe'), publishable_key: z.string(), api_url: z.string() }),
]);
export type PaymentProviderInfo = z.infer<typeof paymentProviderInfo>;

const orderList = z
  .array(z.string().trim().min(1).max(64))
  .max(40)
  .or(z.string().transform((text) => text.split(',').map((id) => id.trim())));

/** A client-chosen key that makes a retried subscribe/buy the same order (spec: "you won't be charged twice"). */
const idempotencyKey = z
  .string()
  .trim()
  .min(8)
  .max(100)
  .regex(/^[\w-]+$/);

export const orderCalls = callTable(
  defineCall({
    name: 'order.products',
    method: 'GET',
    access: 'anyone',
    input: z.object({}),
    output: z.object({ products: z.array(product), payments: paymentProviderInfo }),
  }),
  defineCall({
    name: 'order.set_payment_info',
    method: 'POST',
    access: 'member',
    input: z.object({ token: z.string().trim().min(1, orderMessages.badToken).max(200) }),
    output: z.object({ card }),
  }),
  defineCall({
    name: 'order.get_payment_info',
    method: 'GET',
    access: 'member',
    input: z.object({}),
    output: z.object({ card: card.nullable() }),
  }),
  defineCall({
    name: 'order.subscription_info',
    method: 'GET',
    access: 'member',
    input: z.object({}),
    output: z.object({ subscription: subscription.nullable(), card: card.nullable() }),
  }),
  defineCall({
    name: 'order.cancel_subscription',
    method: 'POST',
    access: 'member',
    input: z.object({ subid: z.string().trim().min(1).max(64) }),
    output: z.object({ subscription }),
  }),
  defineCall({
    name: 'order.reactivate_subscription',
    method: 'POST',
    access: 'member',
    input: z.object({ subid: z.string().trim().min(1).max(64) }),
    output: z.object({ subscription }),
  }),
  defineCall({
    name: 'order.subscribe',
    method: 'POST',
    access: 'member',
    input: z.object({
      password: z.string().min(1, orderMessages.wrongPassword).max(200),
      order: orderList,
      idempotency_key: idempotencyKey,
    }),
    output: z.object({ subid: z.string() }),
  }),
  defineCall({
    name: 'order.buy',
    method: 'POST',
    access: 'member',
    input: z.object({
      password: z.string().min(1, orderMessages.wrongPassword).max(200),
      order: orderList,
      idempotency_key: idempotencyKey,
    }),
    output: z.object({ orderid: z.string() }),
  }),
  defineCall({
    name: 'order.subscription_state',
    method: 'GET',
    access: 'member',
    input: z.object({ subid: z.string().trim().min(1).max(64) }),
    output: orderState,
  }),
  defineCall({
    name: 'order.state',
    method: 'GET',
    access: 'member',
    input: z.object({ orderid: z.string().trim().min(1).max(64) }),
    output: orderState,
  }),
);

/** Gold members pay this much less for a paid sticker (docs/gold.md); order.products already shows their price. */
export const GOLD_STICKER_DISCOUNT_PERCENT = 20;
