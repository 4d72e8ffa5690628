/**
 * "You won't be charged twice" (spec §8): the same attempt sent again, one
 * after the other or all at once, is one order and one charge; a provider
 * that does not answer in time charges nothing twice either.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderMessages } from '@platter/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { aMember, type Member } from './support/factories';
import { failureOf } from './support/envelopes';
import { eventually } from './support/eventually';
import { newKey, subscriptionSettled, TEST_CARDS, withCard } from './support/gold';
import { sandboxDb } from '../src/adapters/payments/sandbox/sandbox-schema';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ renewalIntervalMs: 0 });
});
afterAll(() => t.close());

const subscribeInput = (member: Member, key: string) => ({
  password: member.password,
  order: ['gold-monthly'],
  idempotency_key: key,
});

async function ordersOf(app: TestApp, member: Member) {
  return app.app.services.db.selectFrom('orders').selectAll().where('userId', '=', member.userid).execute();
}

/** Every charge the sandbox made on the member's card (its customer). */
async function chargesOf(app: TestApp, member: Member) {
  const { db } = app.app.services;
  const card = await db
    .selectFrom('cards')
    .select('providerRef')
    .where('userId', '=', member.userid)
    .executeTakeFirst();
  return sandboxDb(db)
    .selectFrom('sandboxCharges')
    .select(['id', 'status', 'amount'])
    .where('customerId', '=', card?.providerRef ?? '')
    .execute();
}

describe('double submit', () => {
  test('the same key twice, one after the other: one subscription, one charge', async () => {
    const member = await aMember(t);
    await withCard(t, member);
    const key = newKey();
    const first = await t.ok('order.subscribe', subscribeInput(member, key), member);
    const second = await t.ok('order.subscribe', subscribeInput(member, key), member);
    expect(second).toEqual(first);
    expect(await ordersOf(t, member)).toHaveLength(1);
    expect(await chargesOf(t, member)).toHaveLength(1);
  });

  test('the same key three times at once: one subscription, one charge', async () => {
    const member = await aMember(t);
    await withCard(t, member);
    const key = newKey();
    const answers = await Promise.all(
      [1, 2, 3].map(() => t.call('order.subscribe', subscribeInput(member, key), member)),
    );
    const subids = answers.map((a) => (a[0] ? a[1].subid : a[1].err));
    expect(new Set(subids).size).toBe(1);
    expect(await subscriptionSettled(t, member, subids[0] ?? '')).toMatchObject({ state: 'active', level: 1 });
    expect(await ordersOf(t, member)).toHaveLength(1);
    expect(await chargesOf(t, member)).toHaveLength(1);
  });

  test('two attempts at once (new keys): still one subscription', async () => {
    const member = await aMember(t);
    await withCard(t, member);
    const answers = await Promise.all(
      [1, 2].map(() => t.call('order.subscribe', subscribeInput(member, newKey()), member)),
    );
    for (const answer of answers) {
      if (!answer[0]) expect(answer[1]).toEqual({ err: orderMessages.alreadyGold, errcode: 'conflict' });
    }
    const subscriptions = await t.app.services.db
      .selectFrom('subscriptions')
      .select('state')
      .where('userId', '=', member.userid)
      .execute();
    expect(subscriptions.filter((s) => s.state === 'active')).toHaveLength(1);
    expect((await chargesOf(t, member)).filter((c) => c.status === 'succeeded')).toHaveLength(1);
  });

  test('buying stickers: the same key again, and at once, is one order and one charge', async () => {
    const member = await aMember(t);
    await withCard(t, member);
    const sticker = (await t.ok('sticker.get', {})).stickers.find((s) => s.price > 0)?._id ?? '';
    const input = { password: member.password, order: [sticker], idempotency_key: newKey() };
    const answers = await Promise.all([1, 2, 3].map(() => t.call('order.buy', input, member)));
    const again = await t.ok('order.buy', input, member);
    for (const answer of answers) expect(answer).toEqual([true, again]);
    expect(await ordersOf(t, member)).toHaveLength(1);
    expect(await chargesOf(t, member)).toHaveLength(1);
  });

  test('a key is the member’s own: another member’s same key is another order', async () => {
    const [one, two] = [await aMember(t), await aMember(t)];
    await withCard(t, one);
    await withCard(t, two);
    const key = newKey();
    const a = await t.ok('order.subscribe', subscribeInput(one, key), one);
    const b = await t.ok('order.subscribe', subscribeInput(two, key), two);
    expect(a.subid).not.toBe(b.subid);
  });
});

