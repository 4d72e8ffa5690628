/**
 * Buying paid stickers (order.buy; docs/gold.md): one charge for the stickers
 * not owned yet, at the member's price (Gold members pay less). The same
 * idempotency rules as subscribing: one order per key, and a second try at
 * the provider, with the same key, only after it could not be reached.
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
import { stickerPriceFor } from './products';
import { applyCharge } from './settle';
import { findOrder, findOrderByKey, subscriptionLevelOf, type OrderRow } from './store';

export async function buy(context: MemberContext, input: ParsedInput<'order.buy'>): Promise<{ orderid: string }> {
  const { db, caller } = context;
  await confirmPassword(context, input.password);
  const ids = [...new Set(orderItems(input.order))];
  if (ids.length === 0) throw errors.invalid(orderMessages.badOrder);
  const key = idempotencyKeyOf(caller, input.idempotency_key);

  const existing = await findOrderByKey(db, key);
  if (existing) return resume(context, existing);

  const stickers = await db.selectFrom('stickers').select(['id', 'price', 'state']).where('id', 'in', ids).execute();
  if (stickers.length !== ids.length || stickers.some((s) => s.state !== 'active'))
    throw errors.invalid(orderMessages.badOrder);
  if (stickers.some((s) => s.price <= 0)) throw errors.invalid(orderMessages.needsPrice);
  const owned = new Set(
    (
      await db
        .selectFrom('stickerPurchases')
        .select('stickerId')
        .where('userId', '=', caller.userid)
        .where('stickerId', 'in', ids)
        .execute()
    ).map((row) => row.stickerId),
  );
  const buying = stickers.filter((s) => !owned.has(s.id));
  if (buying.length === 0) throw errors.conflict(orderMessages.alreadyOwned);
  const customerRef = await customerRefOf(context);

  const level = await subscriptionLevelOf(db, caller.userid);
  const at = context.now();
  const order: OrderRow = {
    id: newId(),
    userId: caller.userid,
    kind: 'sticker',
    state: 'pending',
    level: null,
    subscriptionId: null,
    amount: buying.reduce((sum, s) => sum + stickerPriceFor(s.price, level), 0),
    items: JSON.stringify(buying.map((s) => s.id)),
    idempotencyKey: key,
    error: null,
    errorCode: null,
    providerRef: null,
    createdAt: at,
    updatedAt: at,
  };
  try {
    await db.insertInto('orders').values(order).execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const raced = await findOrderByKey(db, key);
    if (raced) return resume(context, raced);
    throw error;
  }
  return charge(context, order, customerRef);
}

async function resume(context: MemberContext, order: OrderRow): Promise<{ orderid: string }> {
  if (order.kind !== 'sticker') throw errors.invalid(orderMessages.badOrder);
  if (order.state !== 'failed') return { orderid: order.id };
  assertRetryable(order);
  const customerRef = await customerRefOf(context);
  // Only one retry at a time reopens it; a concurrent one just polls.
  const reopened = await context.db
    .updateTable('orders')
    .set({ state: 'pending', error: null, errorCode: null, updatedAt: context.now() })
    .where('id', '=', order.id)
    .where('state', '=', 'failed')
    .executeTakeFirst();
  if (Number(reopened.numUpdatedRows) === 0) return { orderid: order.id };
  return charge(context, order, customerRef);
}

async function charge(context: MemberContext, order: OrderRow, customerRef: string): Promise<{ orderid: string }> {
  let answer;
  try {
    answer = await context.payments.charge({
      customerRef,
      amount: order.amount,
      description: `${context.config.productName} stickers, order ${order.id}`,
      reference: order.id,
      idempotencyKey: order.id,
    });
  } catch (error) {
    const failure = paymentFailureOf(error);
    await failOrder(context, order, failure ?? PROVIDER_UNREACHABLE);
    // The provider's webhook, which finds the order by its id, got there first: the money was taken.
    if ((await findOrder(context.db, order.id))?.state === 'succeeded') return { orderid: order.id };
    throw failure ? failureError(failure) : error;
  }
  const settled = await applyCharge(context, order.id, answer);
  if (settled?.state === 'failed') {
    throw failureError({ message: settled.error ?? orderMessages.badOrder, code: 'payment_declined' });
  }
  return { orderid: order.id };
}

async function failOrder(context: MemberContext, order: OrderRow, failure: PaymentFailure): Promise<void> {
  await context.db
    .updateTable('orders')
    .set({ state: 'failed', error: failure.message, errorCode: failure.code, updatedAt: context.now() })
    .where('id', '=', order.id)
    .where('state', '=', 'pending')
    .execute();
}
