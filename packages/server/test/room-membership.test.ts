/**
 * Who is in which room (features/rooms/membership.ts, now-playing.ts): the
 * counts a lobby tile shows (spec §3 Room metadata), the DJ points behind
 * Best DJs, hotness, the sweep that keeps it current, and the song playing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Credentials } from '@platter/contract';
import type { RoomRow } from '../src/db/schema';
import { hotness, HOTNESS_TIME_SCALE_S } from '../src/features/rooms/hotness';
import {
  enterRoom,
  leaveRoom,
  LOBBY_CHANNEL,
  recountRoom,
  sweepHotness,
  type LobbyEvent,
} from '../src/features/rooms/membership';
import { playSong } from '../src/features/rooms/now-playing';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest, aMember, aRoom, withPoints, type Member, type TestRoom } from './support/factories';

const MINUTE = 60_000;
let clock = Date.parse('2030-07-01T20:00:00Z');
let t: TestApp;
let owner: Member;

beforeAll(async () => {
  t = await startTestApp({}, () => clock);
  owner = await aMember(t);
});
afterAll(() => t.close());

const enter = (who: Credentials, room: TestRoom, asDj = false) =>
  enterRoom(t.app.services, who.userid, room.roomid, { asDj });
const leave = (who: Credentials) => leaveRoom(t.app.services, who.userid);

async function row(room: TestRoom): Promise<RoomRow> {
  return t.app.services.db.selectFrom('rooms').selectAll().where('id', '=', room.roomid).executeTakeFirstOrThrow();
}
/** What a tile shows, and the DJ points behind Best DJs. */
async function counts(room: TestRoom) {
  const { metadata } = (await t.ok('room.info', { roomid: room.roomid })).room;
  return { listeners: metadata.listeners, djcount: metadata.djcount, djPoints: (await row(room)).djPoints };
}

describe('entering and leaving', () => {
  test('keep listeners, DJs and DJ points right as people move between rooms', async () => {
    const [red, blue] = [await aRoom(t, owner), await aRoom(t, owner)];
    const dj = await withPoints(t, await aMember(t), 700);
    const listener = await withPoints(t, await aMember(t), 9_000);
    const guest = await aGuest(t);

    await enter(listener, red);
    expect(await counts(red)).toEqual({ listeners: 1, djcount: 0, djPoints: 0 });
    await enter(dj, red, true);
    expect(await counts(red)).toEqual({ listeners: 2, djcount: 1, djPoints: 700 });
    await enter(guest, red);
    expect(await counts(red)).toEqual({ listeners: 3, djcount: 1, djPoints: 700 });

    // The DJ moves to blue, and listens there: red loses a DJ, blue gains a listener.
    await enter(dj, blue);
    expect(await counts(red)).toEqual({ listeners: 2, djcount: 0, djPoints: 0 });
    expect(await counts(blue)).toEqual({ listeners: 1, djcount: 0, djPoints: 0 });
    // Stepping up to the stage in the same room: still one person.
    await enter(dj, blue, true);
    expect(await counts(blue)).toEqual({ listeners: 1, djcount: 1, djPoints: 700 });
    // And down again.
    await enter(dj, blue);
    expect(await counts(blue)).toEqual({ listeners: 1, djcount: 0, djPoints: 0 });

    await enter(listener, blue, true);
    expect(await counts(blue)).toEqual({ listeners: 2, djcount: 1, djPoints: 9_000 });
    expect(await counts(red)).toEqual({ listeners: 1, djcount: 0, djPoints: 0 });

    await leave(guest);
    expect(await counts(red)).toEqual({ listeners: 0, djcount: 0, djPoints: 0 });
    await leave(listener);
    await leave(dj);
    expect(await counts(blue)).toEqual({ listeners: 0, djcount: 0, djPoints: 0 });
  });

  test('a person is in one room at a time', async () => {
    const rooms = [await aRoom(t, owner), await aRoom(t, owner), await aRoom(t, owner)];
    const roamer = await aGuest(t);
    for (const room of [...rooms, ...rooms]) {
      await enter(roamer, room);
      for (const each of rooms) expect((await counts(each)).listeners).toBe(each === room ? 1 : 0);
    }
    const members = await t.app.services.db
      .selectFrom('roomMembers')
      .select('roomId')
      .where('userId', '=', roamer.userid)
      .execute();
    expect(members).toEqual([{ roomId: rooms[2]!.roomid }]);
  });

  test('leaving when in no room changes nothing', async () => {
    const room = await aRoom(t, owner);
    await enter(await aGuest(t), room);
    const before = await row(room);
    await leave(await aGuest(t));
    expect(await row(room)).toEqual(before);
  });

  test('re-entering the room one is in counts once', async () => {
    const room = await aRoom(t, owner);
    const guest = await aGuest(t);
    await enter(guest, room);
    await enter(guest, room);
    expect(await counts(room)).toEqual({ listeners: 1, djcount: 0, djPoints: 0 });
  });

  test('a full stage shows as djcount = max_djs, and leaves DJsNeeded', async () => {
    const room = await aRoom(t, owner, { max_djs: 2 });
    const needed = async () =>
      (await t.ok('room.directory_rooms', { constraints: 'DJsNeeded', limit: 100 })).rooms.some(
        (each) => each.roomid === room.roomid,
      );
    await enter(await aMember(t), room, true);
    expect(await needed()).toBe(true);
    const second = await aMember(t);
    await enter(second, room, true);
    expect((await t.ok('room.info', { roomid: room.roomid })).room.metadata).toMatchObject({ djcount: 2, max_djs: 2 });
    expect(await needed()).toBe(false);
    await leave(second);
    expect(await needed()).toBe(true);
  });

  test("tell every instance on the lobby channel who moved where, and the room's new counts", async () => {
    const events: LobbyEvent[] = [];
    const unsubscribe = await t.app.services.bus.subscribe(LOBBY_CHANNEL, (message) => {
      events.push(message as LobbyEvent);
    });
    try {
      const room = await aRoom(t, owner);
      const guest = await aGuest(t);
      await enter(guest, room);
      await leave(guest);
      await leave(guest);
      // The room's new counts (for lobby tiles) once its command commits, then who moved.
      const counts = (listeners: number) => ({
        type: 'room_counts',
        roomid: room.roomid,
        listeners,
        djcount: 0,
        max_djs: 5,
      });
      expect(events).toEqual([
        counts(1),
        { type: 'room_membership', userid: guest.userid, roomid: room.roomid },
        counts(0),
        { type: 'room_membership', userid: guest.userid, roomid: null },
      ]);
    } finally {
      await unsubscribe();
    }
  });
});

