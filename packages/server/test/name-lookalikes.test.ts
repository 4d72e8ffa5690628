/**
 * Look-alike DJ names (issue 31): 'Vеlvet Walrus' with a Cyrillic е could sit
 * beside 'Velvet Walrus' and pass for it. Names are unique by their confusable
 * skeleton (Unicode TS #39) at every door: verify_name, both sign-ups, a
 * rename, a race, and the members a database already holds.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { messages } from '@platter/contract';
import * as nameSkeletonMigration from '../src/db/migrations/0015-name-skeleton';
import { isUniqueViolation } from '../src/api/errors';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest, aMember, type Member } from './support/factories';
import { failureOf } from './support/envelopes';

let t: TestApp;
let velvet: Member;
beforeAll(async () => {
  t = await startTestApp();
  velvet = await aMember(t, { name: 'Velvet Walrus' });
});
afterAll(() => t.close());

// Cyrillic е (U+0435) and а (U+0430) in place of the Latin letters.
const LOOKALIKE = 'V\u0435lvet W\u0430lrus';
const REFUSED = { err: messages.nameLookalike('Velvet Walrus'), errcode: 'conflict' };

let counter = 0;
const email = () => `lookalike-${process.pid}-${counter++}@example.com`;

describe('a name that looks like a taken one is refused, saying whose it looks like', () => {
  test('by user.verify_name', async () => {
    expect(LOOKALIKE).not.toBe('Velvet Walrus');
    for (const name of [LOOKALIKE, 'VELVET WALRUS'.replace('E', '\u0415'), 'Ve1vet Walrus'])
      expect(failureOf(await t.call('user.verify_name', { name })), name).toEqual(REFUSED);
  });

  test('by both sign-ups, and nobody is made', async () => {
    const signup = { name: LOOKALIKE, email: email(), password: 'secret-pw' };
    expect(failureOf(await t.call('user.email_register', signup))).toEqual(REFUSED);
    const guest = await aGuest(t);
    expect(failureOf(await t.call('user.guest_register', signup, guest))).toEqual(REFUSED);
    expect((await t.ok('user.info', {}, guest)).registered).toBe(false);
  });

  test('by a rename; a member may still respell their own name', async () => {
    const other = await aMember(t);
    expect(failureOf(await t.call('user.modify_profile', { name: LOOKALIKE }, other))).toEqual(REFUSED);
    expect((await t.ok('user.modify_profile', { name: LOOKALIKE }, velvet)).name).toBe(LOOKALIKE);
    // Now the Latin spelling is the look-alike of a taken name.
    expect(failureOf(await t.call('user.verify_name', { name: 'Velvet Walrus' }))).toEqual({
      err: messages.nameLookalike(LOOKALIKE),
      errcode: 'conflict',
    });
  });

  test('the same name in another case is still just taken', async () => {
    const member = await aMember(t, { name: 'Quiet Heron' });
    expect(failureOf(await t.call('user.verify_name', { name: 'quiet heron' }))).toEqual({
      err: messages.nameTaken,
      errcode: 'conflict',
    });
    expect(member.name).toBe('Quiet Heron');
  });

  test('two sign-ups racing with look-alikes: one gets the name, the other is refused', async () => {
    const answers = await Promise.all(
      ['Bold Otter', 'B\u043eld Otter'].map((name) =>
        t.call('user.email_register', { name, email: email(), password: 'secret-pw' }),
      ),
    );
    expect(answers.filter((answer) => answer[0])).toHaveLength(1);
    const refused = answers.find((answer) => !answer[0]);
    expect(failureOf(refused!).errcode).toBe('conflict');
    expect(failureOf(refused!).err).toMatch(
      /^That DJ name (is already taken|looks just like Bold Otter|looks just like B\u043eld Otter)/,
    );
  });
});

describe('the migration (0013) on members a database already holds', () => {
  let old: TestApp;
  beforeAll(async () => {
    old = await startTestApp();
  });
  afterAll(() => old.close());

  test('each gets its skeleton; of look-alikes already there, the first to register keeps it', async () => {
    const { db } = old.app.services;
    // Migrations see the database untyped, as migrate.ts hands it to them.
    const untyped = db as unknown as Kysely<unknown>;
    await nameSkeletonMigration.down(untyped);
    // As before 0013: members with no skeleton, two of them look-alikes.
    const members = [
      { id: 'm-first', name: 'Bob', nameLower: 'bob', registeredAt: 1, createdAt: 1 },
      { id: 'm-later', name: 'B\u043eb', nameLower: 'b\u043eb', registeredAt: 2, createdAt: 2 },
      { id: 'm-other', name: 'Rob', nameLower: 'rob', registeredAt: 3, createdAt: 3 },
      { id: 'm-guest', createdAt: 4 },
    ];
    await (untyped as Kysely<{ users: Record<string, unknown> }>).insertInto('users').values(members).execute();
    await nameSkeletonMigration.up(untyped);

    const rows = await db
      .selectFrom('users')
      .select(['id', 'nameSkeleton'])
      .where(
        'id',
        'in',
        members.map((member) => member.id),
      )
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'm-first', nameSkeleton: 'bob' },
      { id: 'm-guest', nameSkeleton: null },
      { id: 'm-later', nameSkeleton: null },
      { id: 'm-other', nameSkeleton: 'rob' },
    ]);
    // The index holds: a third look-alike cannot be stored, whatever the code above it checks.
    const third = db
      .insertInto('users')
      .values({ id: 'm-third', name: 'B0b', nameLower: 'b0b', nameSkeleton: 'bob', createdAt: 5 });
    await expect(third.execute()).rejects.toSatisfy(isUniqueViolation);
    // And through the API, the look-alike of the first is refused.
    expect(failureOf(await old.call('user.verify_name', { name: 'B0B' })).err).toBe(messages.nameLookalike('Bob'));
  });
});
