/** How Gold's facts read on screen: dates, plan prices, the plan a subscription is on. */
import { GOLD_STICKER_DISCOUNT_PERCENT, type Product, type Subscription } from '@platter/contract';
import { dollars } from '../../lib/money';
import { pageConfig } from '../../lib/page-config';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** "June 15, 2026". */
export function goldDate(ms: number): string {
  return dateFormat.format(new Date(ms));
}

/** "$4.99 a month". */
export function planPrice(plan: Pick<Product, 'price' | 'interval'>): string {
  return `${dollars(plan.price)} a ${plan.interval ?? 'month'}`;
}

/** What a yearly plan saves against twelve months of the monthly one, in whole percent (0 when it saves nothing). */
export function yearlySaving(plans: readonly Product[]): number {
  const monthly = plans.find((plan) => plan.interval === 'month');
  const yearly = plans.find((plan) => plan.interval === 'year');
  if (!monthly || !yearly || monthly.price <= 0) return 0;
  return Math.max(0, Math.floor(100 - (yearly.price * 100) / (monthly.price * 12)));
}

/** The subscription plans on sale, cheapest period first (monthly before yearly). */
export function goldPlans(products: readonly Product[]): Product[] {
  const order = { month: 0, year: 1 } as const;
  return products
    .filter((product) => product.kind === 'subscription')
    .sort((a, b) => order[a.interval ?? 'month'] - order[b.interval ?? 'month']);
}

/** When the subscription's period ends, in words, or null before the first payment. */
export function periodEnd(subscription: Pick<Subscription, 'period_end'>): string | null {
  return subscription.period_end === null ? null : goldDate(subscription.period_end);
}

export const productGold = () => `${pageConfig.productName} Gold`;

export const GOLD_PERKS = [
  {
    key: 'avatars',
    title: 'Gold avatars',
    text: 'Dress up in the avatars of the Gold tab, only for Gold members.',
  },
  {
    key: 'emblem',
    title: 'The Gold emblem',
    text: 'A ★ Gold emblem beside your name, on your profile and wherever you show up.',
  },
  {
    key: 'stickers',
    title: `${GOLD_STICKER_DISCOUNT_PERCENT}% off paid stickers`,
    text: 'Decorate your laptop for less: every paid sticker costs you a fifth less.',
  },
] as const;
