import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';
import { aMember } from './support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

test('a member registers and logs in', async () => {
  const member = await aMember(t);
  const login = await t.ok('user.email_login', { email: member.email, password: member.password });
  expect(login.userid).toBe(member.userid);
});
