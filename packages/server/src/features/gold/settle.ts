/**
 * Applying what the provider says about a subscription or a charge, wherever
 * it says it: the answer to our own call, a webhook, a renewal. Every change
 * is a conditional update from the state last read, so two of them racing
 * (a webhook and the call that caused it) make one transition, and what
 * follows a transition (the orders settled, the level, the mail) happens once.
 */
import type { Services } from '../../api/context';
import { isUniqueViolation } from '../../api/errors';
import type { Charge, ProviderSubscription } from '../../adapters/payments/provider';
import { declined } from './payment-failures';
import { sendRenewalFailed } from './renewal-mail';
import {
  findOrder,
  findSubscription,
  GOLD_STATES,
  syncSubscriptionLevel,
  type OrderRow,
  type SubscriptionRow,
} from './store';

type GoldState = (typeof GOLD_STATES)[number];
const isGold = (state: string): state is GoldState => (GOLD_STATES as readonly string[]).includes(state);

/** Subscriptions that ended stay ended: a late or replayed event cannot bring one back. */
const ENDED = ['canceled', 'failed'];

interface Change {
  state: string;
  periodEnd: number | null;
}

/** What the provider's view makes of our row; null when nothing changes. */
function changeFor(row: SubscriptionRow, provider: ProviderSubscription): Change | null {
  if (ENDED.includes(row.state)) return null;
  // Gold lasts while a renewal is still being settled.
  const state = provider.status === 'pending' && isGold(row.state) ? row.state : provider.status;
  // A period never moves backwards, whatever order events arrive in.
  const periodEnd =
    provider.periodEnd === null ? row.periodEnd : Math.max(row.periodEnd ?? provider.periodEnd, provider.periodEnd);
  if (state === row.state && periodEnd === row.periodEnd && row.providerRef === provider.ref) return null;
  return { state, periodEnd };
}

/**
 * Brings subscription `id` to the provider's view of it; returns the row as it
 * then is. The first payment's order is settled with it; a Gold subscription
 * that failed (a renewal declined) mails its member.
 */
export async function applySubscription(
  services: Services,
  id: string,
  provider: ProviderSubscription,
): Promise<SubscriptionRow | undefined> {
  const { db, now } = services;
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await findSubscription(db, id);
    if (!row) return undefined;
    const change = changeFor(row, provider);
    if (!change) return row;
    const result = await db
      .updateTable('subscriptions')
      .set({ state: change.state, periodEnd: change.periodEnd, providerRef: provider.ref, updatedAt: now() })
      .where('id', '=', id)
      .where('state', '=', row.state)
      .where((eb) => (row.periodEnd === null ? eb('periodEnd', 'is', null) : eb('periodEnd', '=', row.periodEnd)))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) continue; // Someone else moved it first: read again.
    const updated = { ...row, ...change, providerRef: provider.ref };
    await afterTransition(services, row, updated, provider);
    return updated;
  }
  return findSubscription(db, id);
}

/**
 * Applies the provider's view to a subscription found by Platter's reference
 * (its order, `orderId`) rather than the provider's: the call that started it
 * had not returned when the provider spoke, or never did. In the first case
 * this is the usual transition, which records the provider's ref. In the
 * second, Platter had failed the order and the subscription as
 * payment_unavailable, a guess: the provider's own outcome replaces it, so a
 * payment that went through makes the member Gold after all, and one that did
 * not is told in the provider's words.
 */
export async function applyReferencedSubscription(
  services: Services,
  id: string,
  orderId: string,
  provider: ProviderSubscription,
): Promise<SubscriptionRow | undefined> {
  const applied = await applySubscription(services, id, provider);
  if (!(await reopenUnanswered(services, id, orderId))) return applied;
  return applySubscription(services, id, provider);
}

/**
 * Makes a first payment that Platter failed for want of an answer pending
 * again, for the provider's outcome to settle; false when it is not one (any
 * more), or when the member has another current subscription by now.
 */
