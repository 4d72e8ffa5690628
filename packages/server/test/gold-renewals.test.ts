/**
 * The renewal job (docs/gold.md): at period end, renew, end a cancelled Gold, end a declined one with a
 * mail; once across instances. And payments whose webhook was lost, read back from the provider.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderMessages } from '@platter/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { aMember, type Member } from './support/factories';
import { lastTokenTo, mailsTo } from './support/mail';
import { aClock, levelOf, newKey, subscribe, TEST_CARDS, withCard } from './support/gold';
import { startSandboxHost, type SandboxHost } from './support/sandbox-host';
import { runRenewals } from '../src/features/gold/renewal-job';
import { releaseLease, takeLease } from '../src/lib/lease';
import { sandboxDb } from '../src/adapters/payments/sandbox/sandbox-schema';

const clock = aClock();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ renewalIntervalMs: 0 }, clock.now);
});
afterAll(() => t.close());

async function aVerifiedMember(): Promise<Member> {
  const member = await aMember(t);
  await t.ok('user.change_email', { verify_token: await lastTokenTo(t, member.email, 'verify_token') });
  return member;
}

async function goldMember(
  card: string = TEST_CARDS.good,
): Promise<{ member: Member; subid: string; periodEnd: number }> {
  const member = await aVerifiedMember();
  await withCard(t, member, card);
  const subid = await subscribe(t, member);
  const periodEnd = (await t.ok('order.subscription_info', {}, member)).subscription?.period_end ?? 0;
  expect(periodEnd).toBeGreaterThan(clock.now());
  return { member, subid, periodEnd };
}

async function chargesOf(subid: string): Promise<number> {
  const { db } = t.app.services;
  const row = await db.selectFrom('subscriptions').select('providerRef').where('id', '=', subid).executeTakeFirst();
  const charges = await sandboxDb(db)
    .selectFrom('sandboxCharges')
    .select('id')
    .where('subscriptionId', '=', row?.providerRef ?? '')
    .where('status', '=', 'succeeded')
    .execute();
  return charges.length;
}

describe('at the period end', () => {
  test('nothing is due before it', async () => {
    const { member } = await goldMember();
    expect(await runRenewals(t.app.services)).toMatchObject({ ran: true, renewed: 0, ended: 0, failed: 0 });
    expect(await levelOf(t, member)).toBe(1);
  });

  test('an active subscription is renewed for another period', async () => {
    const { member, subid, periodEnd } = await goldMember();
    clock.jumpPast(periodEnd);
    const report = await runRenewals(t.app.services);
    expect(report.renewed).toBeGreaterThanOrEqual(1);
    const { subscription } = await t.ok('order.subscription_info', {}, member);
    expect(subscription).toMatchObject({ id: subid, state: 'active' });
    expect(subscription?.period_end).toBeGreaterThan(periodEnd + 27 * 86_400_000);
    expect(await levelOf(t, member)).toBe(1);
    expect(await chargesOf(subid)).toBe(2);
    // Run again: it is not due any more.
    await runRenewals(t.app.services);
    expect(await chargesOf(subid)).toBe(2);
  });

  test('a cancelled subscription ends, and Gold with it', async () => {
    const { member, subid, periodEnd } = await goldMember();
    await t.ok('order.cancel_subscription', { subid }, member);
    clock.jumpPast(periodEnd);
    expect((await runRenewals(t.app.services)).ended).toBeGreaterThanOrEqual(1);
    expect(await levelOf(t, member)).toBe(0);
    expect((await t.ok('order.subscription_info', {}, member)).subscription).toMatchObject({
      id: subid,
      state: 'canceled',
    });
    expect(await chargesOf(subid)).toBe(1);
    const refused = await t.call('order.reactivate_subscription', { subid }, member);
    expect(refused).toEqual([false, { err: orderMessages.notGold, errcode: 'forbidden' }]);
  });

  test('a declined renewal ends Gold and mails the member, naming the product', async () => {
    const { member, subid, periodEnd } = await goldMember(TEST_CARDS.firstOnly);
    clock.jumpPast(periodEnd);
    expect((await runRenewals(t.app.services)).failed).toBeGreaterThanOrEqual(1);
    expect(await levelOf(t, member)).toBe(0);
    expect(await t.ok('order.subscription_state', { subid }, member)).toMatchObject({ state: 'failed', level: 0 });
    const mails = (await mailsTo(t, member.email)).filter((m) => m.subject.includes('Gold'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your Platter Gold subscription has ended');
    expect(mails[0]?.text).toContain(orderMessages.renewalFailed);
    expect(mails[0]?.text).toContain('Platter Gold, monthly');
    // Once only, however often the job runs.
    await runRenewals(t.app.services);
    expect((await mailsTo(t, member.email)).filter((m) => m.subject.includes('Gold'))).toHaveLength(1);
  });
});

describe('one instance at a time', () => {
  test('the lease is held by one holder until it expires', async () => {
    const { db } = t.app.services;
    const now = clock.now();
    expect(await takeLease(db, 'test-lease', 'a', now, 1_000)).toBe(true);
    expect(await takeLease(db, 'test-lease', 'b', now, 1_000)).toBe(false);
    expect(await takeLease(db, 'test-lease', 'a', now + 500, 1_000)).toBe(true);
    expect(await takeLease(db, 'test-lease', 'b', now + 1_400, 1_000)).toBe(false);
    expect(await takeLease(db, 'test-lease', 'b', now + 1_500, 1_000)).toBe(true);
    await releaseLease(db, 'test-lease', 'b', now + 1_600);
    expect(await takeLease(db, 'test-lease', 'a', now + 1_600, 1_000)).toBe(true);
  });

  test('two instances running the job together renew a subscription once', async () => {
    const second = await startTestApp({ database: t.app.services.config.database, renewalIntervalMs: 0 }, clock.now);
    try {
      const { member, subid, periodEnd } = await goldMember();
      clock.jumpPast(periodEnd);
      const reports = await Promise.all([
        runRenewals(t.app.services),
        runRenewals(second.app.services),
        runRenewals(t.app.services),
      ]);
      expect(reports.reduce((sum, r) => sum + r.renewed, 0)).toBeGreaterThanOrEqual(1);
      expect(await chargesOf(subid)).toBe(2);
      expect((await t.ok('order.subscription_info', {}, member)).subscription?.period_end).toBeGreaterThan(periodEnd);
    } finally {
      await second.close();
    }
  });
});

describe('payments whose webhook was lost', () => {
  // A processor whose webhooks go to an endpoint of its own (the host's receiver), never to Platter:
  // Platter learns how a pending payment ended only by asking.
  let host: SandboxHost;
  let lost: TestApp;
  beforeAll(async () => {
    host = await startSandboxHost({ settleDelayMs: 200 });
    lost = await startTestApp(
      {
        database: host.database,
        renewalIntervalMs: 0,
        payments: { provider: 'sandbox', sandboxUrl: `${host.url}/sandbox-pay`, timeoutMs: 5_000 },
      },
      clock.now,
    );
  });
  afterAll(async () => {
    await lost?.close();
    await host?.close();
  });

  test('a sticker order still pending ten minutes on is read back from the provider and settled', async () => {
    const member = await aMember(lost);
    await withCard(lost, member, TEST_CARDS.delayedSuccess);
    const sticker = (await lost.ok('sticker.get', {})).stickers.find((s) => s.price > 0)?._id ?? '';
    const { orderid } = await lost.ok(
      'order.buy',
      { password: member.password, order: [sticker], idempotency_key: newKey() },
      member,
    );
    await host.webhook('charge.succeeded');
    expect((await lost.ok('order.state', { orderid }, member)).state).toBe('pending');

    // Not yet ten minutes: the webhook may still come.
    await runRenewals(lost.app.services);
    expect((await lost.ok('order.state', { orderid }, member)).state).toBe('pending');

    clock.advance(11 * 60_000);
    await runRenewals(lost.app.services);
    expect(await lost.ok('order.state', { orderid }, member)).toEqual({ state: 'succeeded', level: 0, orderid });
    const owned = (await lost.ok('sticker.get_purchased_stickers', {}, member)).stickers.map((s) => s._id);
    expect(owned).toEqual([sticker]);
  });

  test('a first payment still pending ten minutes on is read back too', async () => {
    const member = await aMember(lost);
    await withCard(lost, member, TEST_CARDS.delayedFailure);
    const subid = await subscribe(lost, member);
    await host.webhook('subscription.updated');
    expect((await lost.ok('order.subscription_state', { subid }, member)).state).toBe('pending');

    clock.advance(11 * 60_000);
    await runRenewals(lost.app.services);
    expect(await lost.ok('order.subscription_state', { subid }, member)).toEqual({
      state: 'failed',
      level: 0,
      subid,
      error: 'Your card was declined.',
    });
  });
});
