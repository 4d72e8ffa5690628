/** Gold's data: saved cards, orders, subscriptions, and the level a member's subscriptions give. */
import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { CardsTable, OrdersTable, SubscriptionsTable } from '../../db/schema';
import type { CardSummary } from '../../adapters/payments/provider';

export type OrderRow = Selectable<OrdersTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type CardRow = Selectable<CardsTable>;

/** States in which a subscription is the member's current one (at most one: a partial unique index). */
export const CURRENT_STATES = ['pending', 'active', 'pendcancel'] as const;
/** States in which a subscription makes its member Gold. */
export const GOLD_STATES = ['active', 'pendcancel'] as const;

export async function subscriptionLevelOf(db: Db, userId: string): Promise<number> {
  const row = await db.selectFrom('users').select('subscriptionLevel').where('id', '=', userId).executeTakeFirst();
  return row?.subscriptionLevel ?? 0;
}

/** Makes users.subscription_level what the member's subscriptions say: the highest level among the Gold ones. */
export async function syncSubscriptionLevel(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.max('level').as('level'))
    .where('userId', '=', userId)
    .where('state', 'in', GOLD_STATES)
    .executeTakeFirst();
  const level = Number(row?.level ?? 0);
  await db.updateTable('users').set({ subscriptionLevel: level }).where('id', '=', userId).execute();
  return level;
}

/** The member's card, when it is saved at the provider in use (a card at another provider cannot be charged). */
export function findCard(db: Db, userId: string, provider: string): Promise<CardRow | undefined> {
  return db
    .selectFrom('cards')
    .selectAll()
    .where('userId', '=', userId)
    .where('provider', '=', provider)
    .executeTakeFirst();
}

export async function saveCard(
  db: Db,
  userId: string,
  provider: string,
  customerRef: string,
  card: CardSummary,
  now: number,
): Promise<void> {
  const row = {
    lastFour: card.lastFour,
    expMonth: card.expMonth,
    expYear: card.expYear,
    addressZip: card.zip,
    brand: card.brand,
    providerRef: customerRef,
    provider,
    updatedAt: now,
  };
  await db
    .insertInto('cards')
    .values({ userId, ...row })
    .onConflict((oc) => oc.column('userId').doUpdateSet(row))
    .execute();
}

export function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOrderByKey(db: Db, idempotencyKey: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('idempotencyKey', '=', idempotencyKey).executeTakeFirst();
}

export function findOrderByProviderRef(db: Db, ref: string): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('providerRef', '=', ref)
    .where('kind', '=', 'sticker')
    .executeTakeFirst();
}

/**
 * The sticker order a charge is for: by the provider's ref Platter stored, or
 * else by Platter's own reference (the order id) while the order has no
 * provider ref yet, its call to the provider not (or never) returned.
 */
export async function findOrderOfCharge(
  db: Db,
  charge: { ref: string; reference: string | null },
): Promise<OrderRow | undefined> {
  const known = charge.ref ? await findOrderByProviderRef(db, charge.ref) : undefined;
  if (known || !charge.reference) return known;
  return db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', charge.reference)
    .where('kind', '=', 'sticker')
    .where('providerRef', 'is', null)
    .executeTakeFirst();
}

export async function updateOrder(db: Db, id: string, changes: Updateable<OrdersTable>): Promise<void> {
  await db.updateTable('orders').set(changes).where('id', '=', id).execute();
}

/** The newest order that bought (or renewed) a subscription: where its failure is told. */
export function latestOrderOf(db: Db, subscriptionId: string): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('subscriptionId', '=', subscriptionId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export function findSubscription(db: Db, id: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findSubscriptionByProviderRef(db: Db, ref: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('providerRef', '=', ref).executeTakeFirst();
}

/**
 * The subscription that the order named by Platter's reference started, with
 * that order, while Platter has no provider ref for it yet.
 */
export async function findSubscriptionByReference(
  db: Db,
  reference: string,
): Promise<{ subscription: SubscriptionRow; order: OrderRow } | undefined> {
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', reference)
    .where('kind', '=', 'subscription')
    .executeTakeFirst();
  if (!order?.subscriptionId) return undefined;
  const subscription = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', order.subscriptionId)
    .where('providerRef', 'is', null)
    .executeTakeFirst();
  return subscription && { subscription, order };
}

/** The member's current subscription (pending, active or pendcancel), if any. */
export function currentSubscription(db: Db, userId: string): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('userId', '=', userId)
    .where('state', 'in', CURRENT_STATES)
    .executeTakeFirst();
}

/** The current subscription, or else the one that ended last (so the account screen can say it ended). */
export async function shownSubscription(db: Db, userId: string): Promise<SubscriptionRow | undefined> {
  return (
    (await currentSubscription(db, userId)) ??
    db
      .selectFrom('subscriptions')
      .selectAll()
      .where('userId', '=', userId)
      .orderBy('updatedAt', 'desc')
      .orderBy('createdAt', 'desc')
      .executeTakeFirst()
  );
}
