import { expect, test } from 'vitest';
import type { RoomSnapshot, RoomUser, WaitlistChange } from '@platter/contract';
import { chatLinesOf, emptyRoom, reduceRoom, type RoomAction, type RoomState } from './room-reducer';

const person = (userid: string): RoomUser => ({
  userid,
  name: `Name ${userid}`,
  registered: true,
  avatarid: 1,
  custom_avatar: null,
  images: { fullfront: '', headfront: '' },
  points: 0,
  acl: 0,
  bot: false,
  laptop: 'mac',
  subscription_level: 0,
});

const snapshot = (seq: number, users: string[]): RoomSnapshot => ({
  room: {
    roomid: 'r1',
    shortcut: 'indie',
    name: 'Indie Den',
    theme: null,
    description: null,
    created: 0,
    metadata: {
      max_djs: 5,
      djcount: 0,
      listeners: users.length,
      featured: false,
      current_song: null,
      djthreshold: 0,
      slow_mode: 0,
      creator: 'a',
      moderator_id: [],
      rules: {
        stage_locked: false,
        waitlist_locked: false,
        afk_minutes: 0,
        max_song_minutes: 0,
        no_repeat_hours: 0,
        dj_song_limit: 3,
      },
    },
  },
  users: users.map(person),
  djids: [],
  chat: [],
  muted_until: null,
  mutes: {},
  current_song: null,
  votes: { upvotes: 0, downvotes: 0, votelog: [] },
  snaggers: [],
  waitlist: [],
  dj_plans: {},
  active_at: 1_000,
  seq,
});

const joined = (seq: number, users: string[]): RoomState =>
  reduceRoom(reduceRoom(emptyRoom, { type: 'join', asked: 'indie' }), {
    type: 'snapshot',
    snapshot: snapshot(seq, users),
    reader: 'a',
  });
const ids = (state: RoomState) => state.users.map((user) => user.userid);
const event = (
  seq: number,
  happened: Extract<RoomAction, { type: 'event' }>['event'],
  serverTime?: number,
): RoomAction => ({
  type: 'event',
  seq,
  event: happened,
  reader: 'a',
  time: 1000 + seq,
  serverTime,
});
const registered = (seq: number, userid: string) =>
  event(seq, { command: 'registered', roomid: 'r1', user: [person(userid)] });
const deregistered = (seq: number, userid: string) =>
  event(seq, { command: 'deregistered', roomid: 'r1', user: [person(userid)] });

test('a snapshot, then events in sequence order', () => {
  let state = joined(4, ['a']);
  expect([state.status, state.seq, ids(state)]).toEqual(['live', 4, ['a']]);
  state = reduceRoom(state, registered(5, 'b'));
  state = reduceRoom(state, registered(6, 'c'));
  state = reduceRoom(state, deregistered(7, 'a'));
  expect([state.seq, ids(state), state.gap]).toEqual([7, ['b', 'c'], false]);
});

test('events already in the snapshot, or repeated, change nothing', () => {
  const state = joined(4, ['a', 'b']);
  expect(reduceRoom(state, registered(4, 'b'))).toBe(state);
  expect(reduceRoom(state, deregistered(3, 'a'))).toBe(state);
});

test('a gap marks the state stale until a fresh snapshot comes', () => {
  let state = joined(4, ['a']);
  state = reduceRoom(state, registered(6, 'c'));
  expect([state.gap, state.seq, ids(state)]).toEqual([true, 4, ['a']]);
  // While stale, further events wait for the snapshot.
  expect(reduceRoom(state, registered(5, 'b'))).toBe(state);
  state = reduceRoom(state, { type: 'snapshot', snapshot: snapshot(6, ['a', 'b', 'c']), reader: 'a' });
  expect([state.gap, state.seq, ids(state)]).toEqual([false, 6, ['a', 'b', 'c']]);
});

