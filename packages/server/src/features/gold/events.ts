/**
 * Applying the provider's webhook events (docs/gold.md). Each event id is
 * recorded before it is applied, so an event delivered twice is applied once.
 * Events are matched by the provider's reference that Platter stored when
 * its own call returned (the charge's on the sticker order, the
 * subscription's on the subscription) or, before that call returned or when
 * it never did, by Platter's own reference the provider keeps and tells back:
 * the order id. A subscription event is applied as the provider has that
 * subscription now (read back), since events may arrive late or out of order;
 * the event's own copy serves when it cannot be read.
 */
import type { Services } from '../../api/context';
import { isUniqueViolation } from '../../api/errors';
import { PaymentError, type PaymentEvent, type ProviderSubscription } from '../../adapters/payments/provider';
import { applyCharge, applyReferencedSubscription, applySubscription } from './settle';
import { findOrderOfCharge, findSubscriptionByProviderRef, findSubscriptionByReference } from './store';

export type EventOutcome = 'applied' | 'duplicate' | 'unmatched';

export async function applyPaymentEvent(services: Services, event: PaymentEvent): Promise<EventOutcome> {
  const { db } = services;
  try {
    await db
      .insertInto('paymentEvents')
      .values({ id: event.id, type: event.type, receivedAt: services.now() })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
  let matched: boolean;
  try {
    matched = await apply(services, event);
  } catch (error) {
    // Forgotten, so that the provider's next delivery of it is applied.
    await forget(services, event.id);
    throw error;
  }
  // Not ours, or not yet known (its call has not returned): a later delivery may still be applied.
  if (!matched) await forget(services, event.id);
  return matched ? 'applied' : 'unmatched';
}

async function apply(services: Services, event: PaymentEvent): Promise<boolean> {
  const { db } = services;
  if ('charge' in event) {
    const order = await findOrderOfCharge(db, event.charge);
    if (!order) return false;
    await applyCharge(services, order.id, event.charge);
    return true;
  }
  const told = event.subscription;
  const known = told.ref ? await findSubscriptionByProviderRef(db, told.ref) : undefined;
  if (known) {
    await applySubscription(services, known.id, await asNow(services, told));
    return true;
  }
  const referenced = told.reference ? await findSubscriptionByReference(db, told.reference) : undefined;
  if (!referenced) return false;
  await applyReferencedSubscription(
    services,
    referenced.subscription.id,
    referenced.order.id,
    await asNow(services, told),
  );
  return true;
}

async function asNow(services: Services, told: ProviderSubscription): Promise<ProviderSubscription> {
  try {
    return await services.payments.subscription(told.ref);
  } catch (error) {
    if (error instanceof PaymentError) return told;
    throw error;
  }
}

async function forget(services: Services, eventId: string): Promise<void> {
  await services.db.deleteFrom('paymentEvents').where('id', '=', eventId).execute();
}
