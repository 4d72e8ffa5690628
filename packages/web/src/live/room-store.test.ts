import { expect, test } from 'vitest';
import type { RoomSnapshot, RoomUser } from '@platter/contract';
import { emptyRoom, reduceRoom, type RoomAction, type RoomState } from './room-store';

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
    metadata: { max_djs: 5, djcount: 0, listeners: users.length, featured: false, current_song: null, djthreshold: 0 },
  },
  users: users.map(person),
  djids: [],
  chat: [],
  seq,
});

const joined = (seq: number, users: string[]): RoomState =>
  reduceRoom(reduceRoom(emptyRoom, { type: 'join', asked: 'indie' }), {
    type: 'snapshot',
    snapshot: snapshot(seq, users),
  });
const ids = (state: RoomState) => state.users.map((user) => user.userid);
const registered = (seq: number, userid: string): RoomAction => ({
  type: 'event',
  seq,
  event: { command: 'registered', roomid: 'r1', user: [person(userid)] },
});
const deregistered = (seq: number, userid: string): RoomAction => ({
  type: 'event',
  seq,
  event: { command: 'deregistered', roomid: 'r1', user: [person(userid)] },
});

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
  state = reduceRoom(state, { type: 'snapshot', snapshot: snapshot(6, ['a', 'b', 'c']) });
  expect([state.gap, state.seq, ids(state)]).toEqual([false, 6, ['a', 'b', 'c']]);
});

test('joining twice is being there once; an older snapshot arriving late is ignored', () => {
  let state = joined(4, ['a']);
  state = reduceRoom(state, registered(5, 'a'));
  expect(ids(state)).toEqual(['a']);
  expect(reduceRoom(state, { type: 'snapshot', snapshot: snapshot(3, []) })).toBe(state);
});

test('refused and left', () => {
  const refused = reduceRoom(reduceRoom(emptyRoom, { type: 'join', asked: 'gone' }), {
    type: 'refused',
    error: 'Broken.',
  });
  expect([refused.status, refused.asked, refused.error]).toEqual(['refused', 'gone', 'Broken.']);
  expect(reduceRoom(joined(4, ['a']), { type: 'leave' })).toEqual(emptyRoom);
});

test('chat: the recent lines of the snapshot, then each speak event appended in order', () => {
  let state = reduceRoom(reduceRoom(emptyRoom, { type: 'join', asked: 'indie' }), {
    type: 'snapshot',
    snapshot: { ...snapshot(4, ['a']), chat: [{ userid: 'a', name: 'Name a', text: 'earlier', time: 1 }] },
  });
  state = reduceRoom(state, {
    type: 'event',
    seq: 5,
    event: { command: 'speak', roomid: 'r1', userid: 'a', name: 'Name a', text: 'now', time: 2 },
  });
  expect(state.chat.map((line) => line.text)).toEqual(['earlier', 'now']);
});
