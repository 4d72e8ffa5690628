/**
 * The room's rules for its stage (docs/room.md, "Room rules"), over real sockets: the waitlist
 * behind a full stage (its order, moderators moving and removing people, the first in line taking
 * a free spot, someone who can't DJ losing their place), the stage and waitlist locks, AFK DJs,
 * the longest song, no repeats, songs per DJ and a DJ's own plan. Songs end by the timeline's
 * sweep, at a clock the test moves.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import {
  afkMessages,
  playbackMessages,
  roomMessages,
  roomRulesMessages,
  ROOM_GRACE_MS,
  stageMessages,
  waitlistMessages,
  type Credentials,
  type LiveEvent,
} from '@platter/contract';
import type { TestApp } from './support/test-app';
import { musicRoomApp } from './support/music-room-app';
import { aGuest, aMember, aRoom } from './support/factories';
import { aSong, emptyQueue, fileOf, queueOf } from './support/music';
import { eventsUntil } from './support/room-pages';
import type { TestSocket } from './support/socket-client';

const music = musicRoomApp();
const { inRoom, playOut } = music;
let t: TestApp;
beforeAll(() => {
  t = music.t;
});

/** A member with their page in the room. */
type Page = Credentials & { socket: TestSocket };

/** A room with its owner watching, and members each with a page in it and `songs` songs queued. */
async function aRoomWith(count: number, settings: Record<string, unknown> = {}, songs = 1) {
  const owner = await aMember(t);
  const room = await aRoom(t, owner);
  const watching = await inRoom(owner, room.roomid);
  if (Object.keys(settings).length > 0) {
    await watching.socket.ok('room.modify', { roomid: room.roomid, ...settings });
    await eventsUntil(watching.socket, room.roomid, 'update_room');
  }
  const members: Page[] = [];
  for (let n = 0; n < count; n++) {
    const member = await aMember(t);
    for (let s = 0; s < songs; s++) await aSong(t, member, { lengthMs: 60_000 });
    members.push({ ...member, socket: (await inRoom(member, room.roomid)).socket });
  }
  return { owner, room, roomid: room.roomid, watching: watching.socket, members };
}

const refusal = (err: string, errcode: string) => [false, { err, errcode }];

/** The room's events on this page up to and including the next that `match`es. */
async function eventsUntilMatch(socket: TestSocket, roomid: string, match: (event: LiveEvent) => boolean) {
  const events: LiveEvent[] = [];
  for (;;) {
    const { event } = await socket.nextEvent(`room:${roomid}`, 5000);
    events.push(event);
    if (match(event)) return events;
  }
}

/** The room's next event on this page that `match`es (skipping others). */
async function nextMatching(socket: TestSocket, roomid: string, match: (event: LiveEvent) => boolean) {
  return (await eventsUntilMatch(socket, roomid, match)).at(-1)!;
}
const commands = (events: LiveEvent[]) => events.map((event) => event.command);

