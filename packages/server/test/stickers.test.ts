/** Laptop stickers over HTTP: the catalogue, its art, placements and their rules (spec §5, §7, §8). */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_STICKER_PLACEMENTS, stickerMessages, type Placement } from '@platter/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest, aMember, type Member } from './support/factories';
import { failureOf } from './support/envelopes';

let t: TestApp;
let member: Member;
beforeAll(async () => {
  t = await startTestApp();
  member = await aMember(t);
});
afterAll(() => t.close());

const at = (sticker_id: string, n = 0): Placement => ({ sticker_id, top: 10 + n, left: 20 + n, angle: n * 7 - 30 });

describe('the catalogue', () => {
  test('has at least 24 stickers of our own, some free and some paid, free first', async () => {
    const { stickers } = await t.ok('sticker.get', {});
    expect(stickers.length).toBeGreaterThanOrEqual(24);
    expect(stickers.filter((s) => s.price === 0).length).toBeGreaterThan(5);
    expect(stickers.filter((s) => s.price > 0).length).toBeGreaterThan(5);
    expect(stickers.map((s) => s.price)).toEqual([...stickers.map((s) => s.price)].sort((a, b) => a - b));
    for (const s of stickers) {
      expect(s).toMatchObject({ state: 'active', purchased: s.price === 0 });
      expect(s.path).toMatch(/^\/sticker-art\/[a-z0-9-]+\.svg$/);
    }
  });

  test('every sticker has art: an SVG that runs no script', async () => {
    const { stickers } = await t.ok('sticker.get', {});
    for (const s of stickers) {
      const response = await t.fetch(s.path);
      expect(response.status, s.path).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      const body = await response.text();
      expect(body).toMatch(/^<svg /);
      expect(body).not.toMatch(/<script|on\w+=/i);
    }
    expect((await t.fetch('/sticker-art/no-such-sticker.svg')).status).toBe(404);
    expect((await t.fetch('/sticker-art/..%2F..%2Fetc.svg')).status).toBe(404);
  });

  test('starting again keeps the catalogue as it is', async () => {
    const before = await t.ok('sticker.get', {});
    const { syncStickerCatalogue } = await import('../src/features/stickers/catalogue');
    await syncStickerCatalogue(t.app.services.db, Date.now());
    expect(await t.ok('sticker.get', {})).toEqual(before);
  });
});

describe('placements', () => {
  test('a member places free stickers, and anyone sees their laptop', async () => {
    const free = (await t.ok('sticker.get', {})).stickers.filter((s) => s.price === 0);
    const placements = [at(free[0]?._id ?? '', 1), at(free[1]?._id ?? '', 2), at(free[0]?._id ?? '', 3)];
    expect((await t.ok('sticker.place', { placements }, member)).placements).toEqual(placements);
    expect((await t.ok('sticker.get_placements', {}, member)).placements).toEqual(placements);
    expect((await t.ok('sticker.get_placements', { profileid: member.userid })).placements).toEqual(placements);
    // Saving again replaces the whole cover.
    await t.ok('sticker.place', { placements: [placements[2]] }, member);
    expect((await t.ok('sticker.get_placements', { profileid: member.userid })).placements).toEqual([placements[2]]);
    await t.ok('sticker.place', { placements: [] }, member);
    expect((await t.ok('sticker.get_placements', {}, member)).placements).toEqual([]);
  });

  test(`at most ${MAX_STICKER_PLACEMENTS}: one more is the sticker limit, and nothing changes`, async () => {
    const free = (await t.ok('sticker.get', {})).stickers.find((s) => s.price === 0)?._id ?? '';
    const full = Array.from({ length: MAX_STICKER_PLACEMENTS }, (_, n) => at(free, n));
    await t.ok('sticker.place', { placements: full }, member);
    const refusal = failureOf(await t.call('sticker.place', { placements: [...full, at(free, 21)] }, member));
    expect(refusal).toEqual({ err: stickerMessages.overLimit, errcode: 'invalid' });
    expect(refusal.err).toMatch(/limit/);
    expect((await t.ok('sticker.get_placements', {}, member)).placements).toHaveLength(MAX_STICKER_PLACEMENTS);
  });

  test('unpurchased paid stickers cannot be placed until bought', async () => {
    const paid = (await t.ok('sticker.get', {})).stickers.find((s) => s.price > 0);
    if (!paid) throw new Error('no paid sticker');
    const buyer = await aMember(t);
    const refusal = failureOf(await t.call('sticker.place', { placements: [at(paid._id)] }, buyer));
    expect(refusal).toEqual({ err: stickerMessages.unpurchased, errcode: 'invalid' });
    expect(refusal.err).toMatch(/unpurchased/);

    // A purchase as order.buy will record it (the Gold issue).
    await t.app.services.db
      .insertInto('stickerPurchases')
      .values({ userId: buyer.userid, stickerId: paid._id, orderId: null, createdAt: Date.now() })
      .execute();
    expect((await t.ok('sticker.get', {}, buyer)).stickers.find((s) => s._id === paid._id)?.purchased).toBe(true);
    expect((await t.ok('sticker.get', {}, member)).stickers.find((s) => s._id === paid._id)?.purchased).toBe(false);
    expect((await t.ok('sticker.get_purchased_stickers', {}, buyer)).stickers).toEqual([
      expect.objectContaining({ _id: paid._id, sticker_id: paid._id, purchased: true }),
    ]);
    await t.ok('sticker.place', { placements: [at(paid._id)] }, buyer);
  });

  test('unknown stickers, positions off the laptop and guests are refused', async () => {
    expect(failureOf(await t.call('sticker.place', { placements: [at('sticker-nope')] }, member))).toEqual({
      err: stickerMessages.unknownSticker,
      errcode: 'invalid',
    });
    const free = (await t.ok('sticker.get', {})).stickers[0]?._id ?? '';
    for (const bad of [
      { ...at(free), top: 9999 },
      { ...at(free), angle: 720 },
      { sticker_id: free, top: 1 },
    ]) {
      expect(failureOf(await t.call('sticker.place', { placements: [bad] }, member)).errcode).toBe('invalid');
    }
    expect(failureOf(await t.call('sticker.place', { placements: [] }, await aGuest(t))).errcode).toBe('members_only');
    expect((await t.ok('sticker.get_placements', {})).placements).toEqual([]);
  });
});