describe('hotness', () => {
  test('rises with listeners and DJs', async () => {
    const room = await aRoom(t, owner);
    const scores = [(await row(room)).hotness];
    for (let n = 0; n < 3; n++) {
      await enter(await aGuest(t), room);
      scores.push((await row(room)).hotness);
    }
    await enter(await aMember(t), room, true);
    scores.push((await row(room)).hotness);
    for (let i = 1; i < scores.length; i++) expect(scores[i]!).toBeGreaterThan(scores[i - 1]!);
    // Three listeners and a DJ: log10(1 + 4 + 2·1) plus the time term.
    expect((await row(room)).hotness).toBeCloseTo(
      hotness({ listeners: 4, djcount: 1, upvotes: 0, downvotes: 0, activeAt: clock }),
      9,
    );
  });

  test('of rooms equally lively, the more recently lively is hotter', async () => {
    const [earlier, later] = [await aRoom(t, owner), await aRoom(t, owner)];
    for (let n = 0; n < 2; n++) await enter(await aGuest(t), earlier);
    clock += 30 * MINUTE;
    for (let n = 0; n < 2; n++) await enter(await aGuest(t), later);
    expect((await row(later)).hotness).toBeGreaterThan((await row(earlier)).hotness);
    expect((await row(later)).hotness - (await row(earlier)).hotness).toBeCloseTo((30 * 60) / HOTNESS_TIME_SCALE_S, 9);
    const { rooms } = await t.ok('room.directory_rooms', { limit: 100 });
    const order = rooms.map((room) => room.roomid);
    expect(order.indexOf(later.roomid)).toBeLessThan(order.indexOf(earlier.roomid));
  });

  test('an emptied room keeps the score of its last lively moment, below an occupied one', async () => {
    const [emptied, occupied] = [await aRoom(t, owner), await aRoom(t, owner)];
    const guests = [await aGuest(t), await aGuest(t)];
    for (const guest of guests) await enter(guest, emptied);
    await enter(await aGuest(t), occupied);
    const livelyAt = clock;
    clock += 5 * MINUTE;
    await leave(guests[0]!);
    clock += 5 * MINUTE;
    await leave(guests[1]!);
    const { hotness: score, activeAt } = await row(emptied);
    // Last lively when one guest was still there, five minutes after they arrived.
    expect(activeAt).toBe(livelyAt + 5 * MINUTE);
    expect(score).toBeCloseTo(
      hotness({ listeners: 0, djcount: 0, upvotes: 0, downvotes: 0, activeAt: livelyAt + 5 * MINUTE }),
      9,
    );
    expect(score).toBeLessThan((await row(occupied)).hotness);
  });
});

