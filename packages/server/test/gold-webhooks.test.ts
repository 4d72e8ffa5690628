/** POST /webhooks/payments: signed events applied once; anything else refused with a 400, never a 500. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';
import { aMember } from './support/factories';
import { newKey, settled, subscribe, subscriptionSettled, TEST_CARDS, withCard } from './support/gold';
import { applyCharge, applySubscription } from '../src/features/gold/settle';
import { sandboxDb } from '../src/adapters/payments/sandbox/sandbox-schema';
import { chargeJson } from '../src/adapters/payments/sandbox/sandbox-resources';
import { loadSandboxKeys } from '../src/adapters/payments/sandbox/sandbox-keys';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from '../src/adapters/payments/sandbox/sandbox-signature';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ renewalIntervalMs: 0 });
});
afterAll(() => t.close());

async function deliver(body: string, signature?: string, contentType = 'application/json') {
  const headers: Record<string, string> = { 'content-type': contentType };
  if (signature !== undefined) headers[SANDBOX_SIGNATURE_HEADER] = signature;
  const response = await t.fetch('/webhooks/payments', { method: 'POST', headers, body });
  return { status: response.status, body: (await response.json()) as unknown };
}

async function sign(body: string): Promise<string> {
  const { webhookSecret } = await loadSandboxKeys(sandboxDb(t.app.services.db), t.app.services.now);
  return signSandboxPayload(webhookSecret, body, t.app.services.now());
}

/** A member who bought a paid sticker, and the sandbox's charge.succeeded event for it under a given id. */
async function aPurchase() {
  const member = await aMember(t);
  await withCard(t, member);
  const sticker = (await t.ok('sticker.get', {})).stickers.find((s) => s.price > 0)?._id ?? '';
  const { orderid } = await t.ok(
    'order.buy',
    { password: member.password, order: [sticker], idempotency_key: newKey() },
    member,
  );
  const { db } = t.app.services;
  const order = await db.selectFrom('orders').selectAll().where('id', '=', orderid).executeTakeFirstOrThrow();
  // The sandbox tells of a charge that succeeded at once in its answer; here is the event it would send.
  const charge = await sandboxDb(db)
    .selectFrom('sandboxCharges')
    .selectAll()
    .where('id', '=', order.providerRef ?? '')
    .executeTakeFirstOrThrow();
  const payload = {
    object: 'event',
    type: 'charge.succeeded',
    created: Date.now(),
    data: { object: chargeJson(charge) },
  };
  return { member, sticker, order, event: (id: string) => JSON.stringify({ ...payload, id }) };
}

/** Undoes the purchase behind the provider's back, so that applying its event again would show. */
async function forgetPurchase(orderId: string) {
  const { db } = t.app.services;
  await db.deleteFrom('stickerPurchases').where('orderId', '=', orderId).execute();
  await db.updateTable('orders').set({ state: 'pending' }).where('id', '=', orderId).execute();
}

const ownedBy = async (userId: string) =>
  (await t.app.services.db.selectFrom('stickerPurchases').select('stickerId').where('userId', '=', userId).execute())
    .length;

describe('signed events', () => {
  test('an event delivered twice is applied once', async () => {
    const { member, order, event } = await aPurchase();
    const body = event(`evt_test_${newKey()}`);
    await forgetPurchase(order.id);

    expect(await deliver(body, await sign(body))).toEqual({ status: 200, body: { received: true } });
    expect(await ownedBy(member.userid)).toBe(1);

    await forgetPurchase(order.id);
    expect(await deliver(body, await sign(body))).toEqual({ status: 200, body: { received: true } });
    expect(await ownedBy(member.userid)).toBe(0);

    // The same news under a new event id is a new event.
    const fresh = event(`evt_test_${newKey()}`);
    expect((await deliver(fresh, await sign(fresh))).status).toBe(200);
    expect(await ownedBy(member.userid)).toBe(1);
  });

  test('an event about something Platter does not know is acknowledged and changes nothing', async () => {
    const body = JSON.stringify({
      id: `evt_test_${newKey()}`,
      object: 'event',
      type: 'charge.succeeded',
      created: Date.now(),
      data: { object: { id: 'ch_unknown', object: 'charge', status: 'succeeded', amount: 99 } },
    });
    const answer = await deliver(body, await sign(body));
    expect(answer.status).toBeLessThan(500);
  });
});