describe('a provider that does not answer in time', () => {
  let slow: TestApp;
  beforeAll(async () => {
    slow = await startTestApp({
      renewalIntervalMs: 0,
      payments: { provider: 'sandbox', sandboxUrl: null, timeoutMs: 300 },
    });
  });
  afterAll(() => slow.close());

  test('subscribing: unavailable, not Gold, and a retry never charges twice', async () => {
    const member = await aMember(slow);
    await withCard(slow, member, TEST_CARDS.hang);
    const input = subscribeInput(member, newKey());
    expect(failureOf(await slow.call('order.subscribe', input, member))).toEqual({
      err: orderMessages.providerTimeout,
      errcode: 'payment_unavailable',
    });
    expect((await slow.ok('user.info', {}, member)).subscription_level).toBe(0);
    const [order] = await ordersOf(slow, member);
    expect(order).toMatchObject({ state: 'failed' });

    // The same attempt again: whatever the provider did the first time stands. The sandbox's hang
    // card did record its payment as failed; Platter has heard so by webhook (found by the order id)
    // or hears it now, asking again with the same key.
    expect(failureOf(await slow.call('order.subscribe', input, member))).toEqual({
      err: 'A processing error occurred.',
      errcode: 'payment_declined',
    });
    expect(await ordersOf(slow, member)).toHaveLength(1);
    expect((await chargesOf(slow, member)).filter((c) => c.status === 'succeeded')).toHaveLength(0);
    expect((await slow.ok('user.info', {}, member)).subscription_level).toBe(0);
  });

  test('a webhook about a subscription whose call timed out finds its order by Platter’s reference', async () => {
    const member = await aMember(slow);
    await withCard(slow, member, TEST_CARDS.hang);
    const { db } = slow.app.services;
    expect(failureOf(await slow.call('order.subscribe', subscribeInput(member, newKey()), member))).toEqual({
      err: orderMessages.providerTimeout,
      errcode: 'payment_unavailable',
    });
    // Platter never got the provider's answer, so it never learned the subscription's ref. The sandbox
    // recorded the payment as failed and says so in a webhook, with the order id as its reference.
    const [order] = await ordersOf(slow, member);
    const subid = order?.subscriptionId ?? '';
    const atProvider = await sandboxDb(db)
      .selectFrom('sandboxSubscriptions')
      .select(['id', 'status', 'reference'])
      .where('reference', '=', order?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(atProvider.status).toBe('failed');
    const told = await eventually(
      () => slow.ok('order.subscription_state', { subid }, member),
      (state) => state.error !== orderMessages.providerTimeout,
    );
    expect(told).toEqual({ state: 'failed', level: 0, subid, error: 'A processing error occurred.' });
    expect(await ordersOf(slow, member)).toEqual([
      expect.objectContaining({
        state: 'failed',
        error: 'A processing error occurred.',
        errorCode: 'payment_declined',
      }),
    ]);
    const row = await db.selectFrom('subscriptions').selectAll().where('id', '=', subid).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'failed', providerRef: atProvider.id });
    // Applied, so kept: a second delivery of it is recognised.
    expect(await db.selectFrom('paymentEvents').select('type').execute()).toContainEqual({
      type: 'subscription.updated',
    });
    expect((await slow.ok('user.info', {}, member)).subscription_level).toBe(0);
  });

  test('buying: unavailable, nothing bought', async () => {
    const member = await aMember(slow);
    await withCard(slow, member, TEST_CARDS.hang);
    const sticker = (await slow.ok('sticker.get', {})).stickers.find((s) => s.price > 0)?._id ?? '';
    const input = { password: member.password, order: [sticker], idempotency_key: newKey() };
    expect(failureOf(await slow.call('order.buy', input, member))).toEqual({
      err: orderMessages.providerTimeout,
      errcode: 'payment_unavailable',
    });
    expect((await slow.ok('sticker.get_purchased_stickers', {}, member)).stickers).toEqual([]);
    const [order] = await ordersOf(slow, member);
    // The charge's webhook, found by the order id, tells the provider's words.
    expect(
      await eventually(
        () => slow.ok('order.state', { orderid: order?.id ?? '' }, member),
        (state) => state.error !== orderMessages.providerTimeout,
      ),
    ).toEqual({ state: 'failed', level: 0, orderid: order?.id, error: 'A processing error occurred.' });
    expect(failureOf(await slow.call('order.buy', input, member)).err).toBe('A processing error occurred.');
    expect(await ordersOf(slow, member)).toHaveLength(1);
    expect((await chargesOf(slow, member)).filter((c) => c.status === 'succeeded')).toHaveLength(0);
  });
});
