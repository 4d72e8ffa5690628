/** Buying paid stickers (spec §4 Sticker editor purchase, §5 product price, §7 order.buy / order.state). */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderMessages, stickerMessages, type Sticker } from '@platter/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { aMember, type Member } from './support/factories';
import { failureOf } from './support/envelopes';
import { newKey, settled, subscribe, TEST_CARDS, withCard } from './support/gold';
import { sandboxDb } from '../src/adapters/payments/sandbox/sandbox-schema';

let t: TestApp;
let free: Sticker[];
let paid: Sticker[];
beforeAll(async () => {
  t = await startTestApp({ renewalIntervalMs: 0 });
  const { stickers } = await t.ok('sticker.get', {});
  free = stickers.filter((s) => s.price === 0);
  paid = stickers.filter((s) => s.price > 0);
});
afterAll(() => t.close());

const nth = (list: Sticker[], n: number) => list[n]?._id ?? '';
const buy = (member: Member, order: unknown, key = newKey()) =>
  t.call('order.buy', { password: member.password, order, idempotency_key: key }, member);

async function orderOf(orderid: string) {
  return t.app.services.db.selectFrom('orders').selectAll().where('id', '=', orderid).executeTakeFirstOrThrow();
}

async function chargedAmounts(orderid: string): Promise<number[]> {
  const order = await orderOf(orderid);
  const rows = await sandboxDb(t.app.services.db)
    .selectFrom('sandboxCharges')
    .select('amount')
    .where('id', '=', order.providerRef ?? '')
    .execute();
  return rows.map((r) => r.amount);
}

describe('buying stickers', () => {
  test('paid stickers, at their price, become the member’s and can be placed', async () => {
    const member = await aMember(t);
    await withCard(t, member);
    const [a, b] = [paid[0]!, paid[paid.length - 1]!];
    const placement = { sticker_id: a._id, top: 1, left: 2, angle: 3 };
    expect(failureOf(await t.call('sticker.place', { placements: [placement] }, member)).err).toBe(
      stickerMessages.unpurchased,
    );

    const envelope = await buy(member, [a._id, b._id]);
    if (!envelope[0]) throw new Error(envelope[1].err);
    const { orderid } = envelope[1];
    expect(await t.ok('order.state', { orderid }, member)).toEqual({ state: 'succeeded', level: 0, orderid });
    expect((await orderOf(orderid)).amount).toBe(a.price + b.price);
    expect(await chargedAmounts(orderid)).toEqual([a.price + b.price]);

    const owned = (await t.ok('sticker.get_purchased_stickers', {}, member)).stickers.map((s) => s._id);
    expect(owned.sort()).toEqual([a._id, b._id].sort());
    await t.ok('sticker.place', { placements: [placement] }, member);
  });

  test('Gold members pay 20% less, rounded to the cent', async () => {
    const member = await aMember(t);
    await withCard(t, member);
    await subscribe(t, member);
    const products = (await t.ok('order.products', {}, member)).products.filter((p) => p.kind === 'sticker');
    for (const sticker of paid) {
      expect(products.find((p) => p.id === sticker._id)?.price).toBe(Math.round(sticker.price * 0.8));
    }
    const [a, b] = [paid[0]!, paid[paid.length - 1]!];
    const envelope = await buy(member, `${a._id},${b._id}`);
    if (!envelope[0]) throw new Error(envelope[1].err);
    const expected = Math.round(a.price * 0.8) + Math.round(b.price * 0.8);
    expect((await orderOf(envelope[1].orderid)).amount).toBe(expected);
    expect(await chargedAmounts(envelope[1].orderid)).toEqual([expected]);
  });

  test('stickers already owned are skipped; an order of only owned ones is refused', async () => {
    const member = await aMember(t);
    await withCard(t, member);
    const first = await buy(member, [nth(paid, 0)]);
    expect(first[0]).toBe(true);
    const second = await buy(member, [nth(paid, 0), nth(paid, 1)]);
    if (!second[0]) throw new Error(second[1].err);
    const order = await orderOf(second[1].orderid);
    expect(JSON.parse(order.items)).toEqual([nth(paid, 1)]);
    expect(order.amount).toBe(paid[1]!.price);
    expect(failureOf(await buy(member, [nth(paid, 1), nth(paid, 0)]))).toEqual({
      err: orderMessages.alreadyOwned,
      errcode: 'conflict',
    });
  });

  test('a free sticker needs a price; an unknown one or none is a bad order', async () => {
    const member = await aMember(t);
    await withCard(t, member);
    expect(failureOf(await buy(member, [nth(free, 0)]))).toEqual({
      err: 'A product needs a price',
      errcode: 'invalid',
    });
    expect(failureOf(await buy(member, [nth(paid, 0), nth(free, 1)])).err).toBe(orderMessages.needsPrice);
    const bad = { err: orderMessages.badOrder, errcode: 'invalid' };
    expect(failureOf(await buy(member, ['no-such-sticker']))).toEqual(bad);
    expect(failureOf(await buy(member, [nth(paid, 0), 'no-such-sticker']))).toEqual(bad);
    expect(failureOf(await buy(member, []))).toEqual(bad);
    expect(failureOf(await buy(member, ['gold-monthly']))).toEqual(bad);
    expect(
      await t.app.services.db.selectFrom('orders').selectAll().where('userId', '=', member.userid).execute(),
    ).toEqual([]);
  });

  test('a declined card: the provider’s words, and nothing bought', async () => {
    const member = await aMember(t);
    await withCard(t, member, TEST_CARDS.declined);
    expect(failureOf(await buy(member, [nth(paid, 0)]))).toEqual({
      err: 'Your card was declined.',
      errcode: 'payment_declined',
    });
    expect((await t.ok('sticker.get_purchased_stickers', {}, member)).stickers).toEqual([]);
  });

  test('a charge that settles later: granted once the webhook comes', async () => {
    const member = await aMember(t);
    await withCard(t, member, TEST_CARDS.delayedSuccess);
    const envelope = await buy(member, [nth(paid, 2)]);
    if (!envelope[0]) throw new Error(envelope[1].err);
    const { orderid } = envelope[1];
    expect((await t.ok('order.state', { orderid }, member)).state).toBe('pending');
    expect(await settled(() => t.ok('order.state', { orderid }, member))).toMatchObject({ state: 'succeeded' });
    expect((await t.ok('sticker.get_purchased_stickers', {}, member)).stickers.map((s) => s._id)).toEqual([
      nth(paid, 2),
    ]);
  });

  test('the wrong password buys nothing', async () => {
    const member = await aMember(t);
    await withCard(t, member);
    const envelope = await t.call(
      'order.buy',
      { password: 'wrong password', order: [nth(paid, 0)], idempotency_key: newKey() },
      member,
    );
    expect(failureOf(envelope)).toEqual({ err: orderMessages.wrongPassword, errcode: 'invalid' });
  });
});
