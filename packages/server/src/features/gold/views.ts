/** Gold's rows as the contract's §3 shapes: Card (never a number), Subscription with its product. */
import { cardBrands, type Card, type CardBrand, type Subscription, type SubscriptionState } from '@platter/contract';
import { subscriptionStates } from '@platter/contract';
import { GOLD_PLANS, goldPlan } from './products';
import type { CardRow, SubscriptionRow } from './store';

export function cardView(row: CardRow): Card {
  return {
    last_four: row.lastFour,
    exp_month: row.expMonth,
    exp_year: row.expYear,
    address_zip: row.addressZip,
    type: cardBrands.includes(row.brand as CardBrand) ? (row.brand as CardBrand) : 'unknown',
  };
}

export function subscriptionStateOf(row: Pick<SubscriptionRow, 'state'>): SubscriptionState {
  return subscriptionStates.find((state) => state === row.state) ?? 'failed';
}

export function subscriptionView(row: SubscriptionRow): Subscription {
  // Every row names its plan; a row from before plans were recorded is read as the first plan.
  const plan = goldPlan(row.productId) ?? GOLD_PLANS[0]!;
  return {
    id: row.id,
    level: row.level,
    state: subscriptionStateOf(row),
    period_end: row.periodEnd,
    product: {
      id: plan.id,
      kind: plan.kind,
      name: plan.name,
      price: plan.price,
      quantity: plan.quantity,
      level: plan.level,
      interval: plan.interval,
    },
  };
}