test('joining twice is being there once; an older snapshot arriving late is ignored', () => {
  let state = joined(4, ['a']);
  state = reduceRoom(state, registered(5, 'a'));
  expect(ids(state)).toEqual(['a']);
  expect(reduceRoom(state, { type: 'snapshot', snapshot: snapshot(3, []), reader: 'a' })).toBe(state);
});

test('refused and left', () => {
  const refused = reduceRoom(reduceRoom(emptyRoom, { type: 'join', asked: 'gone' }), {
    type: 'refused',
    error: 'Broken.',
  });
  expect([refused.status, refused.asked, refused.error]).toEqual(['refused', 'gone', 'Broken.']);
  expect(reduceRoom(joined(4, ['a']), { type: 'leave' })).toEqual(emptyRoom);
});

const line = (chatid: string, text: string, time: number) => ({
  chatid,
  userid: 'a',
  name: 'Name a',
  text,
  time,
  acl: 0,
});

test('chat: the recent lines of the snapshot, then each speak event appended in order; a deleted line goes', () => {
  let state = reduceRoom(reduceRoom(emptyRoom, { type: 'join', asked: 'indie' }), {
    type: 'snapshot',
    snapshot: { ...snapshot(4, ['a']), chat: [line('c1', 'earlier', 1)] },
    reader: 'a',
  });
  state = reduceRoom(state, event(5, { command: 'speak', roomid: 'r1', ...line('c2', 'now', 2) }));
  expect(chatLinesOf(state.feed).map((l) => l.text)).toEqual(['earlier', 'now']);
  state = reduceRoom(state, event(6, { command: 'chat_deleted', roomid: 'r1', chatid: 'c1', modid: 'm' }));
  expect(chatLinesOf(state.feed).map((l) => l.text)).toEqual(['now']);
});

test('the stage follows add_dj and rem_dj, and each reads as a line in the chat', () => {
  let state = joined(4, ['a', 'b']);
  state = reduceRoom(state, event(5, { command: 'add_dj', roomid: 'r1', user: [person('b')], djs: ['b'] }));
  state = reduceRoom(state, event(6, { command: 'add_dj', roomid: 'r1', user: [person('a')], djs: ['b', 'a'] }));
  state = reduceRoom(
    state,
    event(7, { command: 'rem_dj', roomid: 'r1', user: [person('b')], djs: ['a'], modid: 'a', reason: 'moderator' }),
  );
  expect(state.djids).toEqual(['a']);
  expect(state.feed.map((l) => (l.kind === 'notice' ? l.text : ''))).toEqual([
    'Name b stepped up to DJ',
    'Name a stepped up to DJ',
    'Name a took Name b off the stage',
  ]);
  // A fresh snapshot keeps the page's notices beside the server's chat.
  state = reduceRoom(state, { type: 'snapshot', snapshot: snapshot(8, ['a']), reader: 'a' });
  expect(state.feed).toHaveLength(3);
});

test('moderators, mutes and room updates', () => {
  let state = joined(4, ['a', 'b']);
  state = reduceRoom(state, event(5, { command: 'new_moderator', roomid: 'r1', userid: 'b', name: 'Name b' }));
  expect(state.snapshot?.metadata.moderator_id).toEqual(['b']);
  // Everyone's mutes are kept (a moderator's page offers Unmute by them), and lifted ones dropped.
  state = reduceRoom(
    state,
    event(6, { command: 'muted_user', roomid: 'r1', userid: 'a', name: 'Name a', modid: 'b', until: 99 }),
  );
  state = reduceRoom(
    state,
    event(7, { command: 'muted_user', roomid: 'r1', userid: 'x', name: 'X', modid: 'b', until: 5 }),
  );
  expect(state.mutes).toEqual({ a: 99, x: 5 });
  state = reduceRoom(
    state,
    event(8, { command: 'muted_user', roomid: 'r1', userid: 'x', name: 'X', modid: 'b', until: null }),
  );
  expect(state.mutes).toEqual({ a: 99 });
  // A fresh snapshot brings the room's mutes as they are.
  state = reduceRoom(state, {
    type: 'snapshot',
    snapshot: { ...snapshot(8, ['a', 'b']), mutes: { b: 7 } },
    reader: 'a',
  });
  expect(state.mutes).toEqual({ b: 7 });
  const room = { ...snapshot(0, []).room, name: 'Renamed' };
  state = reduceRoom(state, event(9, { command: 'update_room', roomid: 'r1', room, modid: 'b' }));
  expect(state.snapshot?.name).toBe('Renamed');
  state = reduceRoom(state, event(10, { command: 'rem_moderator', roomid: 'r1', userid: 'b', name: 'Name b' }));
  expect(state.snapshot?.metadata.moderator_id).toEqual([]);
  expect(reduceRoom(state, { type: 'exited', error: 'Gone.' })).toMatchObject({ status: 'exited', error: 'Gone.' });
});

