/**
 * room.create (spec §2 Create-room modal, §3 Room create payload, §5, §9),
 * room.info, and the favorites calls.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { roomMessages, type Credentials } from '@platter/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest, aMember, aRoom, type Member } from './support/factories';
import { failureOf } from './support/envelopes';

let clock = Date.parse('2030-05-01T10:00:00Z');
let t: TestApp;
let member: Member;
beforeAll(async () => {
  t = await startTestApp({}, () => clock);
  member = await aMember(t);
});
afterAll(() => t.close());

const NO_SUCH_ROOM = { err: "Sorry, we couldn't find that room.", errcode: 'not_found' };
const listedIds = async () => (await t.ok('room.directory_rooms', { limit: 100 })).rooms.map((room) => room.roomid);

describe('room.create', () => {
  test('answers the new room id and its shortcut; the room has the defaults', async () => {
    clock += 60_000;
    const created = await t.ok('room.create', { room_name: 'Sunday Brunch Beats' }, member);
    expect(created).toEqual({
      roomid: expect.stringMatching(/^[0-9a-f]{24}$/) as string,
      shortcut: 'sunday-brunch-beats',
    });
    expect(Object.keys(created).sort()).toEqual(['roomid', 'shortcut']);

    const { room } = await t.ok('room.info', { roomid: created.roomid });
    expect(room).toEqual({
      roomid: created.roomid,
      shortcut: 'sunday-brunch-beats',
      name: 'Sunday Brunch Beats',
      description: null,
      theme: null,
      created: clock,
      metadata: {
        max_djs: 5,
        djcount: 0,
        listeners: 0,
        featured: false,
        djthreshold: 0,
        current_song: null,
        slow_mode: 0,
        creator: member.userid,
        moderator_id: [],
        // No stage rules until its moderators set some.
        rules: {
          stage_locked: false,
          waitlist_locked: false,
          afk_minutes: 0,
          max_song_minutes: 0,
          no_repeat_hours: 0,
          dj_song_limit: 0,
        },
      },
    });
    // Public by default: listed at once.
    expect(await listedIds()).toContain(created.roomid);
  });

  test('keeps the options asked for, given as numbers or numeric strings', async () => {
    const { roomid } = await t.ok('room.create', { room_name: 'Small Stage', max_djs: 2, djthreshold: 150 }, member);
    expect((await t.ok('room.info', { roomid })).room.metadata).toMatchObject({ max_djs: 2, djthreshold: 150 });
    const other = await t.ok('room.create', { room_name: 'Solo Stage', max_djs: '1', djthreshold: '0' }, member);
    expect((await t.ok('room.info', { roomid: other.roomid })).room.metadata).toMatchObject({
      max_djs: 1,
      djthreshold: 0,
    });
  });

  test('trims the name', async () => {
    const { roomid, shortcut } = await t.ok('room.create', { room_name: '   Padded Name  ' }, member);
    expect(shortcut).toBe('padded-name');
    expect((await t.ok('room.info', { roomid })).room.name).toBe('Padded Name');
  });

  describe('shortcuts', () => {
    test('come from the name and are unique: a second "Jazz" gets jazz-2', async () => {
      expect((await aRoom(t, member, { room_name: 'Jazz' })).shortcut).toBe('jazz');
      expect((await aRoom(t, member, { room_name: 'Jazz' })).shortcut).toBe('jazz-2');
      expect((await aRoom(t, member, { room_name: 'JAZZ!' })).shortcut).toBe('jazz-3');
      const another = await aMember(t);
      expect((await aRoom(t, another, { room_name: 'jazz' })).shortcut).toBe('jazz-4');
    });

    test('fold accents and drop what is not URL-safe', async () => {
      expect((await aRoom(t, member, { room_name: 'Café Del Mar & Friends!' })).shortcut).toBe('cafe-del-mar-friends');
    });

    test('never take a path the app uses: reserved words get a prefix', async () => {
      expect((await aRoom(t, member, { room_name: 'Profile' })).shortcut).toBe('room-profile');
      expect((await aRoom(t, member, { room_name: 'Login' })).shortcut).toBe('room-login');
      expect((await aRoom(t, member, { room_name: 'login' })).shortcut).toBe('room-login-2');
      expect((await aRoom(t, member, { room_name: 'API' })).shortcut).toBe('room-api');
      expect((await aRoom(t, member, { room_name: 'Create Room' })).shortcut).toBe('room-create-room');
    });

    test('a name with nothing URL-safe still gets one', async () => {
      expect((await aRoom(t, member, { room_name: '日本の音楽' })).shortcut).toMatch(/^room(-\d+)?$/);
    });

    test('many rooms of one name made at once all get distinct shortcuts', async () => {
      const made = await Promise.all(
        Array.from({ length: 6 }, () => t.ok('room.create', { room_name: 'Rush Hour' }, member)),
      );
      const shortcuts = made.map((room) => room.shortcut);
      expect(new Set(shortcuts).size).toBe(6);
      expect(shortcuts.sort()).toEqual([
        'rush-hour',
        'rush-hour-2',
        'rush-hour-3',
        'rush-hour-4',
        'rush-hour-5',
        'rush-hour-6',
      ]);
    });
  });

  describe('unlisted rooms', () => {
    test('are not listed, but room.info finds them by shortcut and by id', async () => {
      const { roomid, shortcut } = await t.ok(
        'room.create',
        { room_name: 'Private Party', privacy: 'unlisted' },
        member,
      );
      expect(shortcut).toBe('private-party');
      expect(await listedIds()).not.toContain(roomid);
      expect((await t.ok('room.search', { query: 'private party' })).rooms).toEqual([]);

      const byShortcut = await t.ok('room.info', { roomid: shortcut });
      const byId = await t.ok('room.info', { roomid });
      expect(byShortcut).toEqual(byId);
      expect(byId.room).toMatchObject({ roomid, shortcut, name: 'Private Party' });
    });

    test('privacy is "unlisted" or left out', async () => {
      expect(failureOf(await t.call('room.create', { room_name: 'Odd', privacy: 'public' }, member))).toEqual({
        err: "Privacy is 'unlisted', or left out for a public room.",
        errcode: 'invalid',
      });
    });
  });

  describe('validation (spec §5)', () => {
    const refusal = async (params: Record<string, unknown>, as: Credentials = member) =>
      failureOf(await t.call('room.create', params, as));

    test.each([{}, { room_name: '' }, { room_name: '   ' }, { room_name: null }, { max_djs: 3 }])(
      '%j: "Room needs a name."',
      async (params) => {
        expect(await refusal(params)).toEqual({ err: 'Room needs a name.', errcode: 'invalid' });
        expect(roomMessages.nameRequired).toBe('Room needs a name.');
      },
    );

    test('a name longer than a tile holds', async () => {
      expect(await refusal({ room_name: 'x'.repeat(51) })).toEqual({
        err: 'Keep the room name under 50 characters.',
        errcode: 'invalid',
      });
      expect((await t.ok('room.create', { room_name: 'y'.repeat(50) }, member)).shortcut).toBe('y'.repeat(40));
    });

    test('a name that turns or hides its text (a right-to-left override) is refused, and no room made', async () => {
      const before = (await t.ok('room.directory_rooms', { limit: 100 })).rooms.length;
      expect(await refusal({ room_name: '\u202Eevil' })).toEqual({
        err: roomMessages.nameInvisible,
        errcode: 'invalid',
      });
      expect((await t.ok('room.directory_rooms', { limit: 100 })).rooms.length).toBe(before);
    });

    test.each([0, 6, -1, 100, '0', '6'])('max_djs %j: "Max DJs must be between 1 and 5."', async (max_djs) => {
      expect(await refusal({ room_name: 'Stage', max_djs })).toEqual({
        err: 'Max DJs must be between 1 and 5.',
        errcode: 'invalid',
      });
    });

    test.each(['abc', 2.5, '', true])('max_djs %j: "Max DJs must be between 1 and 5."', async (max_djs) => {
      expect(await refusal({ room_name: 'Stage', max_djs })).toEqual({
        err: 'Max DJs must be between 1 and 5.',
        errcode: 'invalid',
      });
    });

    test.each([-1, '-5'])('djthreshold %j: "Points to DJ must be a whole number, 0 or more."', async (djthreshold) => {
      expect(await refusal({ room_name: 'Stage', djthreshold })).toEqual({
        err: 'Points to DJ must be a whole number, 0 or more.',
        errcode: 'invalid',
      });
    });

    test.each(['lots', 1.5])(
      'djthreshold %j: "Points to DJ must be a whole number, 0 or more."',
      async (djthreshold) => {
        expect(await refusal({ room_name: 'Stage', djthreshold })).toEqual({
          err: 'Points to DJ must be a whole number, 0 or more.',
          errcode: 'invalid',
        });
      },
    );

    test('nothing is made when the request is refused', async () => {
      const before = await listedIds();
      await refusal({ room_name: 'Never Made', max_djs: 9 });
      expect(await listedIds()).toEqual(before);
      expect(failureOf(await t.call('room.info', { roomid: 'never-made' }))).toEqual(NO_SUCH_ROOM);
    });
  });

  describe('who may create', () => {
    test('a guest: members_only', async () => {
      expect(failureOf(await t.call('room.create', { room_name: 'Guest Room' }, await aGuest(t)))).toEqual({
        err: 'Please sign up or log in to do that.',
        errcode: 'members_only',
      });
    });

    test('nobody (no session, or a wrong one): not_authenticated', async () => {
      expect(failureOf(await t.call('room.create', { room_name: 'Nobody Room' })).errcode).toBe('not_authenticated');
      expect(
        failureOf(await t.call('room.create', { room_name: 'Nobody Room' }, { userid: member.userid, userauth: 'x' }))
          .errcode,
      ).toBe('not_authenticated');
    });

    test('only by POST', async () => {
      const query = new URLSearchParams({ ...member, room_name: 'By Get' });
      const response = await t.fetch(`/api/room.create?${query}`);
      expect(response.status).toBe(405);
      expect(await response.json()).toEqual([
        false,
        { err: 'room.create must be called with POST.', errcode: 'wrong_method' },
      ]);
    });
  });
});

describe('room.info', () => {
  test('an unknown room is not_found', async () => {
    expect(failureOf(await t.call('room.info', { roomid: 'no-such-room' }))).toEqual(NO_SUCH_ROOM);
    expect(failureOf(await t.call('room.info', { roomid: '0123456789abcdef01234567' }))).toEqual(NO_SUCH_ROOM);
  });

  test('asks which room', async () => {
    expect(failureOf(await t.call('room.info', { roomid: '  ' }))).toEqual({
      err: 'Please say which room.',
      errcode: 'invalid',
    });
    expect(failureOf(await t.call('room.info', {})).errcode).toBe('invalid');
  });

  test('finds a shortcut whatever its case, and is open to anyone', async () => {
    const room = await aRoom(t, member, { room_name: 'Case Study' });
    expect((await t.ok('room.info', { roomid: 'CASE-STUDY' })).room.roomid).toBe(room.roomid);
    expect((await t.ok('room.info', { roomid: room.shortcut }, await aGuest(t))).room.roomid).toBe(room.roomid);
  });
});

describe('favorites', () => {
  test('add, get, remove: a round trip', async () => {
    const fan = await aMember(t);
    const [a, b] = [await aRoom(t, member), await aRoom(t, member)];
    expect(await t.ok('room.get_favorites', {}, fan)).toEqual({ roomids: [] });

    clock += 1000;
    expect(await t.ok('room.add_favorite', { roomid: a.roomid }, fan)).toEqual({});
    clock += 1000;
    // By shortcut too: what follows the slash in the room's address.
    expect(await t.ok('room.add_favorite', { roomid: b.shortcut }, fan)).toEqual({});
    // Newest first.
    expect(await t.ok('room.get_favorites', {}, fan)).toEqual({ roomids: [b.roomid, a.roomid] });

    expect(await t.ok('room.rem_favorite', { roomid: a.roomid }, fan)).toEqual({});
    expect(await t.ok('room.get_favorites', {}, fan)).toEqual({ roomids: [b.roomid] });
    expect(await t.ok('room.rem_favorite', { roomid: b.shortcut }, fan)).toEqual({});
    expect(await t.ok('room.get_favorites', {}, fan)).toEqual({ roomids: [] });
  });

  test('are idempotent', async () => {
    const fan = await aMember(t);
    const room = await aRoom(t, member);
    await t.ok('room.add_favorite', { roomid: room.roomid }, fan);
    await t.ok('room.add_favorite', { roomid: room.roomid }, fan);
    await t.ok('room.add_favorite', { roomid: room.shortcut }, fan);
    expect(await t.ok('room.get_favorites', {}, fan)).toEqual({ roomids: [room.roomid] });
    await t.ok('room.rem_favorite', { roomid: room.roomid }, fan);
    expect(await t.ok('room.rem_favorite', { roomid: room.roomid }, fan)).toEqual({});
    expect(await t.ok('room.get_favorites', {}, fan)).toEqual({ roomids: [] });
  });

  test("are each member's own", async () => {
    const [one, two] = [await aMember(t), await aMember(t)];
    const room = await aRoom(t, member);
    await t.ok('room.add_favorite', { roomid: room.roomid }, one);
    expect(await t.ok('room.get_favorites', {}, two)).toEqual({ roomids: [] });
    await t.ok('room.rem_favorite', { roomid: room.roomid }, two);
    expect(await t.ok('room.get_favorites', {}, one)).toEqual({ roomids: [room.roomid] });
  });

  test('an unknown room is not_found', async () => {
    expect(failureOf(await t.call('room.add_favorite', { roomid: 'no-such-room' }, member))).toEqual(NO_SUCH_ROOM);
    expect(failureOf(await t.call('room.rem_favorite', { roomid: 'no-such-room' }, member))).toEqual(NO_SUCH_ROOM);
  });

  test('guests get members_only; nobody gets not_authenticated', async () => {
    const guest = await aGuest(t);
    const room = await aRoom(t, member);
    for (const name of ['room.add_favorite', 'room.rem_favorite'] as const) {
      expect(failureOf(await t.call(name, { roomid: room.roomid }, guest)).errcode, name).toBe('members_only');
      expect(failureOf(await t.call(name, { roomid: room.roomid })).errcode, name).toBe('not_authenticated');
    }
    expect(failureOf(await t.call('room.get_favorites', {}, guest)).errcode).toBe('members_only');
    expect(failureOf(await t.call('room.get_favorites', {})).errcode).toBe('not_authenticated');
  });

  test('show in the favorites view', async () => {
    const fan = await aMember(t);
    const room = await aRoom(t, member);
    await t.ok('room.add_favorite', { roomid: room.roomid }, fan);
    const { rooms } = await t.ok('room.directory_rooms', { constraints: 'favorites' }, fan);
    expect(rooms.map((each) => each.roomid)).toEqual([room.roomid]);
  });
});
