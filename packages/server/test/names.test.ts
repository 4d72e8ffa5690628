/** DJ names: user.suggest_name, user.verify_name and user.get_id. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { djName, firstError } from '@platter/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest, aMember, type Member } from './support/factories';
import { failureOf } from './support/envelopes';

let t: TestApp;
let member: Member;
beforeAll(async () => {
  t = await startTestApp();
  member = await aMember(t, { name: 'Velvet Walrus' });
});
afterAll(() => t.close());

describe('user.suggest_name', () => {
  test('suggests names that follow the DJ name rules and are free', async () => {
    const suggestions = await Promise.all(Array.from({ length: 15 }, () => t.ok('user.suggest_name', {})));
    for (const { suggested_name } of suggestions) {
      expect(firstError(djName, suggested_name), suggested_name).toBeNull();
      expect(await t.ok('user.verify_name', { name: suggested_name })).toEqual({ name: suggested_name });
    }
  });

  test('a suggestion can be signed up with', async () => {
    const { suggested_name } = await t.ok('user.suggest_name', {});
    const newcomer = await t.ok('user.email_register', {
      name: suggested_name,
      email: 'suggested@example.com',
      password: 'secret-pw',
    });
    expect((await t.ok('user.info', {}, newcomer)).name).toBe(suggested_name);
  });

  test('needs no session, and works with one', async () => {
    expect((await t.ok('user.suggest_name', {}, await aGuest(t))).suggested_name).toBeTruthy();
  });
});

describe('user.verify_name', () => {
  test('a free name is fine and comes back trimmed', async () => {
    expect(await t.ok('user.verify_name', { name: 'Nobody Yet' })).toEqual({ name: 'Nobody Yet' });
    expect(await t.ok('user.verify_name', { name: '  Nobody Yet  ' })).toEqual({ name: 'Nobody Yet' });
  });

  test('a taken name is refused whatever its case', async () => {
    for (const name of ['Velvet Walrus', 'velvet walrus', 'VELVET WALRUS', ' Velvet Walrus ']) {
      expect(failureOf(await t.call('user.verify_name', { name })), name).toEqual({
        err: 'That DJ name is already taken. Try another!',
        errcode: 'conflict',
      });
    }
  });

  test("a member's own name is not taken from them", async () => {
    expect(await t.ok('user.verify_name', { name: 'velvet walrus' }, member)).toEqual({ name: 'velvet walrus' });
  });

  test.each([
    ['', "Your DJ name can't be blank"],
    ['   ', "Your DJ name can't be blank"],
    ['x'.repeat(21), 'Your DJ name is too long! Keep it under 20 characters'],
    ['no<tags>', "Your DJ name can't have special characters"],
    ['two  spaces', "Your DJ name can't have two spaces in a row"],
  ])('applies the rules: %j', async (name, message) => {
    expect(failureOf(await t.call('user.verify_name', { name }))).toEqual({ err: message, errcode: 'invalid' });
  });

  test('exactly 20 characters is fine', async () => {
    const name = 'y'.repeat(20);
    expect(await t.ok('user.verify_name', { name })).toEqual({ name });
  });

  test('a missing name is named', async () => {
    expect(failureOf(await t.call('user.verify_name', {}))).toEqual({
      err: "The field 'name' is required.",
      errcode: 'invalid',
    });
  });
});

describe('user.get_id', () => {
  test("finds a member's userid by name, in any case", async () => {
    for (const name of ['Velvet Walrus', 'velvet walrus', '  VELVET walrus ']) {
      expect(await t.ok('user.get_id', { name })).toEqual({ userid: member.userid });
    }
  });

  test('an unknown name is not found', async () => {
    expect(failureOf(await t.call('user.get_id', { name: 'Never Heard Of' }))).toEqual({
      err: "Sorry, we couldn't find a DJ by that name.",
      errcode: 'not_found',
    });
  });

  test('a blank name asks for one', async () => {
    expect(failureOf(await t.call('user.get_id', { name: ' ' }))).toEqual({
      err: 'Please enter a DJ name',
      errcode: 'invalid',
    });
    expect(failureOf(await t.call('user.get_id', {})).errcode).toBe('invalid');
  });
});