describe('sweepHotness', () => {
  test('re-scores occupied rooms to now, and leaves empty ones alone', async () => {
    const busy = await aRoom(t, owner);
    const quiet = await aRoom(t, owner);
    for (let n = 0; n < 3; n++) await enter(await aGuest(t), busy);
    const occupiedRooms = await t.app.services.db.selectFrom('rooms').select('id').where('listeners', '>', 0).execute();

    const before = new Map((await t.app.services.db.selectFrom('rooms').selectAll().execute()).map((r) => [r.id, r]));
    clock += 90 * MINUTE;
    expect(await sweepHotness(t.app.services)).toBe(occupiedRooms.length);
    const after = await t.app.services.db.selectFrom('rooms').selectAll().execute();

    for (const room of after) {
      const was = before.get(room.id)!;
      if (room.listeners > 0) {
        expect(room.activeAt).toBe(clock);
        // The same liveliness, its time term moved up to now.
        expect(room.hotness - was.hotness).toBeCloseTo((clock - was.activeAt!) / 1000 / HOTNESS_TIME_SCALE_S, 9);
        expect(room.hotness).toBeGreaterThan(was.hotness);
        expect(room.hotness).toBeCloseTo(
          hotness({
            listeners: room.listeners,
            djcount: room.djcount,
            upvotes: room.upvotes,
            downvotes: room.downvotes,
            activeAt: clock,
          }),
          9,
        );
      } else {
        expect(room, room.name).toEqual(was);
      }
    }
    expect((await row(quiet)).hotness).toBe(before.get(quiet.roomid)!.hotness);
    expect((await row(busy)).activeAt).toBe(clock);
  });

  test('evens out rooms equally lively but scored at different times', async () => {
    const [a, b] = [await aRoom(t, owner), await aRoom(t, owner)];
    await enter(await aGuest(t), a);
    clock += 10 * MINUTE;
    await enter(await aGuest(t), b);
    expect((await row(b)).hotness).toBeGreaterThan((await row(a)).hotness);
    await sweepHotness(t.app.services);
    expect((await row(a)).hotness).toBe((await row(b)).hotness);
  });

  test('with nobody anywhere does nothing', async () => {
    const lone = await startTestApp({}, () => clock);
    try {
      await aRoom(lone, await aMember(lone));
      expect(await sweepHotness(lone.app.services)).toBe(0);
    } finally {
      await lone.close();
    }
  });
});

describe('playSong', () => {
  test('sets the current song, and resets the votes', async () => {
    const room = await aRoom(t, owner);
    await enter(await aGuest(t), room);
    await t.app.services.db
      .updateTable('rooms')
      .set({ upvotes: 7, downvotes: 2 })
      .where('id', '=', room.roomid)
      .execute();
    clock += MINUTE;
    await recountRoom(t.app.services, room.roomid);
    const before = (await row(room)).hotness;
    // Votes on the current song count towards liveliness.
    expect(before).toBeCloseTo(hotness({ listeners: 1, djcount: 0, upvotes: 7, downvotes: 2, activeAt: clock }), 9);

    await playSong(t.app.services, room.roomid, {
      artist: 'Neon Harbor',
      title: 'Night Bus Home',
      coverart: '/media/covers/x.svg',
    });
    const { room: shown } = await t.ok('room.info', { roomid: room.roomid });
    expect(shown.metadata.current_song).toEqual({
      artist: 'Neon Harbor',
      song: 'Night Bus Home',
      coverart: '/media/covers/x.svg',
      played: clock,
    });
    const after = await row(room);
    expect([after.upvotes, after.downvotes]).toEqual([0, 0]);
    // Re-scored: one listener, no votes, now.
    expect(after.hotness).toBeCloseTo(
      hotness({ listeners: 1, djcount: 0, upvotes: 0, downvotes: 0, activeAt: clock }),
      9,
    );
    expect(after.hotness).toBeLessThan(before);
  });

  test('a song without cover art, then the next song, then silence', async () => {
    const room = await aRoom(t, owner);
    clock += MINUTE;
    await playSong(t.app.services, room.roomid, { artist: 'Static Bloom', title: 'Polaroid', coverart: null });
    expect((await t.ok('room.info', { roomid: room.roomid })).room.metadata.current_song).toEqual({
      artist: 'Static Bloom',
      song: 'Polaroid',
      coverart: null,
      played: clock,
    });
    clock += 3 * MINUTE;
    await playSong(t.app.services, room.roomid, { artist: 'Juniper Vale', title: 'Wildflower', coverart: null });
    expect((await t.ok('room.info', { roomid: room.roomid })).room.metadata.current_song).toMatchObject({
      song: 'Wildflower',
      played: clock,
    });
    await playSong(t.app.services, room.roomid, null);
    expect((await t.ok('room.info', { roomid: room.roomid })).room.metadata.current_song).toBeNull();
  });

  test('what plays is what the lobby tile shows, and what search finds', async () => {
    const room = await aRoom(t, owner);
    await playSong(t.app.services, room.roomid, { artist: 'Moonlit Arcade', title: 'Sugar Rush', coverart: null });
    const { rooms } = await t.ok('room.search', { query: 'moonlit arcade' });
    expect(rooms.map((each) => [each.roomid, each.metadata.current_song?.song])).toEqual([[room.roomid, 'Sugar Rush']]);
  });
});
