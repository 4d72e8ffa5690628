import { expect, test } from 'vitest';
import type { Product } from '@platter/contract';
import { goldDate, goldPlans, planPrice, yearlySaving } from './gold-terms';

const aPlan = (changes: Partial<Product> = {}): Product => ({
  id: 'gold-monthly',
  kind: 'subscription',
  name: 'Platter Gold, monthly',
  price: 499,
  quantity: 1,
  level: 1,
  interval: 'month',
  ...changes,
});

test('plans show their price in dollars with two decimals, per period', () => {
  expect(planPrice(aPlan())).toBe('$4.99 a month');
  expect(planPrice(aPlan({ price: 4999, interval: 'year' }))).toBe('$49.99 a year');
});

test('only subscriptions are plans, monthly first; the yearly one says what it saves', () => {
  const yearly = aPlan({ id: 'gold-yearly', price: 4999, interval: 'year' });
  const sticker: Product = { id: 's1', kind: 'sticker', name: 'Loud', price: 99, quantity: 1 };
  const plans = goldPlans([yearly, sticker, aPlan()]);
  expect(plans.map((plan) => plan.id)).toEqual(['gold-monthly', 'gold-yearly']);
  expect(yearlySaving(plans)).toBe(16);
  expect(yearlySaving([aPlan()])).toBe(0);
});

test('dates read as words', () => {
  expect(goldDate(new Date(2026, 5, 15, 12).getTime())).toBe('June 15, 2026');
});
