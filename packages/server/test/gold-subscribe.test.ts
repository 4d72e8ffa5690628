/** Turning Gold over HTTP against the real sandbox provider (spec §4 Subscription, Order polling; §7 order.*; §8). */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderMessages } from '@platter/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest, aMember } from './support/factories';
import { failureOf } from './support/envelopes';
import { cardToken, levelOf, newKey, subscribe, subscriptionSettled, TEST_CARDS, withCard } from './support/gold';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ renewalIntervalMs: 0 });
});
afterAll(() => t.close());

describe('products', () => {
  test('anyone sees the two Gold plans, the paid stickers and how to reach the provider', async () => {
    const { products, payments } = await t.ok('order.products', {});
    expect(products.slice(0, 2)).toEqual([
      expect.objectContaining({ id: 'gold-monthly', kind: 'subscription', price: 499, level: 1, interval: 'month' }),
      expect.objectContaining({ id: 'gold-yearly', kind: 'subscription', price: 4_999, level: 1, interval: 'year' }),
    ]);
    const stickers = products.filter((p) => p.kind === 'sticker');
    expect(stickers.length).toBeGreaterThan(5);
    for (const sticker of stickers) expect(sticker.price).toBeGreaterThan(0);
    expect(payments).toMatchObject({ provider: 'sandbox' });
    expect(payments.publishable_key).toMatch(/^pk_/);
  });
});

describe('the card', () => {
  test('a saved card is its last four digits, expiry, zip and brand: never its number', async () => {
    const member = await aMember(t);
    expect((await t.ok('order.get_payment_info', {}, member)).card).toBeNull();
    const card = await withCard(t, member);
    expect(card).toEqual({ last_four: '4242', exp_month: 12, exp_year: 2030, address_zip: '12345', type: 'visa' });
    expect((await t.ok('order.get_payment_info', {}, member)).card).toEqual(card);

    const replaced = await withCard(t, member, '5555555555554444');
    expect(replaced).toMatchObject({ last_four: '4444', type: 'mastercard' });
    expect((await t.ok('order.subscription_info', {}, member)).card).toEqual(replaced);

    const rows = await t.app.services.db.selectFrom('cards').selectAll().execute();
    expect(JSON.stringify(rows)).not.toMatch(/4242424242424242|5555555555554444/);
  });

  test('a token the provider does not know is refused in its words', async () => {
    const member = await aMember(t);
    const failure = failureOf(await t.call('order.set_payment_info', { token: 'tok_no_such_token' }, member));
    expect(failure.errcode).toBe('payment_declined');
    expect(failure.err.length).toBeGreaterThan(0);
  });

  test('a token works once', async () => {
    const member = await aMember(t);
    const token = await cardToken(t, TEST_CARDS.good);
    await t.ok('order.set_payment_info', { token }, member);
    expect(failureOf(await t.call('order.set_payment_info', { token }, member)).errcode).toBe('payment_declined');
  });

  test('guests have no card', async () => {
    const guest = await aGuest(t);
    expect(failureOf(await t.call('order.get_payment_info', {}, guest)).errcode).toBe('members_only');
  });
});

