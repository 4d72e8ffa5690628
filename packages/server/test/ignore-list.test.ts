/** The ignore list (spec §2 Ignore modal, §4 Ignore list and Fan state, §7 block.add, block.remove, block.list_all). */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { IGNORE_LIST_MAX } from '@platter/contract';
import { becomeFanOf } from '../src/features/fans/store';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest, aMember } from './support/factories';
import { failureOf } from './support/envelopes';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const isFan = async (fanId: string, djId: string) =>
  (await t.app.services.db
    .selectFrom('fans')
    .select('fanId')
    .where('fanId', '=', fanId)
    .where('djId', '=', djId)
    .executeTakeFirst()) !== undefined;

describe('block.add', () => {
  test('adds someone to the end of the list, by id, and answers with their name', async () => {
    const [member, first, second] = [await aMember(t), await aMember(t), await aMember(t)];
    expect(await t.ok('block.add', { blockedid: first.userid }, member)).toEqual({
      unfanned: false,
      username: first.name,
    });
    await t.ok('block.add', { blockedid: second.userid }, member);
    expect(await t.ok('block.list_all', {}, member)).toEqual({
      blocks: [
        { blockedid: first.userid, username: first.name },
        { blockedid: second.userid, username: second.name },
      ],
    });
  });

  test('ignoring twice is ignoring once', async () => {
    const [member, other] = [await aMember(t), await aMember(t)];
    await t.ok('block.add', { blockedid: other.userid }, member);
    await t.ok('block.add', { blockedid: other.userid }, member);
    expect((await t.ok('block.list_all', {}, member)).blocks).toHaveLength(1);
  });

  test('ignoring a fan also unfans them (spec §4 Fan state); the ignorer stays their fan', async () => {
    const [member, fan] = [await aMember(t), await aMember(t)];
    await becomeFanOf(t.app.services, fan.userid, member.userid);
    await becomeFanOf(t.app.services, member.userid, fan.userid);
    expect(await t.ok('block.add', { blockedid: fan.userid }, member)).toEqual({ unfanned: true, username: fan.name });
    expect(await isFan(fan.userid, member.userid)).toBe(false);
    expect(await isFan(member.userid, fan.userid)).toBe(true);
    expect((await t.ok('user.info', {}, member)).fans).toBe(0);
    // Already unfanned: a second add says so no more.
    expect((await t.ok('block.add', { blockedid: fan.userid }, member)).unfanned).toBe(false);
  });

  test("you can't ignore yourself", async () => {
    const member = await aMember(t);
    expect(failureOf(await t.call('block.add', { blockedid: member.userid }, member))).toEqual({
      err: "You can't ignore yourself.",
      errcode: 'invalid',
    });
  });

  test('an unknown id, or a guest, is nobody to ignore', async () => {
    const [member, guest] = [await aMember(t), await aGuest(t)];
    for (const blockedid of ['0123456789abcdef01234567', guest.userid]) {
      expect(failureOf(await t.call('block.add', { blockedid }, member))).toEqual({
        err: "Sorry, we couldn't find that user.",
        errcode: 'not_found',
      });
    }
    expect((await t.ok('block.list_all', {}, member)).blocks).toEqual([]);
  });

  test('a blank id is refused', async () => {
    const member = await aMember(t);
    expect(failureOf(await t.call('block.add', { blockedid: '  ' }, member))).toEqual({
      err: 'Please say whom to ignore.',
      errcode: 'invalid',
    });
  });

  test(`the list holds at most ${IGNORE_LIST_MAX}`, async () => {
    const [member, last] = [await aMember(t), await aMember(t)];
    // A full list straight in the store: through the API it would take a thousand sign-ups.
    const { db } = t.app.services;
    const ids = Array.from(
      { length: IGNORE_LIST_MAX },
      (_, i) => `${member.userid.slice(0, 16)}${String(i).padStart(8, '0')}`,
    );
    await db
      .insertInto('users')
      .values(ids.map((id) => ({ id, name: `Filler ${id}`, nameLower: `filler ${id}`, createdAt: 0 })))
      .execute();
    await db
      .insertInto('blocks')
      .values(ids.map((blockedId, i) => ({ userId: member.userid, blockedId, createdAt: i })))
      .execute();
    expect(failureOf(await t.call('block.add', { blockedid: last.userid }, member))).toEqual({
      err: `Your ignore list is full (${IGNORE_LIST_MAX} people). Remove someone first.`,
      errcode: 'forbidden',
    });
    // Someone already on it can still be added again (it changes nothing), and removing makes room.
    await t.ok('block.add', { blockedid: ids[0]! }, member);
    await t.ok('block.remove', { blockedid: ids[0]! }, member);
    await t.ok('block.add', { blockedid: last.userid }, member);
    expect((await t.ok('block.list_all', {}, member)).blocks).toHaveLength(IGNORE_LIST_MAX);
  });

  test('is for members', async () => {
    const other = await aMember(t);
    expect(failureOf(await t.call('block.add', { blockedid: other.userid })).errcode).toBe('not_authenticated');
    expect(failureOf(await t.call('block.add', { blockedid: other.userid }, await aGuest(t))).errcode).toBe(
      'members_only',
    );
  });
});

describe('block.remove', () => {
  test('takes someone off the list; removing again, or someone never there, is fine', async () => {
    const [member, a, b] = [await aMember(t), await aMember(t), await aMember(t)];
    await t.ok('block.add', { blockedid: a.userid }, member);
    await t.ok('block.add', { blockedid: b.userid }, member);
    expect(await t.ok('block.remove', { blockedid: a.userid }, member)).toEqual({});
    expect(await t.ok('block.remove', { blockedid: a.userid }, member)).toEqual({});
    expect(await t.ok('block.remove', { blockedid: 'never-there' }, member)).toEqual({});
    expect((await t.ok('block.list_all', {}, member)).blocks).toEqual([{ blockedid: b.userid, username: b.name }]);
  });

  test('is for members', async () => {
    expect(failureOf(await t.call('block.remove', { blockedid: 'x' }, await aGuest(t))).errcode).toBe('members_only');
  });
});

describe('block.list_all', () => {
  test("is the caller's own list, showing current names", async () => {
    const [member, other, ignored] = [await aMember(t), await aMember(t), await aMember(t)];
    await t.ok('block.add', { blockedid: ignored.userid }, other);
    expect(await t.ok('block.list_all', {}, member)).toEqual({ blocks: [] });
    await t.app.services.db.updateTable('users').set({ name: 'Renamed DJ' }).where('id', '=', ignored.userid).execute();
    expect(await t.ok('block.list_all', {}, other)).toEqual({
      blocks: [{ blockedid: ignored.userid, username: 'Renamed DJ' }],
    });
  });

  test('is for members', async () => {
    expect(failureOf(await t.call('block.list_all', {})).errcode).toBe('not_authenticated');
  });
});