describe('the waitlist', () => {
  test('people wait in order behind a full stage; a moderator moves and removes them; the first takes a free spot', async () => {
    const { owner, roomid, watching, members } = await aRoomWith(4, { max_djs: 1 });
    const [a, b, c, d] = members as [Page, Page, Page, Page];
    // A spot is free and nobody waits: step up instead.
    expect(await a.socket.call('room.waitlist_join', { roomid })).toEqual(
      refusal(waitlistMessages.spotFree, 'conflict'),
    );
    await a.socket.ok('room.add_dj', { roomid });
    expect(await a.socket.call('room.waitlist_join', { roomid })).toEqual(
      refusal(waitlistMessages.onStage, 'conflict'),
    );
    expect(await b.socket.call('room.add_dj', { roomid })).toEqual(refusal(stageMessages.full, 'conflict'));
    expect(await b.socket.ok('room.waitlist_join', { roomid })).toEqual({ position: 1 });
    expect(await c.socket.ok('room.waitlist_join', { roomid })).toEqual({ position: 2 });
    expect(await d.socket.ok('room.waitlist_join', { roomid })).toEqual({ position: 3 });
    expect(await b.socket.call('room.waitlist_join', { roomid })).toEqual(
      refusal(waitlistMessages.already, 'conflict'),
    );
    const joined = await eventsUntil(watching, roomid, 'update_waitlist');
    expect(joined.last).toMatchObject({ waitlist: [b.userid], userid: b.userid, change: 'joined', modid: null });

    // Guests and people outside the room don't queue; only moderators move people.
    const guest = await aGuest(t);
    const guestPage = await inRoom(guest, roomid);
    expect(await guestPage.socket.call('room.waitlist_join', { roomid })).toEqual(
      refusal('Please sign up or log in to do that.', 'members_only'),
    );
    expect(await b.socket.call('room.waitlist_move', { roomid, target_userid: d.userid, position: 1 })).toEqual(
      refusal('Only moderators of this room can do that.', 'forbidden'),
    );
    expect(await watching.call('room.waitlist_move', { roomid, target_userid: a.userid, position: 1 })).toEqual(
      refusal(waitlistMessages.notWaiting, 'conflict'),
    );
    expect(await watching.call('room.waitlist_move', { roomid, target_userid: d.userid, position: 0 })).toEqual(
      refusal(waitlistMessages.position, 'invalid'),
    );

    // The owner moves d to the front, then takes c out of the line; both are logged.
    expect(await watching.ok('room.waitlist_move', { roomid, target_userid: d.userid, position: 1 })).toEqual({
      waitlist: [d.userid, b.userid, c.userid],
    });
    await watching.ok('room.waitlist_leave', { roomid, target_userid: c.userid });
    const removed = await nextMatching(watching, roomid, (event) => 'change' in event && event.change === 'removed');
    expect(removed).toMatchObject({ waitlist: [d.userid, b.userid], change: 'removed', modid: owner.userid });
    const { entries } = await watching.ok('room.moderation_log', { roomid });
    expect(entries.slice(0, 2).map((entry) => [entry.action, entry.target_userid, entry.detail])).toEqual([
      ['remove_from_waitlist', c.userid, ''],
      ['move_waitlist', d.userid, 'to place 1'],
    ]);
    expect(await c.socket.call('room.waitlist_leave', { roomid })).toEqual(
      refusal(waitlistMessages.youNotWaiting, 'conflict'),
    );

    // Everyone joining sees the line; room.info shows it to bots.
    const late = await inRoom(await aMember(t), roomid);
    expect(late.snapshot.waitlist).toEqual([d.userid, b.userid]);
    expect((await t.ok('room.info', { roomid, extended: true })).waitlist).toEqual([d.userid, b.userid]);

    // a steps down: d, first in line, steps up in the same breath and plays.
    await a.socket.ok('room.rem_dj', { roomid });
    const next = await eventsUntil(watching, roomid, 'newsong');
    expect(commands(next.events).slice(-6)).toEqual([
      'rem_dj',
      'song_ended',
      'nosong',
      'update_waitlist',
      'add_dj',
      'newsong',
    ]);
    expect(next.events.at(-3)).toMatchObject({ waitlist: [b.userid], userid: d.userid, change: 'stepped_up' });
    expect(next.last.current_song.djid).toBe(d.userid);

    // b leaves the room: they leave the line too.
    await b.socket.ok('room.deregister', { roomid });
    const left = await eventsUntil(watching, roomid, 'update_waitlist');
    expect(left.last).toMatchObject({ waitlist: [], userid: b.userid, change: 'left' });
  });

  test('one whose page drops keeps their place in line for the grace period; after it, they leave the line', async () => {
    const { sweepRoomPages } = await import('../src/features/room/pages');
    const { roomid, watching, members } = await aRoomWith(3, { max_djs: 1 });
    const [a, b, c] = members as [Page, Page, Page];
    await a.socket.ok('room.add_dj', { roomid });
    await b.socket.ok('room.waitlist_join', { roomid });
    await c.socket.ok('room.waitlist_join', { roomid });
    await eventsUntilMatch(watching, roomid, (event) => 'change' in event && event.userid === c.userid);

    // Whether the server has b away (their last page gone), as the sweep reads it.
    const away = async () =>
      (
        await t.app.services.db
          .selectFrom('roomMembers')
          .select('awaySince')
          .where('userId', '=', b.userid)
          .executeTakeFirst()
      )?.awaySince ?? null;
    // b's line drops (the page closes without leaving): still in the room, still first in line.
    b.socket.close();
    await expect.poll(away).not.toBeNull();
    music.advance(ROOM_GRACE_MS - 1000);
    await sweepRoomPages(t.app.services);
    expect((await t.ok('room.info', { roomid, extended: true })).waitlist).toEqual([b.userid, c.userid]);
    // Back in time: the place is theirs.
    const back = await inRoom(b, roomid);
    expect(back.snapshot.waitlist).toEqual([b.userid, c.userid]);

    // Gone longer than the grace period: out of the room and of the line.
    expect(await away()).toBeNull();
    back.socket.close();
    await expect.poll(away).not.toBeNull();
    music.advance(ROOM_GRACE_MS + 1);
    expect(await sweepRoomPages(t.app.services)).toBe(1);
    const left = await nextMatching(watching, roomid, (event) => 'change' in event && event.userid === b.userid);
    expect(left).toMatchObject({ command: 'update_waitlist', waitlist: [c.userid], change: 'left' });
  });

  test('one who can no longer DJ when a spot opens loses their place, and the next steps up', async () => {
    const { roomid, watching, members } = await aRoomWith(3, { max_djs: 1 });
    const [a, b, c] = members as [Page, Page, Page];
    await a.socket.ok('room.add_dj', { roomid });
    await b.socket.ok('room.waitlist_join', { roomid });
    await c.socket.ok('room.waitlist_join', { roomid });
    await emptyQueue(t, b);
    await playOut(roomid);
    await a.socket.ok('room.rem_dj', { roomid });
    const events = await eventsUntilMatch(
      watching,
      roomid,
      (event) => event.command === 'add_dj' && event.djs[0] === c.userid,
    );
    const line = events.filter((event) => event.command === 'update_waitlist');
    expect(line.map((event) => [event.userid, event.change])).toEqual([
      [b.userid, 'joined'],
      [c.userid, 'joined'],
      [b.userid, 'cannot_dj'],
      [c.userid, 'stepped_up'],
    ]);
    expect(commands(events).slice(-2)).toEqual(['update_waitlist', 'add_dj']);
  });

  test('moderators lock the stage (they still step up) and the waitlist; unlocking fills the free spots', async () => {
    const { owner, roomid, watching, members } = await aRoomWith(3, { stage_locked: true });
    const [a, b, c] = members as [Page, Page, Page];
    expect(await a.socket.call('room.add_dj', { roomid })).toEqual(refusal(roomRulesMessages.stageLocked, 'forbidden'));
    // The stage is locked, so people may wait even with spots free.
    expect(await a.socket.ok('room.waitlist_join', { roomid })).toEqual({ position: 1 });
    await aSong(t, owner);
    await watching.ok('room.add_dj', { roomid });
    await watching.ok('room.modify', { roomid, waitlist_locked: 'true' });
    expect(await b.socket.call('room.waitlist_join', { roomid })).toEqual(
      refusal(waitlistMessages.locked, 'forbidden'),
    );
    await watching.ok('room.modify', { roomid, stage_locked: false, waitlist_locked: false });
    const updated = await nextMatching(
      watching,
      roomid,
      (event) => event.command === 'update_room' && !event.room.metadata.rules.stage_locked,
    );
    expect(updated).toMatchObject({ room: { metadata: { rules: { stage_locked: false, waitlist_locked: false } } } });
    // The spot goes to the one waiting, told right after the settings.
    const filled = await nextMatching(watching, roomid, (event) => event.command === 'add_dj');
    expect(filled).toMatchObject({ user: [{ userid: a.userid }] });
    expect(await c.socket.call('room.waitlist_join', { roomid })).toEqual(
      refusal(waitlistMessages.spotFree, 'conflict'),
    );
    const { entries } = await watching.ok('room.moderation_log', { roomid });
    expect(entries[0]).toMatchObject({ action: 'modify_room', detail: 'stage locked: no; waitlist locked: no' });
  });
});