describe('subscribing', () => {
  test('a good card makes the member Gold at once, and the state says so', async () => {
    const member = await aMember(t);
    await withCard(t, member);
    expect(await levelOf(t, member)).toBe(0);
    const before = Date.now();
    const subid = await subscribe(t, member);
    expect(await t.ok('order.subscription_state', { subid }, member)).toEqual({ state: 'active', level: 1, subid });
    expect(await levelOf(t, member)).toBe(1);

    const { subscription, card } = await t.ok('order.subscription_info', {}, member);
    expect(card).toMatchObject({ last_four: '4242' });
    expect(subscription).toMatchObject({
      id: subid,
      level: 1,
      state: 'active',
      product: { id: 'gold-monthly', name: 'Platter Gold, monthly', price: 499 },
    });
    expect(subscription?.period_end).toBeGreaterThan(before + 27 * 86_400_000);

    const again = failureOf(
      await t.call(
        'order.subscribe',
        { password: member.password, order: ['gold-yearly'], idempotency_key: newKey() },
        member,
      ),
    );
    expect(again).toEqual({ err: orderMessages.alreadyGold, errcode: 'conflict' });
  });

  test('the yearly plan', async () => {
    const member = await aMember(t);
    await withCard(t, member);
    await subscribe(t, member, 'gold-yearly');
    const { subscription } = await t.ok('order.subscription_info', {}, member);
    expect(subscription?.product).toMatchObject({ id: 'gold-yearly', price: 4_999, interval: 'year' });
    expect(subscription?.period_end).toBeGreaterThan(Date.now() + 360 * 86_400_000);
  });

  test('the password must be the member’s own', async () => {
    const member = await aMember(t);
    await withCard(t, member);
    const wrong = { password: 'not my password', order: ['gold-monthly'], idempotency_key: newKey() };
    expect(failureOf(await t.call('order.subscribe', wrong, member))).toEqual({
      err: orderMessages.wrongPassword,
      errcode: 'invalid',
    });
    expect(await levelOf(t, member)).toBe(0);
  });

  test('the order must be exactly one Gold plan', async () => {
    const member = await aMember(t);
    await withCard(t, member);
    const { stickers } = await t.ok('sticker.get', {});
    const paid = stickers.find((s) => s.price > 0)?._id ?? '';
    for (const order of [[], ['gold-weekly'], ['gold-monthly', 'gold-yearly'], [paid], '']) {
      const failure = failureOf(
        await t.call('order.subscribe', { password: member.password, order, idempotency_key: newKey() }, member),
      );
      expect(failure, JSON.stringify(order)).toEqual({ err: orderMessages.badOrder, errcode: 'invalid' });
    }
  });

  test('no card, no Gold', async () => {
    const member = await aMember(t);
    const failure = failureOf(
      await t.call(
        'order.subscribe',
        { password: member.password, order: ['gold-monthly'], idempotency_key: newKey() },
        member,
      ),
    );
    expect(failure).toEqual({ err: orderMessages.noCard, errcode: 'invalid' });
  });

  test('a declined card: the provider’s words, a failed state, and no Gold', async () => {
    const member = await aMember(t);
    await withCard(t, member, TEST_CARDS.declined);
    const key = newKey();
    const input = { password: member.password, order: ['gold-monthly'], idempotency_key: key };
    expect(failureOf(await t.call('order.subscribe', input, member))).toEqual({
      err: 'Your card was declined.',
      errcode: 'payment_declined',
    });
    expect(await levelOf(t, member)).toBe(0);
    const { subscription } = await t.ok('order.subscription_info', {}, member);
    expect(subscription).toMatchObject({ state: 'failed' });
    expect(await t.ok('order.subscription_state', { subid: subscription?.id ?? '' }, member)).toMatchObject({
      state: 'failed',
      level: 0,
      error: 'Your card was declined.',
    });
    // The same attempt again is told the same, without asking the card again.
    expect(failureOf(await t.call('order.subscribe', input, member)).err).toBe('Your card was declined.');

    // A good card afterwards is a new attempt that succeeds.
    await withCard(t, member);
    const subid = await subscribe(t, member);
    expect((await t.ok('order.subscription_state', { subid }, member)).state).toBe('active');
    expect(await levelOf(t, member)).toBe(1);
  });

  test('a payment that settles later: pending, then active once the provider’s webhook comes', async () => {
    const member = await aMember(t);
    await withCard(t, member, TEST_CARDS.delayedSuccess);
    const subid = await subscribe(t, member);
    expect((await t.ok('order.subscription_state', { subid }, member)).state).toBe('pending');
    expect(await levelOf(t, member)).toBe(0);
    expect(await subscriptionSettled(t, member, subid)).toEqual({ state: 'active', level: 1, subid });
    expect(await levelOf(t, member)).toBe(1);
  });

  test('a payment that fails later: pending, then failed in the provider’s words', async () => {
    const member = await aMember(t);
    await withCard(t, member, TEST_CARDS.delayedFailure);
    const subid = await subscribe(t, member);
    expect(await subscriptionSettled(t, member, subid)).toEqual({
      state: 'failed',
      level: 0,
      subid,
      error: 'Your card was declined.',
    });
    expect(await levelOf(t, member)).toBe(0);
  });
});

