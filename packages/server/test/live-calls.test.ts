/**
 * One command table for HTTP and the socket (docs/realtime.md): a call made
 * over the socket gives the same envelope as over /api/{name}; socket-only
 * calls are refused over HTTP; a refused call is a reply and the socket stays
 * open; a member's sockets close wherever they are when their session ends.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  CHAT_FLOOD_MESSAGES,
  CHAT_MESSAGE_MAX,
  chatMessages,
  PROTOCOL_VERSION,
  SOCKET_CLOSE,
  roomMessages,
} from '@platter/contract';
import { CompiledQuery, sql } from 'kysely';
import { linesSince } from '../src/features/room/chat';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest, aMember, aRoom } from './support/factories';
import { TestSocket } from './support/socket-client';

const REDIS_URL = 'redis://127.0.0.1:6379';
const sockets: TestSocket[] = [];
afterAll(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
const welcomed = async (t: TestApp, who: { userid: string; userauth: string }) => {
  const socket = await TestSocket.welcomed(t, who);
  sockets.push(socket);
  return socket;
};

describe('one instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  test('the same envelope over the socket as over HTTP, for answers and refusals alike', async () => {
    const member = await aMember(t);
    const guest = await aGuest(t);
    const room = await aRoom(t, member);
    const asMember = await welcomed(t, member);
    const asGuest = await welcomed(t, guest);
    const cases: Array<[TestSocket, typeof member | typeof guest, string, Record<string, unknown>]> = [
      [asMember, member, 'user.info', {}],
      [asMember, member, 'room.info', { roomid: room.shortcut }],
      [asMember, member, 'room.info', { roomid: 'no-such-room' }],
      [asMember, member, 'presence.get', {}],
      [asMember, member, 'room.create', { room_name: '' }],
      [asMember, member, 'no.such_call', {}],
      [asGuest, guest, 'room.get_favorites', {}],
      [asGuest, guest, 'room.directory_rooms', { limit: 2 }],
    ];
    for (const [socket, who, name, input] of cases) {
      const overSocket = await socket.call(name as never, input);
      const overHttp = await t.call(name as never, input, who);
      expect(overSocket, name).toEqual(overHttp);
    }
  });

  test('the socket runs calls as the member it welcomed, whatever the input says', async () => {
    const member = await aMember(t);
    const other = await aMember(t);
    const socket = await welcomed(t, member);
    const info = await socket.ok('user.info', { userid: other.userid, userauth: other.userauth });
    expect(info.userid).toBe(member.userid);
  });

  test('socket-only calls are refused over HTTP, with a clear message', async () => {
    const member = await aMember(t);
    const room = await aRoom(t, member);
    expect(await t.call('room.register', { roomid: room.roomid }, member)).toEqual([
      false,
      { err: 'room.register is made over the websocket at /socket.', errcode: 'wrong_method' },
    ]);
    const response = await t.fetch(`/api/room.follow_directory_graph`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userid: member.userid, userauth: member.userauth }),
    });
    expect(response.status).toBe(405);
  });

  test('a refused call is answered by its msgid and the socket stays open', async () => {
    const member = await aMember(t);
    const socket = await welcomed(t, member);
    expect(await socket.call('room.register', { roomid: 'nowhere' })).toEqual([
      false,
      { err: roomMessages.broken, errcode: 'not_found' },
    ]);
    expect(await socket.call('room.create', { room_name: 'x'.repeat(200) })).toEqual([
      false,
      { err: roomMessages.nameTooLong, errcode: 'invalid' },
    ]);
    expect((await socket.ok('user.info', {})).userid).toBe(member.userid);
  });

  test('replies come back by msgid, in the order the calls were sent', async () => {
    const member = await aMember(t);
    const socket = await welcomed(t, member);
    for (const msgid of [5, 3, 9]) socket.send({ type: 'call', msgid, call: 'user.info', input: {} });
    const ids = [];
    for (let n = 0; n < 3; n++) {
      const reply = await socket.next();
      ids.push(reply.type === 'reply' ? reply.msgid : reply.type);
    }
    expect(ids).toEqual([5, 3, 9]);
  });

  test('a page that registers hears the room; when it leaves, its person leaves the room', async () => {
    const owner = await aMember(t);
    const room = await aRoom(t, owner);
    const [stayer, leaver] = [await aMember(t), await aMember(t)];
    const staying = await welcomed(t, stayer);
    const first = await staying.ok('room.register', { roomid: room.shortcut });
    expect(first.users.map((u) => u.userid)).toEqual([stayer.userid]);
    const leaving = await welcomed(t, leaver);
    await leaving.ok('room.register', { roomid: room.roomid });
    const joined = await staying.nextEvent(`room:${room.roomid}`);
    expect([joined.seq, joined.event.command]).toEqual([first.seq + 1, 'registered']);
    // Asking again (as a page re-syncing would) changes nothing in the room.
    expect((await staying.ok('room.register', { roomid: room.roomid })).seq).toBe(first.seq + 1);

    await leaving.ok('room.deregister', { roomid: room.roomid });
    const left = await staying.nextEvent(`room:${room.roomid}`);
    expect([left.seq, left.event.command]).toEqual([first.seq + 2, 'deregistered']);
    expect((await t.ok('room.info', { roomid: room.roomid })).room.metadata.listeners).toBe(1);
  });

  test('logging out closes the sockets of that session, and only those', async () => {
    const member = await aMember(t);
    const otherDevice = await t.ok('user.email_login', { email: member.email, password: member.password });
    const here = await welcomed(t, member);
    const there = await welcomed(t, otherDevice);
    await t.ok('user.logout', {}, member);
    expect(await here.next()).toEqual({
      type: 'error',
      err: 'Your session has ended. Please reload the page and log in again.',
      errcode: 'not_authenticated',
    });
    expect(await here.closed).toEqual({ code: SOCKET_CLOSE.sessionEnded, reason: 'not_authenticated' });
    expect((await there.ok('user.info', {})).userid).toBe(member.userid);
  });
});

describe('chat', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  test('everyone in the room hears each message in order, and a page that joins later is given the recent chat', async () => {
    const owner = await aMember(t);
    const room = await aRoom(t, owner);
    const [ann, bob] = [await aMember(t), await aMember(t)];
    const [annSocket, bobSocket] = [await welcomed(t, ann), await welcomed(t, bob)];
    await annSocket.ok('room.register', { roomid: room.roomid });
    const joined = await bobSocket.ok('room.register', { roomid: room.roomid });
    expect(joined.chat).toEqual([]);
    const channel = `room:${room.roomid}`;
    await annSocket.nextEvent(channel); // Bob registered

    expect(await annSocket.call('room.speak', { roomid: room.roomid, text: '  hello there  ' })).toEqual([true, {}]);
    await bobSocket.ok('room.speak', { roomid: room.shortcut, text: 'hi Ann :wave:' });
    for (const socket of [annSocket, bobSocket]) {
      const heard = [await socket.nextEvent(channel), await socket.nextEvent(channel)];
      expect(heard.map((m) => m.seq)).toEqual([joined.seq + 1, joined.seq + 2]);
      expect(heard.map((m) => m.event)).toEqual([
        {
          command: 'speak',
          roomid: room.roomid,
          userid: ann.userid,
          name: ann.name,
          text: 'hello there',
          time: expect.any(Number),
          chatid: expect.any(String),
          acl: 0,
        },
        {
          command: 'speak',
          roomid: room.roomid,
          userid: bob.userid,
          name: bob.name,
          text: 'hi Ann :wave:',
          time: expect.any(Number),
          chatid: expect.any(String),
          acl: 0,
        },
      ]);
    }

    const later = await welcomed(t, await aMember(t));
    const snapshot = await later.ok('room.register', { roomid: room.roomid });
    expect(snapshot.chat.map((line) => [line.name, line.text])).toEqual([
      [ann.name, 'hello there'],
      [bob.name, 'hi Ann :wave:'],
    ]);
  });

  test('refused: outside the room, as a guest, empty, too long, and too fast — each answered, the socket stays open', async () => {
    const owner = await aMember(t);
    const room = await aRoom(t, owner);
    const outsider = await welcomed(t, await aMember(t));
    expect(await outsider.call('room.speak', { roomid: room.roomid, text: 'hey' })).toEqual([
      false,
      { err: chatMessages.notInRoom, errcode: 'forbidden' },
    ]);
    const guest = await welcomed(t, await aGuest(t));
    await guest.ok('room.register', { roomid: room.roomid });
    expect((await guest.call('room.speak', { roomid: room.roomid, text: 'hey' }))[0]).toBe(false);

    const member = await welcomed(t, await aMember(t));
    await member.ok('room.register', { roomid: room.roomid });
    expect(await member.call('room.speak', { roomid: room.roomid, text: '   ' })).toEqual([
      false,
      { err: chatMessages.empty, errcode: 'invalid' },
    ]);
    expect(await member.call('room.speak', { roomid: room.roomid, text: 'x'.repeat(CHAT_MESSAGE_MAX + 1) })).toEqual([
      false,
      { err: chatMessages.tooLong, errcode: 'invalid' },
    ]);
    for (let n = 0; n < CHAT_FLOOD_MESSAGES; n++)
      await member.ok('room.speak', { roomid: room.roomid, text: `line ${n}` });
    expect(await member.call('room.speak', { roomid: room.roomid, text: 'one more' })).toEqual([
      false,
      { err: chatMessages.flood, errcode: 'rate_limited' },
    ]);
    expect((await member.ok('room.register', { roomid: room.roomid })).chat).toHaveLength(CHAT_FLOOD_MESSAGES);
  });

  test('the flood count reads the chat index alone, not every line the room heard in the window', async () => {
    const { db, config } = t.app.services;
    const count = linesSince(db, 'a-room', 'a-speaker', 0).compile();
    if (config.database.kind === 'sqlite') {
      const { rows } = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${count.sql}`, [...count.parameters]),
      );
      expect(rows.map((row) => row.detail)).toEqual([expect.stringContaining('USING COVERING INDEX room_chat_recent')]);
    } else {
      // PostgreSQL plans by its statistics (an empty table is read whole); the index is what it needs.
      const { rows } = await sql<{ indexdef: string }>`
        select indexdef from pg_indexes where tablename = 'room_chat' and indexname = 'room_chat_recent'
          and schemaname = current_schema()`.execute(db);
      expect(rows.map((row) => row.indexdef)).toEqual([expect.stringContaining('(room_id, created_at, user_id)')]);
    }
  });
});

describe('two instances on one database, joined by Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp({ redisUrl: REDIS_URL }, undefined, { postgres: true });
    b = await startTestApp({ redisUrl: REDIS_URL, database: a.app.services.config.database });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  test('logging out on one instance closes the session’s sockets on both', async () => {
    const member = await aMember(a);
    const [onA, onB] = [await welcomed(a, member), await welcomed(b, member)];
    await b.ok('user.logout', {}, member);
    expect((await onA.closed).code).toBe(SOCKET_CLOSE.sessionEnded);
    expect((await onB.closed).code).toBe(SOCKET_CLOSE.sessionEnded);
    // And the ended session cannot come back.
    const again = await TestSocket.open(a);
    sockets.push(again);
    again.send({ type: 'hello', version: PROTOCOL_VERSION, userid: member.userid, userauth: member.userauth });
    expect((await again.next()).type).toBe('error');
  });

  test('a password change closes the member’s other sessions everywhere, not this one', async () => {
    const member = await aMember(a);
    const laptop = await a.ok('user.email_login', { email: member.email, password: member.password });
    const [phone, elsewhere] = [await welcomed(a, member), await welcomed(b, laptop)];
    await a.ok('user.change_password', { old_password: member.password, password: 'a-new-pass-phrase-9' }, member);
    expect((await elsewhere.closed).code).toBe(SOCKET_CLOSE.sessionEnded);
    expect((await phone.ok('user.info', {})).userid).toBe(member.userid);
  });

  test('room events arrive in sequence order with no gap, on both instances', async () => {
    const owner = await aMember(a);
    const room = await aRoom(a, owner);
    const [watcherA, watcherB] = [await aMember(a), await aMember(b)];
    const [socketA, socketB] = [await welcomed(a, watcherA), await welcomed(b, watcherB)];
    const first = await socketA.ok('room.register', { roomid: room.roomid });
    const second = await socketB.ok('room.register', { roomid: room.roomid });
    expect(second.seq).toBeGreaterThan(first.seq);
    expect(second.users.map((u) => u.userid).sort()).toEqual([watcherA.userid, watcherB.userid].sort());

    // Twenty people come and go through both instances at once.
    const crowd = await Promise.all(Array.from({ length: 10 }, (_, n) => aMember(n % 2 ? a : b)));
    const sessions = await Promise.all(crowd.map((who, n) => welcomed(n % 2 ? a : b, who)));
    await Promise.all(sessions.map((s) => s.ok('room.register', { roomid: room.roomid })));
    await Promise.all(sessions.map((s) => s.ok('room.deregister', { roomid: room.roomid })));

    const channel = `room:${room.roomid}`;
    const heard = async (socket: TestSocket, from: number) => {
      const seqs: number[] = [];
      const names: string[] = [];
      while (seqs.length < 20) {
        const event = await socket.nextEvent(channel);
        seqs.push(event.seq!);
        names.push(event.event.command);
      }
      expect(seqs).toEqual(Array.from({ length: 20 }, (_, n) => from + 1 + n));
      return names;
    };
    // A's page had the snapshot before B joined, so it hears B's registration first.
    const joined = await socketA.nextEvent(channel);
    expect([joined.seq, joined.event.command]).toEqual([second.seq, 'registered']);
    const onA = await heard(socketA, second.seq);
    const onB = await heard(socketB, second.seq);
    expect(onA.filter((n) => n === 'registered')).toHaveLength(10);
    expect(onB.filter((n) => n === 'deregistered')).toHaveLength(10);
    const after = await socketB.ok('room.register', { roomid: room.roomid });
    expect(after.seq).toBe(second.seq + 20);
    expect(after.users.map((u) => u.userid).sort()).toEqual([watcherA.userid, watcherB.userid].sort());
  });
});