describe('rules on each turn', () => {
  test('an AFK DJ steps down on their turn; chatting and voting count as being there', async () => {
    const { roomid, watching, members } = await aRoomWith(4, {}, 2);
    const [a, b, c, d] = members as [Page, Page, Page, Page];
    for (const dj of [a, b, c, d]) await dj.socket.ok('room.add_dj', { roomid });
    await eventsUntil(watching, roomid, 'newsong');
    await watching.ok('room.modify', { roomid, afk_minutes: 1 });
    // The clock starts when the rule is set: idling before it doesn't count.
    music.advance(50_000);
    await c.socket.ok('room.speak', { roomid, text: 'still here' });
    music.advance(40_000);
    // c spoke 40 s ago and d votes now; b did nothing for 90 s: on b's turn, b steps down.
    await d.socket.ok('room.vote', { roomid, val: 'up' });
    await playOut(roomid);
    const { events, last } = await eventsUntil(watching, roomid, 'newsong');
    const left = events.filter((event) => event.command === 'rem_dj');
    expect(left).toMatchObject([
      { user: [{ userid: b.userid }], reason: 'afk', modid: null, djs: [a.userid, c.userid, d.userid] },
    ]);
    expect(last.current_song.djid).toBe(c.userid);
  });

  test("the AFK warning's clock: a DJ's pages are told when it starts again; room.still_here starts it and keeps them on", async () => {
    const { roomid, watching, members } = await aRoomWith(2, { afk_minutes: 1 }, 2);
    const [a, b] = members as [Page, Page];
    await a.socket.ok('room.add_dj', { roomid });
    const steppedUp = music.now();
    await eventsUntil(watching, roomid, 'newsong');
    // a's second page (another tab): its snapshot carries a's clock, which stepping up started.
    const other = await music.inRoom(a, roomid);
    expect(other.snapshot.active_at).toBe(steppedUp);
    music.advance(50_000);
    expect(await a.socket.ok('room.still_here', { roomid })).toEqual({ active_at: music.now() });
    const stillHere = music.now();
    // The other page hears it on the member's own channel, as every page of theirs does.
    expect((await other.socket.nextEvent(`user:${a.userid}`)).event).toEqual({
      command: 'afk_clock',
      roomid,
      userid: a.userid,
      active_at: stillHere,
    });
    // 90 s after stepping up but 40 s after "I'm still here": on a's turn, a plays on.
    music.advance(40_000);
    await playOut(roomid);
    const { events, last } = await eventsUntil(watching, roomid, 'newsong');
    expect(commands(events)).not.toContain('rem_dj');
    expect(last.current_song.djid).toBe(a.userid);
    // Anything else that counts as being there tells a's pages too (chatting here), and a fresh page reads it.
    music.advance(5_000);
    await a.socket.ok('room.speak', { roomid, text: 'still around' });
    expect((await other.socket.nextEvent(`user:${a.userid}`)).event).toMatchObject({ active_at: music.now() });
    expect((await music.inRoom(a, roomid)).snapshot.active_at).toBe(music.now());

    // A listener's doings tell nobody (only a DJ is warned): b's first afk_clock is from after stepping up.
    await b.socket.ok('room.vote', { roomid, val: 'up' });
    music.advance(1_000);
    await b.socket.ok('room.add_dj', { roomid });
    music.advance(1_000);
    await b.socket.ok('room.still_here', { roomid });
    expect((await b.socket.nextEvent(`user:${b.userid}`)).event).toMatchObject({ active_at: music.now() });
  });

  test('room.still_here is refused to people not in the room, guests, and bad input', async () => {
    const { roomid } = await aRoomWith(0, { afk_minutes: 5 });
    const stranger = await music.inRoom(await aMember(t), (await aRoom(t, await aMember(t))).roomid);
    expect(await stranger.socket.call('room.still_here', { roomid })).toEqual(
      refusal(afkMessages.notInRoom, 'forbidden'),
    );
    const guest = await aGuest(t);
    const guestPage = await music.inRoom(guest, roomid);
    expect(await guestPage.socket.call('room.still_here', { roomid })).toEqual(
      refusal('Please sign up or log in to do that.', 'members_only'),
    );
    expect(await stranger.socket.call('room.still_here', {})).toEqual(
      refusal("The field 'roomid' is required.", 'invalid'),
    );
    expect(await stranger.socket.call('room.still_here', { roomid: ' ' })).toEqual(
      refusal('Please say which room.', 'invalid'),
    );
    expect(await stranger.socket.call('room.still_here', { roomid: 'no-such-room' })).toEqual(
      refusal(roomMessages.broken, 'not_found'),
    );
  });

  test('the longest song: longer songs are passed over (keeping their place); none fits, no stepping up', async () => {
    const { roomid, watching, members } = await aRoomWith(2, { max_song_minutes: 3 }, 0);
    const [a, b] = members as [Page, Page];
    const long = await aSong(t, a, { lengthMs: 10 * 60_000 });
    const short = await aSong(t, a, { lengthMs: 2 * 60_000 });
    await a.socket.ok('room.add_dj', { roomid });
    const { last } = await eventsUntil(watching, roomid, 'newsong');
    expect(last.current_song._id).toBe(short);
    expect(await queueOf(t, a)).toEqual([long, short]);
    await aSong(t, b, { lengthMs: 4 * 60_000 });
    expect(await b.socket.call('room.add_dj', { roomid })).toEqual(
      refusal(roomRulesMessages.noFittingSong('at most 3 minutes long'), 'conflict'),
    );
    await emptyQueue(t, b);
    expect(await b.socket.call('room.add_dj', { roomid })).toEqual(refusal(playbackMessages.emptyQueue, 'conflict'));
  });

  test("no repeats: a file the room played lately (anyone's copy) is passed over; nothing left, the DJ steps down", async () => {
    const { roomid, watching, members } = await aRoomWith(2, { no_repeat_hours: 2 }, 0);
    const [a, b] = members as [Page, Page];
    const a1 = await aSong(t, a, { lengthMs: 60_000 });
    const a2 = await aSong(t, a, { lengthMs: 60_000 });
    // b's only song is a copy of a1's file.
    await aSong(t, b, { fileHash: await fileOf(t, a1) });
    await a.socket.ok('room.add_dj', { roomid });
    expect(await b.socket.call('room.add_dj', { roomid })).toEqual(
      refusal(roomRulesMessages.noFittingSong('not played here in the last 2 hours'), 'conflict'),
    );
    const b2 = await aSong(t, b, { lengthMs: 60_000 });
    await b.socket.ok('room.add_dj', { roomid });
    const played = [(await eventsUntil(watching, roomid, 'newsong')).last.current_song._id];
    for (let turn = 0; turn < 2; turn++) {
      await playOut(roomid);
      played.push((await eventsUntil(watching, roomid, 'newsong')).last.current_song._id);
    }
    // a1, b2 (b's copy of a1 passed over), a2; then b has nothing new: steps down, and a has none either.
    expect(played).toEqual([a1, b2, a2]);
    await playOut(roomid);
    const { events } = await eventsUntil(watching, roomid, 'nosong');
    expect(
      events.filter((event) => event.command === 'rem_dj').map((event) => [event.user[0]?.userid, event.reason]),
    ).toEqual([
      [b.userid, 'no_fitting_song'],
      [a.userid, 'no_fitting_song'],
    ]);
    // Two hours on, the songs may play again.
    music.advance(2 * 3_600_000);
    await a.socket.ok('room.add_dj', { roomid });
  });

  test("songs per DJ: a DJ steps down after the room's count, and plays again after stepping up anew", async () => {
    const { roomid, watching, members } = await aRoomWith(2, { dj_song_limit: 2 }, 3);
    const [a, b] = members as [Page, Page];
    await a.socket.ok('room.add_dj', { roomid });
    await b.socket.ok('room.add_dj', { roomid });
    const djs: string[] = [(await eventsUntil(watching, roomid, 'newsong')).last.current_song.djid];
    const leaving: [string | undefined, string][] = [];
    for (let turn = 0; turn < 3; turn++) {
      await playOut(roomid);
      const { events, last } = await eventsUntil(watching, roomid, 'newsong');
      for (const event of events) if (event.command === 'rem_dj') leaving.push([event.user[0]?.userid, event.reason]);
      djs.push(last.current_song.djid);
    }
    // a, b, a (a's second: a steps down), b (b's second).
    expect(djs).toEqual([a.userid, b.userid, a.userid, b.userid]);
    expect(leaving).toEqual([[a.userid, 'song_limit']]);
  });

  test('a DJ plans to step down after this song or after N; the plan counts down, and 0 cancels it', async () => {
    const { roomid, watching, members } = await aRoomWith(2, {}, 3);
    const [a, b] = members as [Page, Page];
    expect(await a.socket.call('room.dj_step_down_after', { roomid, songs: 1 })).toEqual([
      false,
      { err: 'Step up to the stage first.', errcode: 'conflict' },
    ]);
    await a.socket.ok('room.add_dj', { roomid });
    await b.socket.ok('room.add_dj', { roomid });
    await eventsUntil(watching, roomid, 'newsong');
    expect(await b.socket.ok('room.dj_step_down_after', { roomid, songs: 2 })).toEqual({ songs_left: 2 });
    expect(await a.socket.ok('room.dj_step_down_after', { roomid, songs: 3 })).toEqual({ songs_left: 3 });
    expect(await a.socket.ok('room.dj_step_down_after', { roomid, songs: 0 })).toEqual({ songs_left: null });
    expect(await a.socket.ok('room.dj_step_down_after', { roomid, songs: 1 })).toEqual({ songs_left: 1 });
    const late = await inRoom(await aMember(t), roomid);
    expect(late.snapshot.dj_plans).toEqual({ [a.userid]: 1, [b.userid]: 2 });

    // a's song (playing now) ends: a steps down as planned; b plays, their plan counts down after.
    await playOut(roomid);
    const first = await eventsUntil(watching, roomid, 'newsong');
    expect(first.events.find((event) => event.command === 'rem_dj')).toMatchObject({
      user: [{ userid: a.userid }],
      reason: 'planned',
    });
    await playOut(roomid);
    const second = await eventsUntil(watching, roomid, 'newsong');
    expect(second.events.find((event) => event.command === 'dj_plan')).toMatchObject({
      userid: b.userid,
      songs_left: 1,
    });
    await playOut(roomid);
    const third = await eventsUntil(watching, roomid, 'nosong');
    expect(third.events.find((event) => event.command === 'rem_dj')).toMatchObject({ reason: 'planned' });
    expect(await a.socket.call('room.dj_step_down_after', { roomid, songs: 99 })).toEqual(
      refusal('Say how many more of your songs to play, 1 to 50 (0 cancels).', 'invalid'),
    );
  });
});