describe('orders are their members’ own', () => {
  test('others cannot read a subscription’s or an order’s state', async () => {
    const member = await aMember(t);
    const other = await aMember(t);
    await withCard(t, member);
    const subid = await subscribe(t, member);
    const order = await t.app.services.db
      .selectFrom('orders')
      .select('id')
      .where('subscriptionId', '=', subid)
      .executeTakeFirstOrThrow();
    expect(await t.ok('order.state', { orderid: order.id }, member)).toMatchObject({
      state: 'succeeded',
      level: 1,
      orderid: order.id,
      subid,
    });
    const notYours = { err: orderMessages.notYours, errcode: 'not_found' };
    expect(failureOf(await t.call('order.subscription_state', { subid }, other))).toEqual(notYours);
    expect(failureOf(await t.call('order.state', { orderid: order.id }, other))).toEqual(notYours);
    expect(failureOf(await t.call('order.state', { orderid: 'no-such-order' }, member))).toEqual(notYours);
    expect((await t.ok('order.subscription_info', {}, other)).subscription).toBeNull();
  });
});

describe('bad input', () => {
  test('is refused as invalid, never a 500', async () => {
    const member = await aMember(t);
    await withCard(t, member);
    const { password } = member;
    const cases: [Parameters<TestApp['call']>[0], Record<string, unknown>][] = [
      ['order.subscribe', { password, order: 5, idempotency_key: newKey() }],
      ['order.subscribe', { password, order: ['gold-monthly'] }],
      ['order.subscribe', { order: ['gold-monthly'], idempotency_key: newKey() }],
      ['order.subscribe', { password, order: ['gold-monthly'], idempotency_key: 'short' }],
      ['order.subscribe', { password, order: ['gold-monthly'], idempotency_key: 'has spaces in it' }],
      ['order.subscribe', { password, order: [{}], idempotency_key: newKey() }],
      ['order.subscribe', { password, order: { 0: 'gold-monthly' }, idempotency_key: newKey() }],
      ['order.buy', { password, order: null, idempotency_key: newKey() }],
      ['order.buy', { password: ['x'], order: ['a'], idempotency_key: newKey() }],
      ['order.buy', { password, order: Array.from({ length: 41 }, (_, i) => `s${i}`), idempotency_key: newKey() }],
      ['order.set_payment_info', {}],
      ['order.set_payment_info', { token: 5 }],
      ['order.set_payment_info', { token: 'x'.repeat(500) }],
      ['order.subscription_state', {}],
      ['order.state', { orderid: '' }],
      ['order.cancel_subscription', { subid: ['a'] }],
      ['order.reactivate_subscription', {}],
    ];
    for (const [name, params] of cases) {
      const failure = failureOf(await t.call(name, params, member));
      expect(failure.errcode, `${name} ${JSON.stringify(params)}`).toBe('invalid');
    }
    expect((await t.ok('user.info', {}, member)).subscription_level).toBe(0);
  });

  test('the order list may come as a comma-separated string', async () => {
    const member = await aMember(t);
    await withCard(t, member);
    const envelope = await t.call(
      'order.subscribe',
      { password: member.password, order: 'gold-monthly', idempotency_key: newKey() },
      member,
    );
    expect(envelope[0]).toBe(true);
  });
});

describe('guessing the password', () => {
  test('is limited like logins, per account', async () => {
    const limited = await startTestApp({ renewalIntervalMs: 0, attemptsPerMinute: 3 });
    try {
      const member = await aMember(limited);
      const guess = () =>
        limited.call(
          'order.subscribe',
          { password: 'a guess', order: ['gold-monthly'], idempotency_key: newKey() },
          member,
        );
      for (let i = 0; i < 3; i++) expect(failureOf(await guess()).err).toBe(orderMessages.wrongPassword);
      expect(failureOf(await guess()).errcode).toBe('rate_limited');
    } finally {
      await limited.close();
    }
  });
});