test('update_user redraws the person as they are now, where they are', () => {
  let state = joined(4, ['a', 'b']);
  const renamed = { ...person('b'), name: 'New Name', laptop: 'linux' as const };
  state = reduceRoom(state, event(5, { command: 'update_user', roomid: 'r1', userid: 'b', user: renamed }));
  expect(state.users.map((user) => [user.userid, user.name, user.laptop])).toEqual([
    ['a', 'Name a', 'mac'],
    ['b', 'New Name', 'linux'],
  ]);
});

test('a song plays: the feed says who started it, the room shows it, and its end clears it', () => {
  let state = joined(4, ['a', 'b']);
  const current_song = {
    _id: 's1',
    playid: 'p1',
    djid: 'b',
    djname: 'Name b',
    metadata: { song: 'Blue Hour', artist: 'The Tins', album: '', coverart: '/media/covers/x.jpg', length: 60 },
    starttime: 5_000,
    gain: 0,
    peaks: [],
  };
  state = reduceRoom(state, event(5, { command: 'newsong', roomid: 'r1', current_song }));
  expect(state.music.song?.playid).toBe('p1');
  expect(state.snapshot?.metadata.current_song).toEqual({
    coverart: '/media/covers/x.jpg',
    artist: 'The Tins',
    song: 'Blue Hour',
    played: 5_000,
  });
  state = reduceRoom(
    state,
    event(6, { command: 'update_votes', roomid: 'r1', upvotes: 1, downvotes: 0, listeners: 2, votelog: [['a', 'up']] }),
  );
  expect(state.music.votes.get('a')).toBe('up');
  state = reduceRoom(
    state,
    event(7, { command: 'song_ended', roomid: 'r1', playid: 'p1', reason: 'skipped', modid: null }),
  );
  expect([state.music.song, state.snapshot?.metadata.current_song]).toEqual([null, null]);
  expect(state.feed.map((line) => (line.kind === 'notice' ? line.text : ''))).toEqual([
    'Name b started playing Blue Hour by The Tins',
    'Name b skipped Blue Hour by The Tins',
  ]);
  // A rejoin's snapshot brings the music as the server has it.
  state = reduceRoom(state, {
    type: 'snapshot',
    snapshot: {
      ...snapshot(9, ['a', 'b']),
      current_song,
      votes: { upvotes: 0, downvotes: 1, votelog: [['a', 'down']] },
    },
    reader: 'a',
  });
  expect([state.music.song?.playid, state.music.downvotes, state.music.snaggers]).toEqual(['p1', 1, []]);
});

