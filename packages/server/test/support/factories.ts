/** Test data through the API itself: a guest, a member. Each call makes someone new. */
import type { Credentials } from '@platter/contract';
import type { TestApp } from './test-app';

let counter = 0;
const unique = () => `${Date.now().toString(36).slice(-4)}${(counter++).toString(36)}`;

export interface Member extends Credentials {
  name: string;
  email: string;
  password: string;
}

export async function aGuest(t: TestApp): Promise<Credentials> {
  return t.ok('user.guest_create', {});
}

export async function aMember(
  t: TestApp,
  overrides: Partial<Pick<Member, 'name' | 'email' | 'password'>> = {},
): Promise<Member> {
  const id = unique();
  const details = {
    name: overrides.name ?? `Member ${id}`,
    email: overrides.email ?? `member-${id}@example.com`,
    password: overrides.password ?? 'correct horse',
  };
  const credentials = await t.ok('user.email_register', { ...details, avatarid: 8 });
  return { ...details, ...credentials };
}
