/**
 * Cancelling and reactivating Gold (spec §2 Cancel-gold / Reactivate-gold,
 * §4 Subscription). Only Gold members may; cancelling stops renewal at the
 * period end (pendcancel: still Gold until then), reactivating undoes that.
 * Asking twice answers the same.
 */
import { orderMessages, type Subscription } from '@platter/contract';
import type { Services } from '../../api/context';
import type { Caller } from '../../api/context';
import { errors } from '../../api/errors';
import type { ProviderSubscription } from '../../adapters/payments/provider';
import { askProvider } from './payment-failures';
import { applySubscription } from './settle';
import { findSubscription, subscriptionLevelOf, type SubscriptionRow } from './store';
import { subscriptionView } from './views';

export const manageMessages = {
  /** Cancel or reactivate asked of a subscription that is no longer current. */
  ended: 'That subscription has already ended.',
} as const;

type Context = Services & { caller: Caller };

export function cancelGold(context: Context, subid: string): Promise<Subscription> {
  return change(context, subid, 'active', 'pendcancel', (ref) => context.payments.cancelAtPeriodEnd(ref));
}

export function reactivateGold(context: Context, subid: string): Promise<Subscription> {
  return change(context, subid, 'pendcancel', 'active', (ref) => context.payments.reactivate(ref));
}

async function change(
  context: Context,
  subid: string,
  from: string,
  to: string,
  ask: (ref: string) => Promise<ProviderSubscription>,
): Promise<Subscription> {
  const row = await goldMembersOwn(context, subid);
  if (row.state === to) return subscriptionView(row);
  if (row.state !== from || !row.providerRef) throw errors.conflict(manageMessages.ended);
  const ref = row.providerRef;
  const answer = await askProvider(() => ask(ref));
  const updated = await applySubscription(context, row.id, answer);
  return subscriptionView(updated ?? row);
}

/** The caller's subscription `subid`, once the caller is known to be Gold. */
async function goldMembersOwn({ db, caller }: Context, subid: string): Promise<SubscriptionRow> {
  if ((await subscriptionLevelOf(db, caller.userid)) <= 0) throw errors.forbidden(orderMessages.notGold);
  const row = await findSubscription(db, subid);
  if (!row || row.userId !== caller.userid) throw errors.notFound(orderMessages.notYours);
  return row;
}
