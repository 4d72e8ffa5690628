/** Cancelling and reactivating Gold (spec §2 Cancel-gold / Reactivate-gold, §4 Subscription, §6 Gold). */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderMessages } from '@platter/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { aMember } from './support/factories';
import { failureOf } from './support/envelopes';
import { levelOf, subscribe, withCard } from './support/gold';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ renewalIntervalMs: 0 });
});
afterAll(() => t.close());

describe('cancel and reactivate', () => {
  test('cancel keeps Gold until the period end (pendcancel); reactivate makes it active again', async () => {
    const member = await aMember(t);
    await withCard(t, member);
    const subid = await subscribe(t, member);
    const periodEnd = (await t.ok('order.subscription_info', {}, member)).subscription?.period_end;

    const canceled = await t.ok('order.cancel_subscription', { subid }, member);
    expect(canceled.subscription).toMatchObject({ id: subid, state: 'pendcancel', level: 1, period_end: periodEnd });
    expect(await levelOf(t, member)).toBe(1);
    expect((await t.ok('order.subscription_info', {}, member)).subscription?.state).toBe('pendcancel');
    // Asking again changes nothing.
    expect(await t.ok('order.cancel_subscription', { subid }, member)).toEqual(canceled);

    const reactivated = await t.ok('order.reactivate_subscription', { subid }, member);
    expect(reactivated.subscription).toMatchObject({ id: subid, state: 'active', level: 1, period_end: periodEnd });
    expect(await t.ok('order.reactivate_subscription', { subid }, member)).toEqual(reactivated);
    expect(await levelOf(t, member)).toBe(1);
  });

  test('only Gold members may cancel or reactivate', async () => {
    const gold = await aMember(t);
    await withCard(t, gold);
    const subid = await subscribe(t, gold);
    const plain = await aMember(t);
    const notGold = { err: orderMessages.notGold, errcode: 'forbidden' };
    expect(failureOf(await t.call('order.cancel_subscription', { subid }, plain))).toEqual(notGold);
    expect(failureOf(await t.call('order.reactivate_subscription', { subid }, plain))).toEqual(notGold);
    expect((await t.ok('order.subscription_info', {}, gold)).subscription?.state).toBe('active');
  });

  test('a Gold member cannot touch another member’s subscription', async () => {
    const one = await aMember(t);
    const two = await aMember(t);
    await withCard(t, one);
    await withCard(t, two);
    const subid = await subscribe(t, one);
    await subscribe(t, two);
    const notYours = { err: orderMessages.notYours, errcode: 'not_found' };
    expect(failureOf(await t.call('order.cancel_subscription', { subid }, two))).toEqual(notYours);
    expect(failureOf(await t.call('order.cancel_subscription', { subid: 'nope' }, two))).toEqual(notYours);
    expect((await t.ok('order.subscription_info', {}, one)).subscription?.state).toBe('active');
  });
});