async function reopenUnanswered(services: Services, id: string, orderId: string): Promise<boolean> {
  const { db, now } = services;
  try {
    return await db.transaction().execute(async (trx) => {
      const reopened = await trx
        .updateTable('subscriptions')
        .set({ state: 'pending', updatedAt: now() })
        .where('id', '=', id)
        .where('state', '=', 'failed')
        .where('providerRef', 'is', null)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('orders')
              .select('orders.id')
              .where('orders.id', '=', orderId)
              .where('orders.subscriptionId', '=', id)
              .where('orders.state', '=', 'failed')
              .where('orders.errorCode', '=', 'payment_unavailable'),
          ),
        )
        .executeTakeFirst();
      if (Number(reopened.numUpdatedRows) === 0) return false;
      await trx
        .updateTable('orders')
        .set({ state: 'pending', error: null, errorCode: null, updatedAt: now() })
        .where('id', '=', orderId)
        .execute();
      return true;
    });
  } catch (error) {
    // The partial unique index: a new attempt is the member's current subscription now; this one stays failed.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/**
 * Moves a subscription from `from` to `to` (the renewal job's own
 * transitions); false when it was no longer in `from`.
 */
export async function transitionSubscription(
  services: Services,
  row: SubscriptionRow,
  to: string,
  provider?: ProviderSubscription,
): Promise<boolean> {
  const result = await services.db
    .updateTable('subscriptions')
    .set({ state: to, claimedUntil: null, updatedAt: services.now() })
    .where('id', '=', row.id)
    .where('state', '=', row.state)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await afterTransition(services, row, { ...row, state: to }, provider);
  return true;
}

async function afterTransition(
  services: Services,
  before: SubscriptionRow,
  after: SubscriptionRow,
  provider: ProviderSubscription | undefined,
): Promise<void> {
  const { db, now } = services;
  if (before.state === 'pending' && after.state !== 'pending') {
    // The first payment settled: so did the order that asked for it.
    const succeeded = isGold(after.state);
    const failure = declined(provider?.failureMessage);
    await db
      .updateTable('orders')
      .set({
        state: succeeded ? 'succeeded' : 'failed',
        error: succeeded ? null : failure.message,
        errorCode: succeeded ? null : failure.code,
        providerRef: after.providerRef,
        updatedAt: now(),
      })
      .where('subscriptionId', '=', after.id)
      .where('state', '=', 'pending')
      .execute();
  }
  if (isGold(before.state) !== isGold(after.state)) await syncSubscriptionLevel(db, after.userId);
  if (isGold(before.state) && after.state === 'failed') await sendRenewalFailed(services, after);
}

/**
 * Settles a sticker order from its charge: a success grants the stickers
 * (once: they are keyed by member and sticker), whatever was said before,
 * since the money was taken; a failure fails an order still pending, or
 * replaces Platter's guess on one it failed for want of an answer
 * (payment_unavailable) with the provider's words.
 */
export async function applyCharge(services: Services, orderId: string, charge: Charge): Promise<OrderRow | undefined> {
  const { db, now } = services;
  const order = await findOrder(db, orderId);
  if (!order || order.kind !== 'sticker') return order;
  if (charge.status === 'succeeded') {
    if (order.state !== 'succeeded') await grantStickers(services, order, charge.ref);
  } else if (charge.status === 'failed') {
    const failure = declined(charge.failureMessage);
    await db
      .updateTable('orders')
      .set({
        state: 'failed',
        error: failure.message,
        errorCode: failure.code,
        providerRef: charge.ref,
        updatedAt: now(),
      })
      .where('id', '=', order.id)
      .where((eb) =>
        eb.or([
          eb('state', '=', 'pending'),
          eb.and([eb('state', '=', 'failed'), eb('errorCode', '=', 'payment_unavailable')]),
        ]),
      )
      .execute();
  } else {
    await db
      .updateTable('orders')
      .set({ providerRef: charge.ref, updatedAt: now() })
      .where('id', '=', order.id)
      .execute();
  }
  return findOrder(db, orderId);
}

async function grantStickers(services: Services, order: OrderRow, chargeRef: string): Promise<void> {
  const at = services.now();
  const stickerIds = JSON.parse(order.items) as string[];
  await services.db.transaction().execute(async (trx) => {
    if (stickerIds.length > 0)
      await trx
        .insertInto('stickerPurchases')
        .values(stickerIds.map((stickerId) => ({ userId: order.userId, stickerId, orderId: order.id, createdAt: at })))
        .onConflict((oc) => oc.columns(['userId', 'stickerId']).doNothing())
        .execute();
    await trx
      .updateTable('orders')
      .set({ state: 'succeeded', error: null, errorCode: null, providerRef: chargeRef, updatedAt: at })
      .where('id', '=', order.id)
      .execute();
  });
}
