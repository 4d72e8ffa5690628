/** Several apps on one database server: each fresh database (a SQLite file, a PostgreSQL schema) is migrated on its own. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest } from './support/factories';

let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  // One after the other, the first still open: on PostgreSQL its schema already holds
  // Kysely's migration tables when the second migrates its own.
  first = await startTestApp();
  second = await startTestApp();
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

test('an app started beside another gets its own tables and works', async () => {
  const a = await aGuest(first);
  const b = await aGuest(second);
  expect((await first.ok('user.authenticate', {}, a)).userid).toBe(a.userid);
  expect((await second.ok('user.authenticate', {}, b)).userid).toBe(b.userid);
  // Nothing leaks from one database into the other.
  expect((await second.call('user.authenticate', {}, a))[0]).toBe(false);
});
