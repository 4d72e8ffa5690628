/**
 * Gold in API tests, against the real sandbox provider over HTTP: card
 * tokens made the way the browser makes them, a clock that can jump to a
 * period end, and members who are Gold already.
 */
import { randomUUID } from 'node:crypto';
import type { Card, Credentials, OrderStateBody } from '@platter/contract';
import { eventually } from './eventually';
import type { TestApp } from './test-app';

/** The sandbox's test cards (docs/payments.md). */
export const TEST_CARDS = {
  good: '4242424242424242',
  declined: '4000000000000002',
  /** The first payment succeeds; renewals are declined. */
  firstOnly: '4000000000000341',
  delayedSuccess: '4000000000000077',
  delayedFailure: '4000000000000085',
  /** The processor answers only after its hang delay (and the payment fails). */
  hang: '4000000000000119',
} as const;

/** A clock that runs like the real one and can be moved ahead (to a period end). */
export function aClock() {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance(ms: number) {
      offset += ms;
    },
    /** Moves the clock to just after `at`. */
    jumpPast(at: number) {
      offset += Math.max(0, at + 1_000 - (Date.now() + offset));
    },
  };
}

export const newKey = () => `key-${randomUUID()}`;

/** Trades a card number for a token at the provider, as the browser does: Platter's server never sees it. */
export async function cardToken(t: TestApp, number: string): Promise<string> {
  const { payments } = await t.ok('order.products', {});
  // A relative api_url is on Platter's own origin, as the browser would read it.
  const response = await fetch(new URL(`${payments.api_url}/v1/tokens`, t.baseUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${payments.publishable_key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      card: { number, exp_month: '12', exp_year: '2030', cvc: '123', address_zip: '12345' },
    }),
  });
  const body = (await response.json()) as { id?: string };
  if (!response.ok || !body.id) throw new Error(`no token (${response.status}): ${JSON.stringify(body)}`);
  return body.id;
}

export async function withCard(t: TestApp, member: Credentials, number: string = TEST_CARDS.good): Promise<Card> {
  return (await t.ok('order.set_payment_info', { token: await cardToken(t, number) }, member)).card;
}

/** Subscribes `member` (who has a card) and returns the subscription id. */
export async function subscribe(
  t: TestApp,
  member: Credentials & { password: string },
  plan = 'gold-monthly',
  key = newKey(),
): Promise<string> {
  return (await t.ok('order.subscribe', { password: member.password, order: [plan], idempotency_key: key }, member))
    .subid;
}

/** Polls like the browser (spec §4), faster: until the state is no longer pending. */
export function settled(read: () => Promise<OrderStateBody>, timeoutMs = 15_000): Promise<OrderStateBody> {
  return eventually(read, (state) => state.state !== 'pending', timeoutMs);
}

export function subscriptionSettled(t: TestApp, member: Credentials, subid: string): Promise<OrderStateBody> {
  return settled(() => t.ok('order.subscription_state', { subid }, member));
}

export async function levelOf(t: TestApp, member: Credentials): Promise<number> {
  return (await t.ok('user.info', {}, member)).subscription_level;
}