test("the waitlist and the DJs' plans follow their events; leaving the stage says why", () => {
  let state = joined(4, ['a', 'b', 'c']);
  const waitlist = (seq: number, list: string[], userid: string, change: WaitlistChange, modid: string | null = null) =>
    event(seq, { command: 'update_waitlist', roomid: 'r1', waitlist: list, userid, change, modid });
  state = reduceRoom(state, waitlist(5, ['b'], 'b', 'joined'));
  state = reduceRoom(state, waitlist(6, ['b', 'c'], 'c', 'joined'));
  state = reduceRoom(state, waitlist(7, ['c', 'b'], 'c', 'moved', 'a'));
  expect(state.waitlist).toEqual(['c', 'b']);
  state = reduceRoom(state, event(8, { command: 'add_dj', roomid: 'r1', user: [person('a')], djs: ['a'] }));
  state = reduceRoom(state, event(9, { command: 'dj_plan', roomid: 'r1', userid: 'a', songs_left: 2 }));
  expect(state.djPlans).toEqual({ a: 2 });
  state = reduceRoom(
    state,
    event(10, { command: 'rem_dj', roomid: 'r1', user: [person('a')], djs: [], modid: null, reason: 'song_limit' }),
  );
  expect(state.djPlans).toEqual({});
  state = reduceRoom(state, waitlist(11, ['b'], 'c', 'stepped_up'));
  state = reduceRoom(state, waitlist(12, [], 'b', 'cannot_dj'));
  state = reduceRoom(
    state,
    event(13, { command: 'rem_dj', roomid: 'r1', user: [person('c')], djs: [], modid: null, reason: 'afk' }),
  );
  // A person leaving the room leaves the line too.
  state = reduceRoom(state, waitlist(14, ['b'], 'b', 'joined'));
  state = reduceRoom(state, deregistered(15, 'b'));
  expect(state.waitlist).toEqual([]);
  expect(state.feed.map((line) => (line.kind === 'notice' ? line.text : ''))).toEqual([
    'Name b joined the waitlist',
    'Name c joined the waitlist',
    'Name a moved Name c to #1 in the waitlist',
    'Name a stepped up to DJ',
    'Name a played their 3 songs and stepped down',
    "Name b lost their place in the waitlist: they can't DJ right now",
    'Name c stepped down: away too long',
    'Name b joined the waitlist',
  ]);
});

test("the reader's AFK clock: the snapshot's, then afk_clock and the events that restart it, never going back", () => {
  let state = joined(4, ['a', 'b']);
  expect(state.activeAt).toBe(1_000);
  state = reduceRoom(state, { type: 'afk_clock', roomid: 'r1', activeAt: 5_000 });
  expect(state.activeAt).toBe(5_000);
  // An older answer arriving late, or another room's clock, changes nothing.
  expect(reduceRoom(state, { type: 'afk_clock', roomid: 'r1', activeAt: 4_000 })).toBe(state);
  expect(reduceRoom(state, { type: 'afk_clock', roomid: 'r2', activeAt: 9_000 })).toBe(state);
  // Someone else stepping up restarts nobody's clock here; the reader stepping up restarts theirs, when heard.
  const stepUp = (seq: number, userid: string, serverTime: number) =>
    event(seq, { command: 'add_dj', roomid: 'r1', user: [person(userid)], djs: [userid] }, serverTime);
  state = reduceRoom(state, stepUp(5, 'b', 6_000));
  expect(state.activeAt).toBe(5_000);
  state = reduceRoom(state, stepUp(6, 'a', 7_000));
  expect(state.activeAt).toBe(7_000);
  // The room's AFK limit changing restarts everyone's; other settings don't.
  const room = state.snapshot!;
  const withRules = (afk_minutes: number) => ({
    ...room,
    metadata: { ...room.metadata, rules: { ...room.metadata.rules, afk_minutes } },
  });
  const updateRoom = (seq: number, afk_minutes: number, serverTime: number) =>
    event(seq, { command: 'update_room', roomid: 'r1', room: withRules(afk_minutes), modid: 'b' }, serverTime);
  state = reduceRoom(state, updateRoom(7, 0, 8_000));
  expect(state.activeAt).toBe(7_000);
  state = reduceRoom(state, updateRoom(8, 30, 9_000));
  expect(state.activeAt).toBe(9_000);
  // A re-sync's snapshot read before the latest afk_clock keeps the later time.
  state = reduceRoom(state, { type: 'snapshot', snapshot: snapshot(9, ['a', 'b']), reader: 'a' });
  expect(state.activeAt).toBe(9_000);
});
