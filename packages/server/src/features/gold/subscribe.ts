/**
 * Turning Gold (order.subscribe; docs/gold.md). The member's idempotency key
 * makes one order: a retry returns it, and asks the provider again only when
 * the provider could not be reached before, with the order's id as the
 * provider's own idempotency key, so whatever it did charge is not charged twice.
 */
import { orderMessages, type ParsedInput } from '@platter/contract';
import { errors, isUniqueViolation } from '../../api/errors';
import { newId } from '../../lib/ids';
import { confirmPassword, customerRefOf, idempotencyKeyOf, orderItems, type MemberContext } from './member-check';
import {
  assertRetryable,
  failureError,
  paymentFailureOf,
  PROVIDER_UNREACHABLE,
  type PaymentFailure,
} from './payment-failures';
import { goldPlan, type GoldPlan } from './products';
import { applySubscription } from './settle';
import {
  currentSubscription,
  findOrder,
  findOrderByKey,
  findSubscription,
  GOLD_STATES,
  type OrderRow,
  type SubscriptionRow,
} from './store';

const isGold = (state: string) => (GOLD_STATES as readonly string[]).includes(state);

export async function subscribe(
  context: MemberContext,
  input: ParsedInput<'order.subscribe'>,
): Promise<{ subid: string }> {
  const { db, caller } = context;
  await confirmPassword(context, input.password);
  const items = orderItems(input.order);
  const plan = items.length === 1 ? goldPlan(items[0]) : undefined;
  if (!plan) throw errors.invalid(orderMessages.badOrder);
  const key = idempotencyKeyOf(caller, input.idempotency_key);

  const existing = await findOrderByKey(db, key);
  if (existing) return resume(context, existing, plan);
  const current = await currentSubscription(db, caller.userid);
  if (current) return alreadySubscribed(current);
  const customerRef = await customerRefOf(context);

  let order: OrderRow;
  let subscription: SubscriptionRow;
  try {
    ({ order, subscription } = await insertOrder(context, plan, key));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // A double submit: the other request made the order (same key) or the member's one current subscription.
    const raced = await findOrderByKey(db, key);
    if (raced) return resume(context, raced, plan);
    const made = await currentSubscription(db, caller.userid);
    if (made) return alreadySubscribed(made);
    throw error;
  }
  return startSubscription(context, order, subscription, plan, customerRef);
}

/** A member with a subscription under way is sent to it; a Gold one is told so. */
function alreadySubscribed(current: SubscriptionRow): { subid: string } {
  if (isGold(current.state)) throw errors.conflict(orderMessages.alreadyGold);
  return { subid: current.id };
}

async function insertOrder(
  context: MemberContext,
  plan: GoldPlan,
  idempotencyKey: string,
): Promise<{ order: OrderRow; subscription: SubscriptionRow }> {
  const at = context.now();
  const subscription: SubscriptionRow = {
    id: newId(),
    userId: context.caller.userid,
    level: plan.level,
    state: 'pending',
    periodEnd: null,
    providerRef: null,
    productId: plan.id,
    claimedUntil: null,
    createdAt: at,
    updatedAt: at,
  };
  const order: OrderRow = {
    id: newId(),
    userId: context.caller.userid,
    kind: 'subscription',
    state: 'pending',
    level: plan.level,
    subscriptionId: subscription.id,
    amount: plan.price,
    items: JSON.stringify([plan.id]),
    idempotencyKey,
    error: null,
    errorCode: null,
    providerRef: null,
    createdAt: at,
    updatedAt: at,
  };
  await context.db.transaction().execute(async (trx) => {
    await trx.insertInto('orders').values(order).execute();
    await trx.insertInto('subscriptions').values(subscription).execute();
  });
  return { order, subscription };
}

/** The same key again: the same order, and a second try at the provider only if it could not be reached. */
async function resume(context: MemberContext, order: OrderRow, plan: GoldPlan): Promise<{ subid: string }> {
  const subscription = order.subscriptionId ? await findSubscription(context.db, order.subscriptionId) : undefined;
  if (order.kind !== 'subscription' || !subscription) throw errors.invalid(orderMessages.badOrder);
  if (order.state !== 'failed') return { subid: subscription.id };
  assertRetryable(order);
  const current = await currentSubscription(context.db, context.caller.userid);
  if (current && current.id !== subscription.id) return alreadySubscribed(current);
  const customerRef = await customerRefOf(context);

  // Only one retry at a time reopens it; a concurrent one just polls.
  let reopened: number;
  try {
    reopened = await context.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('subscriptions')
        .set({ state: 'pending', updatedAt: context.now() })
        .where('id', '=', subscription.id)
        .where('state', '=', 'failed')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return 0;
      await trx
        .updateTable('orders')
        .set({ state: 'pending', error: null, errorCode: null, updatedAt: context.now() })
        .where('id', '=', order.id)
        .execute();
      return 1;
    });
  } catch (error) {
    // Another subscription became current meanwhile (the partial unique index).
    if (isUniqueViolation(error)) throw errors.conflict(orderMessages.alreadyGold);
    throw error;
  }
  if (!reopened) return { subid: subscription.id };
  return startSubscription(context, order, { ...subscription, state: 'pending' }, plan, customerRef);
}

async function startSubscription(
  context: MemberContext,
  order: OrderRow,
  subscription: SubscriptionRow,
  plan: GoldPlan,
  customerRef: string,
): Promise<{ subid: string }> {
  let answer;
  try {
    answer = await context.payments.subscribe({
      customerRef,
      planId: plan.id,
      amount: plan.price,
      interval: plan.interval,
      reference: order.id,
      idempotencyKey: order.id,
    });
  } catch (error) {
    const failure = paymentFailureOf(error);
    const settled = await failFirstPayment(context, order, subscription, failure ?? PROVIDER_UNREACHABLE);
    if (settled && isGold(settled.state)) return { subid: subscription.id }; // A webhook got there first.
    throw failure ? failureError(failure) : error;
  }
  const row = await applySubscription(context, subscription.id, answer);
  if (answer.status === 'pending')
    await context.db.updateTable('orders').set({ providerRef: answer.ref }).where('id', '=', order.id).execute();
  if (row && (row.state === 'failed' || row.state === 'canceled')) {
    const failed = await findOrder(context.db, order.id);
    throw failureError({ message: failed?.error ?? orderMessages.badOrder, code: 'payment_declined' });
  }
  return { subid: subscription.id };
}

/** The provider said no, or nothing: the order and its subscription fail, unless something settled them meanwhile. */
async function failFirstPayment(
  context: MemberContext,
  order: OrderRow,
  subscription: SubscriptionRow,
  failure: PaymentFailure,
): Promise<SubscriptionRow | undefined> {
  const at = context.now();
  await context.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('orders')
      .set({ state: 'failed', error: failure.message, errorCode: failure.code, updatedAt: at })
      .where('id', '=', order.id)
      .where('state', '=', 'pending')
      .execute();
    await trx
      .updateTable('subscriptions')
      .set({ state: 'failed', updatedAt: at })
      .where('id', '=', subscription.id)
      .where('state', '=', 'pending')
      .execute();
  });
  return findSubscription(context.db, subscription.id);
}
