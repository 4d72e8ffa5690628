/**
 * Avatars (spec §3 Avatar tier, §6, §7): tiers by points and acl, Gold
 * avatars, choosing one, the custom avatar maker at 40,000 points, and the
 * pictures at /roommanager_assets/avatars/{avatarId}/{size}.png.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ALL_AVATAR_IDS,
  AVATAR_ASSET_MAX,
  AVATAR_ASSET_MIN,
  CAT_AVATAR_ID,
  CUSTOM_AVATAR_MIN_POINTS,
  SIGNUP_AVATAR_IDS,
  avatarImageUrls,
  customAvatarId,
  customAvatarLayerUrl,
  type AvailableAvatars,
  type Credentials,
} from '@platter/contract';
import { updateUser } from '../src/features/accounts/store';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest, aMember, aStaffMember, withPoints } from './support/factories';
import { failureOf } from './support/envelopes';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function aGoldMember(points = 0): Promise<Credentials> {
  const member = await withPoints(t, await aMember(t), points);
  await updateUser(t.app.services.db, member.userid, { subscriptionLevel: 1 });
  return member;
}

function tier(available: AvailableAvatars, id: string) {
  const found = available.tiers.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no tier ${id}`);
  return found;
}

const unlockedTierIds = (available: AvailableAvatars) =>
  available.tiers.filter((candidate) => candidate.unlocked).map((candidate) => candidate.id);

describe('user.available_avatars', () => {
  test('a new member has the starter tier, with all six sign-up avatars', async () => {
    const available = await t.ok('user.available_avatars', {}, await aMember(t));
    expect(unlockedTierIds(available)).toEqual(['starter']);
    expect(tier(available, 'starter').avatarids).toEqual(expect.arrayContaining([...SIGNUP_AVATAR_IDS]));
    expect(available.avatarid).toBe(8);
    expect(available.gold).toBe(false);
    expect(available.custom_unlocked).toBe(false);
    expect(available.custom_avatar).toBeNull();
  });

  test('tiers unlock as points grow, and say what unlocks them', async () => {
    const member = await aMember(t);
    await withPoints(t, member, 1_520);
    let available = await t.ok('user.available_avatars', {}, member);
    expect(unlockedTierIds(available)).toEqual(['starter', 'opening-act', 'crowd-pleaser']);
    expect(tier(available, 'crowd-pleaser').unlock_hint).toBeNull();
    expect(tier(available, 'headliner').unlock_hint).toBe('Unlocks at 5,000 DJ points');
    expect(tier(available, 'legend').unlock_hint).toBe('Unlocks at 20,000 DJ points');
    expect(tier(available, 'hall-of-fame').unlock_hint).toBe('Unlocks at 40,000 DJ points');
    expect(tier(available, 'supporters').unlock_hint).toBe('Supporters only');
    expect(tier(available, 'superusers').unlock_hint).toBe('Superusers only');

    await withPoints(t, member, 99);
    available = await t.ok('user.available_avatars', {}, member);
    expect(unlockedTierIds(available)).toEqual(['starter']);
    expect(tier(available, 'opening-act').unlock_hint).toBe('Unlocks at 100 DJ points');

    await withPoints(t, member, CUSTOM_AVATAR_MIN_POINTS);
    available = await t.ok('user.available_avatars', {}, member);
    expect(unlockedTierIds(available)).toEqual([
      'starter',
      'opening-act',
      'crowd-pleaser',
      'headliner',
      'legend',
      'hall-of-fame',
    ]);
    expect(tier(available, 'hall-of-fame').custom).toBe(true);
    expect(available.custom_unlocked).toBe(true);
  });

  test('superusers (acl 1) and gatekeepers (acl above 1) unlock the supporter and superuser tiers', async () => {
    for (const acl of [1, 2]) {
      const available = await t.ok('user.available_avatars', {}, await aStaffMember(t, acl));
      expect(unlockedTierIds(available)).toEqual(['starter', 'supporters', 'superusers']);
      expect(tier(available, 'supporters').avatarids).toContain(CAT_AVATAR_ID);
    }
  });

  test('Gold avatars need a Gold subscription as well as the tier', async () => {
    const plain = await t.ok('user.available_avatars', {}, await withPoints(t, await aMember(t), 500));
    expect(tier(plain, 'starter').pro.length).toBeGreaterThan(0);
    expect(tier(plain, 'starter').pro_unlocked).toBe(false);
    expect(tier(plain, 'starter').pro_unlock_hint).toBe('Gold members only');
    expect(tier(plain, 'crowd-pleaser').pro_unlock_hint).toBeNull();

    const gold = await t.ok('user.available_avatars', {}, await aGoldMember(50));
    expect(gold.gold).toBe(true);
    expect(tier(gold, 'starter').pro_unlocked).toBe(true);
    expect(tier(gold, 'starter').pro_unlock_hint).toBeNull();
    // Neon Nights sits in the 100-point tier: Gold alone is not enough.
    expect(tier(gold, 'opening-act').pro_unlocked).toBe(false);
    expect(tier(gold, 'opening-act').pro_unlock_hint).toBe('Unlocks at 100 DJ points');
  });

  test('every avatar id appears once', () => {
    expect(new Set(ALL_AVATAR_IDS).size).toBe(ALL_AVATAR_IDS.length);
    for (let id = AVATAR_ASSET_MIN; id <= AVATAR_ASSET_MAX; id++) expect(ALL_AVATAR_IDS).toContain(id);
    expect(ALL_AVATAR_IDS).toContain(CAT_AVATAR_ID);
  });

  test('needs a session', async () => {
    expect(failureOf(await t.call('user.available_avatars', {})).errcode).toBe('not_authenticated');
  });
});

describe('user.set_avatar', () => {
  test('wears an unlocked avatar; user.info shows it at once', async () => {
    const member = await withPoints(t, await aMember(t), 1_520);
    expect(await t.ok('user.set_avatar', { avatarid: 12 }, member)).toEqual({ avatarid: 12 });
    const info = await t.ok('user.info', {}, member);
    expect(info.avatarid).toBe(12);
    expect(info.images).toEqual(avatarImageUrls(12));
    expect((await t.ok('user.available_avatars', {}, member)).avatarid).toBe(12);
  });

  test('accepts the id as a string too', async () => {
    const member = await aMember(t);
    expect(await t.ok('user.set_avatar', { avatarid: '34' }, member)).toEqual({ avatarid: 34 });
  });

  test('refuses an avatar the member has not unlocked, saying what unlocks it', async () => {
    const member = await withPoints(t, await aMember(t), 1_520);
    expect(failureOf(await t.call('user.set_avatar', { avatarid: 19 }, member))).toEqual({
      err: 'That avatar unlocks at 5,000 DJ points.',
      errcode: 'forbidden',
    });
    expect(failureOf(await t.call('user.set_avatar', { avatarid: 31 }, member))).toEqual({
      err: 'That avatar is for superusers only.',
      errcode: 'forbidden',
    });
    expect(failureOf(await t.call('user.set_avatar', { avatarid: CAT_AVATAR_ID }, member))).toEqual({
      err: 'That avatar is for supporters only.',
      errcode: 'forbidden',
    });
    expect(failureOf(await t.call('user.set_avatar', { avatarid: 1001 }, member))).toEqual({
      err: 'That avatar is for Gold members only.',
      errcode: 'forbidden',
    });
    expect((await t.ok('user.info', {}, member)).avatarid).toBe(8);
  });

  test('staff may wear the cat; Gold members their Gold avatars', async () => {
    const staff = await aStaffMember(t);
    expect(await t.ok('user.set_avatar', { avatarid: CAT_AVATAR_ID }, staff)).toEqual({ avatarid: CAT_AVATAR_ID });
    expect((await t.ok('user.info', {}, staff)).images.headfront).toBe(
      '/roommanager_assets/avatars/3000/headfront.png',
    );

    const gold = await aGoldMember(150);
    expect(await t.ok('user.set_avatar', { avatarid: 1006 }, gold)).toEqual({ avatarid: 1006 });
  });

  test('refuses unknown ids and custom avatar ids', async () => {
    const member = await withPoints(t, await aMember(t), 100_000);
    for (const avatarid of [0, 35, 999, 2999, customAvatarId({ head: 1, body: 2, screen: 3 })]) {
      expect(failureOf(await t.call('user.set_avatar', { avatarid }, member))).toEqual({
        err: "There's no avatar with that id.",
        errcode: 'not_found',
      });
    }
    expect(failureOf(await t.call('user.set_avatar', { avatarid: 'cat' }, member)).errcode).toBe('invalid');
    expect(failureOf(await t.call('user.set_avatar', {}, member)).errcode).toBe('invalid');
  });

  test('is for members only', async () => {
    expect(failureOf(await t.call('user.set_avatar', { avatarid: 4 }, await aGuest(t))).errcode).toBe('members_only');
    expect(failureOf(await t.call('user.set_avatar', { avatarid: 4 })).errcode).toBe('not_authenticated');
  });
});

describe('user.set_custom_avatar', () => {
  const design = { head: 7, body: 12, screen: 3 };

  test('opens at 40,000 points and not a point before', async () => {
    const member = await withPoints(t, await aMember(t), CUSTOM_AVATAR_MIN_POINTS - 1);
    expect(failureOf(await t.call('user.set_custom_avatar', design, member))).toEqual({
      err: 'The custom avatar maker unlocks at 40,000 DJ points.',
      errcode: 'forbidden',
    });
    await withPoints(t, member, CUSTOM_AVATAR_MIN_POINTS);
    const id = customAvatarId(design);
    expect(id).toBe(1_071_203);
    expect(await t.ok('user.set_custom_avatar', design, member)).toEqual({ avatarid: id, custom_avatar: design });

    const info = await t.ok('user.info', {}, member);
    expect(info.avatarid).toBe(id);
    expect(info.images).toEqual(avatarImageUrls(id));
    expect(info.custom_avatar).toEqual({ hf: 'head-7', bf: 'body-12', sf: 'screen-3' });
    const available = await t.ok('user.available_avatars', {}, member);
    expect(available.custom_avatar).toEqual(design);
    expect(available.avatarid).toBe(id);
  });

  test('keeps the design when the member goes back to a standard avatar', async () => {
    const member = await withPoints(t, await aMember(t), 48_200);
    await t.ok('user.set_custom_avatar', { head: 32, body: 1, screen: 32 }, member);
    await t.ok('user.set_avatar', { avatarid: 4 }, member);
    const info = await t.ok('user.info', {}, member);
    expect(info.avatarid).toBe(4);
    expect(info.custom_avatar).toEqual({ hf: 'head-32', bf: 'body-1', sf: 'screen-32' });
    expect((await t.ok('user.available_avatars', {}, member)).custom_avatar).toEqual({ head: 32, body: 1, screen: 32 });
  });

  test('parts run from 1 to 32, and an avatarid sent along must match them', async () => {
    const member = await withPoints(t, await aMember(t), 48_200);
    expect(failureOf(await t.call('user.set_custom_avatar', { ...design, head: 0 }, member))).toEqual({
      err: 'Please choose a head from 1 to 32.',
      errcode: 'invalid',
    });
    expect(failureOf(await t.call('user.set_custom_avatar', { ...design, body: 33 }, member))).toEqual({
      err: 'Please choose a body from 1 to 32.',
      errcode: 'invalid',
    });
    expect(failureOf(await t.call('user.set_custom_avatar', { head: 1, body: 1 }, member)).errcode).toBe('invalid');
    expect(failureOf(await t.call('user.set_custom_avatar', { ...design, avatarid: 8 }, member))).toEqual({
      err: "That avatar id doesn't match the parts you chose.",
      errcode: 'invalid',
    });
    const avatarid = customAvatarId(design);
    expect((await t.ok('user.set_custom_avatar', { ...design, avatarid }, member)).avatarid).toBe(avatarid);
  });

  test('is for members only', async () => {
    expect(failureOf(await t.call('user.set_custom_avatar', design, await aGuest(t))).errcode).toBe('members_only');
  });
});

describe('avatar pictures', () => {
  const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];

  async function expectPicture(pathname: string): Promise<Response> {
    const response = await t.fetch(pathname);
    expect(response.status, pathname).toBe(200);
    expect(response.headers.get('content-type'), pathname).toMatch(/^image\/png/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 4)], pathname).toEqual(PNG_SIGNATURE);
    return response;
  }

  test('every avatar, 1 to 32, the cat and the Gold ones, in both sizes', async () => {
    const ids = [...new Set([...Array.from({ length: 32 }, (_, i) => i + 1), ...ALL_AVATAR_IDS])];
    for (const id of ids) {
      for (const url of Object.values(avatarImageUrls(id))) await expectPicture(url);
    }
  });

  test('are cached by the browser, and revalidated by ETag', async () => {
    const response = await expectPicture('/roommanager_assets/avatars/8/headfront.png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const again = await t.fetch('/roommanager_assets/avatars/8/headfront.png', {
      headers: { 'if-none-match': etag ?? '' },
    });
    expect(again.status).toBe(304);
  });

  test('are kept on disk once rendered', async () => {
    await expectPicture('/roommanager_assets/avatars/5/fullfront.png');
    const fs = await import('node:fs');
    const path = await import('node:path');
    const folder = path.join(t.app.services.config.dataDir, 'media', 'avatars', '5');
    expect(fs.readdirSync(folder).some((file) => /^fullfront-[0-9a-f]+\.png$/.test(file))).toBe(true);
  });

  test('a custom avatar has a picture of its own and its three layers', async () => {
    await expectPicture('/roommanager_assets/avatars/1071203/fullfront.png');
    await expectPicture('/roommanager_assets/avatars/1071203/headfront.png');
    for (const file of ['head-1', 'head-32', 'body-7', 'screen-32']) await expectPicture(customAvatarLayerUrl(file));
  });

  test('unknown ids, sizes and layers are 404', async () => {
    for (const pathname of [
      '/roommanager_assets/avatars/0/headfront.png',
      '/roommanager_assets/avatars/35/headfront.png',
      '/roommanager_assets/avatars/2999/fullfront.png',
      '/roommanager_assets/avatars/8/sidefront.png',
      '/roommanager_assets/avatars/8/headfront.jpg',
      '/roommanager_assets/avatars/abc/headfront.png',
      '/roommanager_assets/avatars/1001000/headfront.png',
      '/roommanager_assets/avatars/1330101/headfront.png',
      '/roommanager_assets/avatars/custom/head-0.png',
      '/roommanager_assets/avatars/custom/head-33.png',
      '/roommanager_assets/avatars/custom/hat-3.png',
      '/roommanager_assets/avatars/custom/..%2F..%2Fetc%2Fpasswd',
    ]) {
      expect((await t.fetch(pathname)).status, pathname).toBe(404);
    }
  });
});
