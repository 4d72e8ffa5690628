import { expect, test } from 'vitest';
import type { RoomSnapshot, RoomUser } from '@platter/contract';
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
    },
  },
  users: users.map(person),
  djids: [],
  chat: [],
  muted_until: null,
  current_song: null,
  votes: { upvotes: 0, downvotes: 0, votelog: [] },
  snaggers: [],
  seq,
});

const joined = (seq: number, users: string[]): RoomState =>
  reduceRoom(reduceRoom(emptyRoom, { type: 'join', asked: 'indie' }), {
    type: 'snapshot',
    snapshot: snapshot(seq, users),
    reader: 'a',
  });
const ids = (state: RoomState) => state.users.map((user) => user.userid);
const event = (seq: number, happened: Extract<RoomAction, { type: 'event' }>['event']): RoomAction => ({
  type: 'event',
  seq,
  event: happened,
  reader: 'a',
  time: 1000 + seq,
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

const line = (chatid: string, text: string, time: number) => ({ chatid, userid: 'a', name: 'Name a', text, time });

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
  state = reduceRoom(state, event(7, { command: 'rem_dj', roomid: 'r1', user: [person('b')], djs: ['a'], modid: 'a' }));
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

test('moderators, mutes of the reader and room updates', () => {
  let state = joined(4, ['a', 'b']);
  state = reduceRoom(state, event(5, { command: 'new_moderator', roomid: 'r1', userid: 'b', name: 'Name b' }));
  expect(state.snapshot?.metadata.moderator_id).toEqual(['b']);
  state = reduceRoom(
    state,
    event(6, { command: 'muted_user', roomid: 'r1', userid: 'a', name: 'Name a', modid: 'b', until: 99 }),
  );
  expect(state.mutedUntil).toBe(99);
  state = reduceRoom(
    state,
    event(7, { command: 'muted_user', roomid: 'r1', userid: 'x', name: 'X', modid: 'b', until: 5 }),
  );
  expect(state.mutedUntil).toBe(99);
  const room = { ...snapshot(0, []).room, name: 'Renamed' };
  state = reduceRoom(state, event(8, { command: 'update_room', roomid: 'r1', room, modid: 'b' }));
  expect(state.snapshot?.name).toBe('Renamed');
  state = reduceRoom(state, event(9, { command: 'rem_moderator', roomid: 'r1', userid: 'b', name: 'Name b' }));
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
