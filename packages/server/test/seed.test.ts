/** seedIfWanted: demo members on a first start, never twice, never when SEED_DEMO says no. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Services } from '../src/api/context';
import { seedIfWanted } from '../src/seed';
import { ALL_DEMO_MEMBERS, DEMO_MEMBERS, DEMO_PASSWORD } from '../src/seed/members';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest } from './support/factories';
import { failureOf } from './support/envelopes';

/** Everyone: members, the staff account and the guests who fill the rooms. */
async function userCount(t: TestApp): Promise<number> {
  const row = await t.app.services.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function memberCount(t: TestApp): Promise<number> {
  const row = await t.app.services.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('name', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The demo members and the staff account the news comes from. */
const SEEDED_MEMBERS = ALL_DEMO_MEMBERS.length + 1;

const seed = (t: TestApp, services: Services = t.app.services) => seedIfWanted(services, t.app.http.log);
const withSeedDemo = (t: TestApp, seedDemo: boolean | undefined): Services => ({
  ...t.app.services,
  config: { ...t.app.services.config, seedDemo },
});

describe('a first start (SEED_DEMO unset, empty database)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    expect(t.app.services.config.seedDemo).toBeUndefined();
    expect(await userCount(t)).toBe(0);
    await seed(t);
  });
  afterAll(() => t.close());

  test('makes the demo members', async () => {
    expect(await memberCount(t)).toBe(SEEDED_MEMBERS);
    for (const member of DEMO_MEMBERS) {
      expect((await t.call('user.get_id', { name: member.name }))[0], member.name).toBe(true);
    }
  });

  test('ada@example.com / platter-demo can log in', async () => {
    expect(DEMO_PASSWORD).toBe('platter-demo');
    const session = await t.ok('user.email_login', { email: 'ada@example.com', password: 'platter-demo' });
    const info = await t.ok('user.info', {}, session);
    expect(info).toMatchObject({
      name: 'Ada Vinyl',
      registered: true,
      // The demo members' emails are already verified.
      email: 'ada@example.com',
      unverified_email: null,
      has_tt_password: true,
      points: 1520,
      // Each is a fan of the next three, so each has three fans.
      fans: 3,
      fanofs: 3,
    });
  });

  test('every demo member can log in with the demo password', async () => {
    for (const member of DEMO_MEMBERS) {
      const session = await t.ok('user.email_login', { email: member.email, password: DEMO_PASSWORD });
      expect((await t.ok('user.info', {}, session)).name).toBe(member.name);
    }
  });

  test('is idempotent: a second start, even one that asks for the demo, adds nothing', async () => {
    const before = await userCount(t);
    await seed(t);
    await seed(t, withSeedDemo(t, true));
    expect(await userCount(t)).toBe(before);
    expect(await memberCount(t)).toBe(SEEDED_MEMBERS);
  });
});

describe('SEED_DEMO=0', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seedDemo: false });
  });
  afterAll(() => t.close());

  test('does nothing, even on an empty database', async () => {
    await seed(t);
    expect(await userCount(t)).toBe(0);
    expect(
      failureOf(await t.call('user.email_login', { email: 'ada@example.com', password: 'platter-demo' })).errcode,
    ).toBe('invalid');
  });
});

describe('a database already in use', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await aGuest(t);
  });
  afterAll(() => t.close());

  test('is not seeded when SEED_DEMO is unset', async () => {
    await seed(t);
    expect(await userCount(t)).toBe(1);
  });

  test('is seeded when SEED_DEMO=1, once', async () => {
    await seed(t, withSeedDemo(t, true));
    const after = await userCount(t);
    expect(await memberCount(t)).toBe(SEEDED_MEMBERS);
    await seed(t, withSeedDemo(t, true));
    expect(await userCount(t)).toBe(after);
    expect((await t.ok('user.email_login', { email: 'ADA@example.com', password: DEMO_PASSWORD })).userid).toBeTruthy();
  });
});
