/**
 * room.directory_graph (spec §2 Friends panel, §3 Buddy entry and Directory
 * graph): the public rooms where the caller's buddies are, each with them,
 * ordered by how many buddies, then by how many come from the first social
 * provider (facebook).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { room as listedRoom, type Buddy, type Credentials, type Room } from '@platter/contract';
import { updateUser } from '../src/features/accounts/store';
import { becomeFanOf } from '../src/features/fans/store';
import { enterRoom, leaveRoom } from '../src/features/rooms/membership';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest, aMember, aRoom, aSocialFriendship, type Member, type TestRoom } from './support/factories';
import { failureOf } from './support/envelopes';

let t: TestApp;
let viewer: Member;
const people = new Map<string, Member>();
const rooms = new Map<string, TestRoom>();

const person = (name: string) => people.get(name)!;
const room = (name: string) => rooms.get(name)!;
const enter = (who: Credentials, where: string) => enterRoom(t.app.services, who.userid, room(where).roomid);
async function crowd(where: string, listeners: number): Promise<void> {
  for (let n = 0; n < listeners; n++) await enter(await aGuest(t), where);
}

beforeAll(async () => {
  t = await startTestApp();
  const owner = await aMember(t);
  viewer = await aMember(t, { name: 'Vic Viewer' });
  for (const name of [
    'Three Buddies',
    'Two Facebook',
    'One Facebook',
    'No Facebook',
    'Lone Friend',
    'Lone Fan',
    'Strangers',
  ]) {
    rooms.set(name, await aRoom(t, owner, { room_name: name }));
  }
  rooms.set('Hidden', await aRoom(t, owner, { room_name: 'Hidden', privacy: 'unlisted' }));

  const fanned = ['Anna Fan', 'Ben Fan', 'Cleo Fan', 'Dora Fan', 'Eli Fan', 'Lou Hidden', 'Kit Both'];
  const facebook = ['Fay Book', 'Gus Book', 'Hana Book', 'Kit Both'];
  const twitter = ['Ivy Tweet', 'Jon Tweet'];
  for (const name of new Set([...fanned, ...facebook, ...twitter, 'Stan Ger']))
    people.set(name, await aMember(t, { name }));
  for (const name of fanned) await becomeFanOf(t.app.services, viewer.userid, person(name).userid);
  for (const name of facebook) await aSocialFriendship(t, viewer, person(name), 'facebook');
  for (const name of twitter) await aSocialFriendship(t, viewer, person(name), 'twitter');
  // A facebook friend with no account here is nobody's buddy.
  await t.app.services.db
    .insertInto('socialFriends')
    .values({ userId: viewer.userid, provider: 'facebook', friendProviderUserId: 'facebook-not-a-member' })
    .execute();
  await updateUser(t.app.services.db, person('Anna Fan').userid, { avatarId: 34 });

  // The quieter rooms have more buddies, or more from facebook: the order is by buddies, not liveliness.
  await enter(person('Anna Fan'), 'Three Buddies');
  await enter(person('Ben Fan'), 'Three Buddies');
  await enter(person('Ivy Tweet'), 'Three Buddies');
  await enter(person('Fay Book'), 'Two Facebook');
  await enter(person('Gus Book'), 'Two Facebook');
  await enter(person('Hana Book'), 'One Facebook');
  await enter(person('Cleo Fan'), 'One Facebook');
  await crowd('One Facebook', 5);
  await enter(person('Dora Fan'), 'No Facebook');
  await enter(person('Jon Tweet'), 'No Facebook');
  await crowd('No Facebook', 8);
  await enter(person('Kit Both'), 'Lone Friend');
  await enter(person('Eli Fan'), 'Lone Fan');
  await crowd('Lone Fan', 3);
  await enter(person('Lou Hidden'), 'Hidden');
  await crowd('Hidden', 12);
  await enter(person('Stan Ger'), 'Strangers');
  await crowd('Strangers', 20);
  // The viewer is somewhere too, but is not their own buddy.
  await enter(viewer, 'Strangers');
});
afterAll(() => t.close());

async function graph(as: Credentials = viewer): Promise<[Room, Buddy[]][]> {
  return (await t.ok('room.directory_graph', {}, as)).rooms;
}
const roomNames = (entries: [Room, Buddy[]][]) => entries.map(([each]) => each.name);
const buddyNames = (entries: [Room, Buddy[]][], where: string) =>
  entries
    .find(([each]) => each.name === where)?.[1]
    .map((buddy) => buddy.name)
    .sort();

describe('room.directory_graph', () => {
  test('orders rooms by buddies, then by buddies from facebook', async () => {
    expect(roomNames(await graph())).toEqual([
      'Three Buddies',
      'Two Facebook',
      'One Facebook',
      'No Facebook',
      'Lone Friend',
      'Lone Fan',
    ]);
  });

  test('lists the buddies in each room', async () => {
    const entries = await graph();
    expect(buddyNames(entries, 'Three Buddies')).toEqual(['Anna Fan', 'Ben Fan', 'Ivy Tweet']);
    expect(buddyNames(entries, 'Two Facebook')).toEqual(['Fay Book', 'Gus Book']);
    expect(buddyNames(entries, 'One Facebook')).toEqual(['Cleo Fan', 'Hana Book']);
    expect(buddyNames(entries, 'No Facebook')).toEqual(['Dora Fan', 'Jon Tweet']);
    expect(buddyNames(entries, 'Lone Friend')).toEqual(['Kit Both']);
    expect(buddyNames(entries, 'Lone Fan')).toEqual(['Eli Fan']);
  });

  test('a buddy entry is name, userid, type, icon and Gold level; someone both fanned and a friend is a friend, once', async () => {
    const entries = await graph();
    const [, three] = entries[0]!;
    const byName = (name: string) => three.find((buddy) => buddy.name === name);
    expect(byName('Anna Fan')).toEqual({
      name: 'Anna Fan',
      userid: person('Anna Fan').userid,
      type: 'fanned',
      icon: '/roommanager_assets/avatars/34/headfront.png',
      subscription_level: 0,
    });
    expect(byName('Ivy Tweet')).toEqual({
      name: 'Ivy Tweet',
      userid: person('Ivy Tweet').userid,
      type: 'friends',
      icon: '/roommanager_assets/avatars/8/headfront.png',
      subscription_level: 0,
    });
    expect(entries.find(([each]) => each.name === 'Lone Friend')![1]).toEqual([
      {
        name: 'Kit Both',
        userid: person('Kit Both').userid,
        type: 'friends',
        icon: '/roommanager_assets/avatars/8/headfront.png',
        subscription_level: 0,
      },
    ]);
    for (const [, buddies] of entries)
      for (const buddy of buddies)
        expect(Object.keys(buddy).sort()).toEqual(['icon', 'name', 'subscription_level', 'type', 'userid']);
  });

  test('each room is the room as room.info shows it', async () => {
    for (const [shown] of await graph()) {
      expect(shown).toEqual(listedRoom.parse((await t.ok('room.info', { roomid: shown.roomid })).room));
    }
    const [three] = (await graph())[0]!;
    expect(three.metadata.listeners).toBe(3);
  });

  test('leaves out unlisted rooms, rooms with no buddies, and the caller', async () => {
    const entries = await graph();
    expect(roomNames(entries)).not.toContain('Hidden');
    expect(roomNames(entries)).not.toContain('Strangers');
    expect(entries.flatMap(([, buddies]) => buddies.map((buddy) => buddy.userid))).not.toContain(viewer.userid);
    expect(entries.flatMap(([, buddies]) => buddies.map((buddy) => buddy.name))).not.toContain('Lou Hidden');
  });

  test('follows buddies as they move and leave', async () => {
    await leaveRoom(t.app.services, person('Hana Book').userid);
    let entries = await graph();
    expect(buddyNames(entries, 'One Facebook')).toEqual(['Cleo Fan']);
    // Now one buddy and none from facebook: after the lone facebook friend, alongside the lone fan.
    expect(roomNames(entries).slice(0, 4)).toEqual(['Three Buddies', 'Two Facebook', 'No Facebook', 'Lone Friend']);
    expect(new Set(roomNames(entries).slice(4))).toEqual(new Set(['One Facebook', 'Lone Fan']));

    await enter(person('Anna Fan'), 'Strangers');
    entries = await graph();
    expect(buddyNames(entries, 'Three Buddies')).toEqual(['Ben Fan', 'Ivy Tweet']);
    expect(buddyNames(entries, 'Strangers')).toEqual(['Anna Fan']);

    await leaveRoom(t.app.services, person('Eli Fan').userid);
    await leaveRoom(t.app.services, person('Cleo Fan').userid);
    entries = await graph();
    expect(roomNames(entries)).not.toContain('Lone Fan');
    expect(roomNames(entries)).not.toContain('One Facebook');

    // Back as they were, for whatever runs next.
    await enter(person('Anna Fan'), 'Three Buddies');
    await enter(person('Hana Book'), 'One Facebook');
    await enter(person('Cleo Fan'), 'One Facebook');
    await enter(person('Eli Fan'), 'Lone Fan');
    expect(roomNames(await graph())).toEqual([
      'Three Buddies',
      'Two Facebook',
      'One Facebook',
      'No Facebook',
      'Lone Friend',
      'Lone Fan',
    ]);
  });

  test('is empty for someone with no buddies, and for a guest', async () => {
    expect(await graph(await aMember(t))).toEqual([]);
    expect(await graph(await aGuest(t))).toEqual([]);
  });

  test("is each member's own", async () => {
    const other = await aMember(t);
    await becomeFanOf(t.app.services, other.userid, person('Stan Ger').userid);
    const entries = await graph(other);
    expect(roomNames(entries)).toEqual(['Strangers']);
    expect(buddyNames(entries, 'Strangers')).toEqual(['Stan Ger']);
  });

  test('needs a session', async () => {
    expect(failureOf(await t.call('room.directory_graph', {})).errcode).toBe('not_authenticated');
    expect(
      failureOf(await t.call('room.directory_graph', {}, { userid: viewer.userid, userauth: 'wrong' })).errcode,
    ).toBe('not_authenticated');
  });
});