describe('matched by Platter’s reference', () => {
  // While the provider's answer to order.subscribe / order.buy is on its way, the order has no provider
  // ref yet. Clearing the ref right after the call puts the rows back in that state, so the provider's
  // real webhook (the delayed cards settle three seconds later) comes "before" the answer was stored.
  test('a delayed first payment whose webhook beats the stored ref makes the member Gold', async () => {
    const { db } = t.app.services;
    const member = await aMember(t);
    await withCard(t, member, TEST_CARDS.delayedSuccess);
    const subid = await subscribe(t, member);
    const { providerRef } = await db
      .selectFrom('subscriptions')
      .select('providerRef')
      .where('id', '=', subid)
      .executeTakeFirstOrThrow();
    expect(providerRef).toMatch(/^sub_/);
    await db.updateTable('subscriptions').set({ providerRef: null }).where('id', '=', subid).execute();
    await db.updateTable('orders').set({ providerRef: null }).where('subscriptionId', '=', subid).execute();

    expect(await subscriptionSettled(t, member, subid)).toEqual({ state: 'active', level: 1, subid });
    expect(
      await db.selectFrom('subscriptions').selectAll().where('id', '=', subid).executeTakeFirstOrThrow(),
    ).toMatchObject({ state: 'active', providerRef });
    expect(
      await db.selectFrom('orders').selectAll().where('subscriptionId', '=', subid).executeTakeFirstOrThrow(),
    ).toMatchObject({ state: 'succeeded', providerRef });

    // Then the call's own answer arrives, still saying pending: nothing goes back.
    await applySubscription(t.app.services, subid, {
      ref: providerRef ?? '',
      status: 'pending',
      periodEnd: null,
      failureMessage: null,
      reference: null,
    });
    expect(await t.ok('order.subscription_state', { subid }, member)).toEqual({ state: 'active', level: 1, subid });
  });

  test('a delayed sticker charge whose webhook beats the stored ref grants the stickers', async () => {
    const { db } = t.app.services;
    const member = await aMember(t);
    await withCard(t, member, TEST_CARDS.delayedSuccess);
    const sticker = (await t.ok('sticker.get', {})).stickers.find((s) => s.price > 0)?._id ?? '';
    const { orderid } = await t.ok(
      'order.buy',
      { password: member.password, order: [sticker], idempotency_key: newKey() },
      member,
    );
    const { providerRef } = await db
      .selectFrom('orders')
      .select('providerRef')
      .where('id', '=', orderid)
      .executeTakeFirstOrThrow();
    expect(providerRef).toMatch(/^ch_/);
    await db.updateTable('orders').set({ providerRef: null }).where('id', '=', orderid).execute();

    expect(await settled(() => t.ok('order.state', { orderid }, member))).toEqual({
      state: 'succeeded',
      level: 0,
      orderid,
    });
    expect(await ownedBy(member.userid)).toBe(1);
    expect(await db.selectFrom('orders').select('providerRef').where('id', '=', orderid).executeTakeFirst()).toEqual({
      providerRef,
    });

    await applyCharge(t.app.services, orderid, {
      ref: providerRef ?? '',
      status: 'pending',
      failureMessage: null,
      reference: orderid,
    });
    expect((await t.ok('order.state', { orderid }, member)).state).toBe('succeeded');
  });
});

describe('bad input', () => {
  test('a wrong, missing or malformed signature is a 400', async () => {
    const { event } = await aPurchase();
    const body = event(`evt_test_${newKey()}`);
    const signature = await sign(body);
    expect((await deliver(body)).status).toBe(400);
    expect((await deliver(body, 'nonsense')).status).toBe(400);
    expect(
      (
        await deliver(
          body,
          signature.replace(/v1=(\w)/, (_, c: string) => `v1=${c === '0' ? '1' : '0'}`),
        )
      ).status,
    ).toBe(400);
    expect((await deliver(`${body} `, signature)).status).toBe(400);
  });

  test('bodies that are not events are a 400, never a 500', async () => {
    for (const body of [
      '',
      'not json',
      '[]',
      '{}',
      '{"id":5}',
      JSON.stringify({ id: 'evt_x', type: 'charge.succeeded' }),
    ]) {
      const answer = await deliver(body, await sign(body));
      expect(answer.status, body).toBeGreaterThanOrEqual(200);
      expect(answer.status, body).toBeLessThan(500);
    }
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/octet-stream']) {
      const body = 'a=1';
      expect((await deliver(body, await sign(body), type)).status, type).toBe(400);
    }
    const response = await t.fetch('/webhooks/payments', { method: 'POST', body: 'x' });
    expect(response.status).toBe(400);
  });
});
