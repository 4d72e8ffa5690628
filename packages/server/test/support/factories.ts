/**
 * Test data through the API itself: a guest, a member, a room. Each call makes
 * someone (or something) new. What the API cannot make yet (staff, points,
 * social friends) goes through the app's own stores.
 */
import type { Credentials } from '@platter/contract';
import { updateUser } from '../../src/features/accounts/store';
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

export interface TestRoom {
  roomid: string;
  shortcut: string;
  name: string;
}

/** A room made through room.create by `creator`; a unique name unless one is given. */
export async function aRoom(
  t: TestApp,
  creator: Credentials,
  overrides: Partial<{ room_name: string; max_djs: number; privacy: 'unlisted'; djthreshold: number }> = {},
): Promise<TestRoom> {
  const name = overrides.room_name ?? `Room ${unique()}`;
  const created = await t.ok('room.create', { ...overrides, room_name: name }, creator);
  return { ...created, name };
}

/** A member with an access level of 1 or more: staff (spec §6), who edit headbands and news. */
export async function aStaffMember(t: TestApp, acl = 1): Promise<Member> {
  const member = await aMember(t);
  await updateUser(t.app.services.db, member.userid, { acl });
  return member;
}

/** Sets a member's DJ points, or anything else the API has no call for yet. */
export async function withPoints<T extends Credentials>(t: TestApp, who: T, points: number): Promise<T> {
  await updateUser(t.app.services.db, who.userid, { points });
  return who;
}

/**
 * Makes `friend` a social friend of `user` on `provider` (spec §3 Buddy entry, type 'friends'):
 * both have linked accounts there, and the provider lists the friend among the user's friends.
 */
export async function aSocialFriendship(
  t: TestApp,
  user: Credentials,
  friend: Credentials,
  provider = 'facebook',
): Promise<void> {
  const { db, now } = t.app.services;
  const accountId = (who: Credentials) => `${provider}-${who.userid}`;
  for (const who of [user, friend]) {
    await db
      .insertInto('socialAccounts')
      .values({
        userId: who.userid,
        provider,
        providerUserId: accountId(who),
        name: null,
        profileImage: null,
        createdAt: now(),
      })
      .onConflict((oc) => oc.columns(['provider', 'providerUserId']).doNothing())
      .execute();
  }
  await db
    .insertInto('socialFriends')
    .values({ userId: user.userid, provider, friendProviderUserId: accountId(friend) })
    .onConflict((oc) => oc.columns(['userId', 'provider', 'friendProviderUserId']).doNothing())
    .execute();
}

/** A member flagged as a bot (what `npm run make-bot` does), with a DJ name to match. */
export async function aBot(t: TestApp): Promise<Member> {
  const bot = await aMember(t, { name: `Bot ${unique()}` });
  await updateUser(t.app.services.db, bot.userid, { bot: 1 });
  return bot;
}