describe('settings', () => {
  test("the rules are moderators' to set, checked, and told to the room", async () => {
    const { roomid, watching, members } = await aRoomWith(1);
    const [a] = members as [Page];
    expect(await a.socket.call('room.modify', { roomid, afk_minutes: 5 })).toEqual(
      refusal('Only moderators of this room can do that.', 'forbidden'),
    );
    for (const [field, message] of [
      ['afk_minutes', roomRulesMessages.afkMinutes],
      ['max_song_minutes', roomRulesMessages.maxSongMinutes],
      ['no_repeat_hours', roomRulesMessages.noRepeatHours],
      ['dj_song_limit', roomRulesMessages.djSongLimit],
    ] as const) {
      expect(await watching.call('room.modify', { roomid, [field]: 100_000 })).toEqual(refusal(message, 'invalid'));
      expect(await watching.call('room.modify', { roomid, [field]: 'soon' })).toEqual(refusal(message, 'invalid'));
    }
    await watching.ok('room.modify', {
      roomid,
      afk_minutes: 30,
      max_song_minutes: 8,
      no_repeat_hours: 4,
      dj_song_limit: 3,
      stage_locked: true,
      waitlist_locked: '1',
    });
    const { last } = await eventsUntil(watching, roomid, 'update_room');
    expect(last.room.metadata.rules).toEqual({
      stage_locked: true,
      waitlist_locked: true,
      afk_minutes: 30,
      max_song_minutes: 8,
      no_repeat_hours: 4,
      dj_song_limit: 3,
    });
    expect((await t.ok('room.info', { roomid })).room.metadata.rules.max_song_minutes).toBe(8);
    const { entries } = await watching.ok('room.moderation_log', { roomid });
    expect(entries[0]?.detail).toBe(
      'stage locked: yes; waitlist locked: yes; AFK minutes: 30; longest song (minutes): 8; no repeats (hours): 4; songs per DJ: 3',
    );
  });
});
