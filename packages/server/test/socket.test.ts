/**
 * The websocket gateway at /socket (contract realtime.ts): hello with the
 * protocol version and credentials, a welcome and a snapshot of the friends
 * panel, then a fresh snapshot whenever a buddy moves — also when the move
 * happens on another server instance (Redis pub/sub, a shared database).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { PROTOCOL_VERSION, type Credentials } from '@platter/contract';
import { becomeFanOf } from '../src/features/fans/store';
import { announceFansChanged, enterRoom, leaveRoom } from '../src/features/rooms/membership';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest, aMember, aRoom, aSocialFriendship, type Member } from './support/factories';
import { socketUrl, TestSocket } from './support/socket-client';
import { eventually } from './support/eventually';
import { socketMessages } from '../src/realtime/gateway';

const REDIS_URL = 'redis://127.0.0.1:6379';
/** Longer than the gateway's debounce (300 ms), with room to spare. */
const QUIET_MS = 800;

const sockets: TestSocket[] = [];
afterAll(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
async function open(t: TestApp): Promise<TestSocket> {
  const socket = await TestSocket.open(t);
  sockets.push(socket);
  return socket;
}
async function connect(t: TestApp, who: Credentials): Promise<TestSocket> {
  const socket = await TestSocket.connect(t, who);
  sockets.push(socket);
  return socket;
}
const roomIdsOf = (graph: { rooms: [{ roomid: string }, { userid: string }[]][] }) =>
  graph.rooms.map(([room]) => room.roomid);

describe('one instance', () => {
  let t: TestApp;
  let owner: Member;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await aMember(t);
  });
  afterAll(() => t.close());

  describe('refusals', () => {
    test('a hello with another protocol version: protocol_version, then the socket closes', async () => {
      const member = await aMember(t);
      const socket = await open(t);
      socket.send({ type: 'hello', version: PROTOCOL_VERSION + 1, ...member });
      expect(await socket.next()).toEqual({
        type: 'error',
        err: 'Platter has been updated. Please reload the page.',
        errcode: 'protocol_version',
      });
      expect(await socket.closed).toEqual({ code: 4000, reason: 'protocol_version' });
    });

    test('a hello with bad credentials: not_authenticated, then the socket closes', async () => {
      const member = await aMember(t);
      for (const who of [
        { userid: member.userid, userauth: 'not-the-secret' },
        { userid: 'nobody', userauth: member.userauth },
        { userid: '', userauth: '' },
      ]) {
        const socket = await open(t);
        socket.send({ type: 'hello', version: PROTOCOL_VERSION, ...who });
        expect(await socket.next()).toEqual({
          type: 'error',
          err: 'Your session has ended. Please reload the page and log in again.',
          errcode: 'not_authenticated',
        });
        expect((await socket.closed).code).toBe(4000);
      }
    });

    test('a logged-out session cannot say hello', async () => {
      const member = await aMember(t);
      await t.ok('user.logout', {}, member);
      const socket = await open(t);
      socket.send({ type: 'hello', version: PROTOCOL_VERSION, ...member });
      expect((await socket.next()).type).toBe('error');
    });

    // A frame that cannot be run is answered, and the socket stays open for the next one.
    const stillOpen = async (socket: TestSocket) => {
      socket.send({ type: 'ping', t: 1 });
      expect(await socket.next()).toEqual({ type: 'pong', t: 1, now: expect.any(Number) });
    };
    const refusal = (err: string, errcode: string, msgid = -1) => ({
      type: 'reply',
      msgid,
      envelope: [false, { err, errcode }],
    });

    test('text that is not JSON: bad_request, and the socket stays open', async () => {
      const socket = await open(t);
      socket.send('{"type": "hello",');
      expect(await socket.next()).toEqual(refusal('Messages must be JSON.', 'bad_request'));
      await stillOpen(socket);
    });

    test.each([{ type: 'dance' }, { type: 'hello', version: '1' }, [1, 2], 'null', { type: 'call', msgid: 7 }])(
      '%j, not part of the protocol: bad_request',
      async (message) => {
        const socket = await open(t);
        socket.send(typeof message === 'string' ? message : JSON.stringify(message));
        const msgid = typeof message === 'object' && 'msgid' in message ? message.msgid : -1;
        expect(await socket.next()).toEqual(refusal('That message is not part of the protocol.', 'bad_request', msgid));
        await stillOpen(socket);
      },
    );

    test('a binary message: bad_request', async () => {
      const socket = await open(t);
      socket.send(Buffer.from(JSON.stringify({ type: 'ping' })));
      expect(await socket.next()).toEqual(refusal('Messages must be JSON text.', 'bad_request'));
      await stillOpen(socket);
    });

    test('a message over 16 KiB: answered by its msgid, not dropped', async () => {
      const socket = await connect(t, await aMember(t));
      await socket.nextGraph();
      socket.send({ type: 'call', msgid: 41, call: 'presence.update', input: { status: 'x'.repeat(20_000) } });
      expect(await socket.next()).toEqual(refusal('That message is too large (at most 16 KiB).', 'bad_request', 41));
      await stillOpen(socket);
    });

    test('a call before hello: not_authenticated, then hello still works', async () => {
      const member = await aMember(t);
      const socket = await open(t);
      socket.send({ type: 'call', msgid: 1, call: 'user.info', input: {} });
      expect(await socket.next()).toEqual(refusal('Say hello first.', 'not_authenticated', 1));
      socket.send({ type: 'hello', version: PROTOCOL_VERSION, ...member });
      expect((await socket.next()).type).toBe('welcome');
    });

    test('a page on another site may not open a socket here', async () => {
      const ws = new WebSocket(socketUrl(t), { origin: 'https://evil.example' });
      const error = await new Promise<Error>((resolve) => ws.once('error', resolve));
      expect(error.message).toMatch(/Unexpected server response: 404/);
      const lookalike = new WebSocket(socketUrl(t), { origin: 'not a url' });
      expect((await new Promise<Error>((resolve) => lookalike.once('error', resolve))).message).toMatch(/404/);
    });

    test('a page of this site may', async () => {
      const ws = new WebSocket(socketUrl(t), { origin: t.baseUrl });
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      });
      ws.terminate();
    });

    test('only /socket upgrades', async () => {
      const ws = new WebSocket(socketUrl(t, '/sockets'));
      expect((await new Promise<Error>((resolve) => ws.once('error', resolve))).message).toMatch(/404/);
    });
  });

  describe('a member who says hello', () => {
    test('is welcomed with the server clock, then follows the friends panel as room.directory_graph has it', async () => {
      const member = await aMember(t);
      const buddy = await aMember(t);
      const room = await aRoom(t, owner);
      await becomeFanOf(t.app.services, member.userid, buddy.userid);
      await enterRoom(t.app.services, buddy.userid, room.roomid);

      const socket = await open(t);
      const before = Date.now();
      socket.send({ type: 'hello', version: PROTOCOL_VERSION, ...member });
      const welcome = await socket.next();
      expect(welcome).toEqual({
        type: 'welcome',
        version: PROTOCOL_VERSION,
        userid: member.userid,
        now: expect.any(Number),
      });
      expect((welcome as { now: number }).now).toBeGreaterThanOrEqual(before);
      const snapshot = await socket.ok('room.follow_directory_graph', {});
      expect(snapshot.rooms).toEqual((await t.ok('room.directory_graph', {}, member)).rooms);
      expect(roomIdsOf(snapshot)).toEqual([room.roomid]);
      expect(snapshot.rooms[0]![1].map((b) => b.userid)).toEqual([buddy.userid]);
    });

    test('says hello once: a second hello is answered, and the socket stays who it was', async () => {
      const member = await aMember(t);
      const other = await aMember(t);
      const socket = await connect(t, member);
      await socket.nextGraph();
      socket.send({ type: 'hello', version: PROTOCOL_VERSION, ...other });
      expect(await socket.next()).toEqual({
        type: 'reply',
        msgid: -1,
        envelope: [false, { err: socketMessages.helloOnce, errcode: 'bad_request' }],
      });
      expect((await socket.ok('user.info', {})).userid).toBe(member.userid);
    });

    test('a guest too, with an empty panel', async () => {
      const guest = await aGuest(t);
      const socket = await connect(t, guest);
      expect(await socket.nextGraph()).toEqual({ type: 'directory_graph', rooms: [] });
    });

    test('ping: pong, with the page clock sent back and the server clock', async () => {
      const socket = await connect(t, await aMember(t));
      await socket.nextGraph();
      socket.send({ type: 'ping', t: 12.5 });
      const pong = await socket.next();
      expect(pong).toEqual({ type: 'pong', t: 12.5, now: expect.any(Number) });
      expect(Math.abs((pong as { now: number }).now - Date.now())).toBeLessThan(1_000);
    });

    test('messages sent right after hello, before the welcome, are answered in order', async () => {
      const member = await aMember(t);
      const socket = await open(t);
      socket.send({ type: 'hello', version: PROTOCOL_VERSION, ...member });
      socket.send({ type: 'call', msgid: 1, call: 'presence.update', input: { status: 'away' } });
      socket.send({ type: 'ping' });
      expect((await socket.next()).type).toBe('welcome');
      expect(await socket.next()).toEqual({ type: 'reply', msgid: 1, envelope: [true, {}] });
      expect((await socket.next()).type).toBe('pong');
      expect((await t.ok('presence.get', { uid: member.userid })).presence.status).toBe('away');
    });

    test('after the welcome, a ping is answered at once, ahead of a call still running', async () => {
      const member = await aMember(t);
      const socket = await TestSocket.welcomed(t, member);
      sockets.push(socket);
      // A wrong password is checked with argon2 first: the call takes a while.
      socket.send({
        type: 'call',
        msgid: 7,
        call: 'user.change_email',
        input: { email: 'elsewhere@example.com', password: 'not the password' },
      });
      socket.send({ type: 'ping', t: 1 });
      expect(await socket.next()).toEqual({ type: 'pong', t: 1, now: expect.any(Number) });
      expect(await socket.next()).toMatchObject({ type: 'reply', msgid: 7, envelope: [false, { errcode: 'invalid' }] });
    });

    test('is available once connected, and reports idle and active through presence.update', async () => {
      const member = await aMember(t);
      await t.ok('presence.update', { status: 'away' }, member);
      const socket = await connect(t, member);
      await socket.nextGraph();
      const status = async () => (await t.ok('presence.get', { uid: member.userid })).presence.status;
      expect(await status()).toBe('available');
      expect(await socket.call('presence.update', { status: 'away' })).toEqual([true, {}]);
      expect(await status()).toBe('away');
      // Refused like over HTTP, and the socket stays open.
      expect(await socket.call('presence.update', { status: 'unavailable' })).toEqual(
        await t.call('presence.update', { status: 'unavailable' }, member),
      );
      expect(await socket.call('presence.update', { status: 'available' })).toEqual([true, {}]);
    });
  });

  // Each test follows its own members and rooms, so they wait out the gateway's debounce side by side.
  describe.concurrent('updates', () => {
    test('a buddy entering a room: a fresh graph with that room and that buddy', async () => {
      const member = await aMember(t);
      const [fanned, friend] = [await aMember(t), await aMember(t)];
      const room = await aRoom(t, owner);
      await becomeFanOf(t.app.services, member.userid, fanned.userid);
      await aSocialFriendship(t, member, friend);
      const socket = await connect(t, member);
      expect((await socket.nextGraph()).rooms).toEqual([]);

      await enterRoom(t.app.services, fanned.userid, room.roomid);
      const update = await socket.nextGraph();
      expect(roomIdsOf(update)).toEqual([room.roomid]);
      expect(update.rooms[0]![1]).toEqual([expect.objectContaining({ userid: fanned.userid, type: 'fanned' })]);

      await enterRoom(t.app.services, friend.userid, room.roomid);
      const next = await socket.nextGraph();
      expect(next.rooms[0]![1].map((b) => [b.userid, b.type]).sort()).toEqual(
        [
          [fanned.userid, 'fanned'],
          [friend.userid, 'friends'],
        ].sort(),
      );
      expect(next.rooms[0]![0].metadata.listeners).toBe(2);

      await leaveRoom(t.app.services, friend.userid);
      const left = await socket.nextGraph();
      expect(left.rooms[0]![1].map((b) => b.userid)).toEqual([fanned.userid]);
      await leaveRoom(t.app.services, fanned.userid);
      expect((await socket.nextGraph()).rooms).toEqual([]);
      expect(await socket.quietFor(QUIET_MS)).toEqual([]);
    });

    test('several moves at once make one update', async () => {
      const member = await aMember(t);
      const buddies = [await aMember(t), await aMember(t), await aMember(t)];
      const room = await aRoom(t, owner);
      for (const buddy of buddies) await becomeFanOf(t.app.services, member.userid, buddy.userid);
      const socket = await connect(t, member);
      await socket.nextGraph();
      await Promise.all(buddies.map((buddy) => enterRoom(t.app.services, buddy.userid, room.roomid)));
      const update = await socket.nextGraph();
      expect(update.rooms[0]![1]).toHaveLength(3);
      expect(await socket.quietFor(QUIET_MS)).toEqual([]);
    });

    test('becoming a fan of someone already in a room, once announced: an update', async () => {
      const member = await aMember(t);
      const dj = await aMember(t);
      const room = await aRoom(t, owner);
      await enterRoom(t.app.services, dj.userid, room.roomid, { asDj: true });
      const socket = await connect(t, member);
      expect((await socket.nextGraph()).rooms).toEqual([]);

      await becomeFanOf(t.app.services, member.userid, dj.userid);
      await announceFansChanged(t.app.services, member.userid);
      const update = await socket.nextGraph();
      expect(roomIdsOf(update)).toEqual([room.roomid]);
      expect(update.rooms[0]![1].map((b) => b.userid)).toEqual([dj.userid]);

      // And from then on that person's moves are followed.
      const elsewhere = await aRoom(t, owner);
      await enterRoom(t.app.services, dj.userid, elsewhere.roomid);
      expect(roomIdsOf(await socket.nextGraph())).toEqual([elsewhere.roomid]);
    });

    test("someone else's fans changing, or a stranger moving, sends nothing", async () => {
      const member = await aMember(t);
      const stranger = await aMember(t);
      const socket = await connect(t, member);
      await socket.nextGraph();
      await enterRoom(t.app.services, stranger.userid, (await aRoom(t, owner)).roomid);
      await announceFansChanged(t.app.services, stranger.userid);
      expect(await socket.quietFor(QUIET_MS)).toEqual([]);
    });

    test('each connection of one member gets the update', async () => {
      const member = await aMember(t);
      const buddy = await aMember(t);
      await becomeFanOf(t.app.services, member.userid, buddy.userid);
      const [first, second] = [await connect(t, member), await connect(t, member)];
      await first.nextGraph();
      await second.nextGraph();
      const room = await aRoom(t, owner);
      await enterRoom(t.app.services, buddy.userid, room.roomid);
      expect(roomIdsOf(await first.nextGraph())).toEqual([room.roomid]);
      expect(roomIdsOf(await second.nextGraph())).toEqual([room.roomid]);
    });

    test('a buddy entering an unlisted room shows nowhere', async () => {
      const member = await aMember(t);
      const buddy = await aMember(t);
      await becomeFanOf(t.app.services, member.userid, buddy.userid);
      const socket = await connect(t, member);
      await socket.nextGraph();
      await enterRoom(t.app.services, buddy.userid, (await aRoom(t, owner, { privacy: 'unlisted' })).roomid);
      const messages = await socket.quietFor(QUIET_MS);
      for (const message of messages) {
        expect(message).toEqual({
          type: 'event',
          channel: 'directory',
          event: { command: 'directory_graph', rooms: [] },
        });
      }
    });
  });
});

describe.concurrent('two instances on one database, joined by Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp({ redisUrl: REDIS_URL });
    b = await startTestApp({ redisUrl: REDIS_URL, database: a.app.services.config.database });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  test('share the database: a member made on one is known on the other', async () => {
    const member = await aMember(a);
    expect((await b.ok('user.info', {}, member)).name).toBe(member.name);
  });

  test('a client on A hears of a buddy entering a room through B', async () => {
    const member = await aMember(a);
    const buddy = await aMember(b);
    const room = await aRoom(b, buddy);
    await becomeFanOf(b.app.services, member.userid, buddy.userid);
    const socket = await connect(a, member);
    expect((await socket.nextGraph()).rooms).toEqual([]);

    await enterRoom(b.app.services, buddy.userid, room.roomid);
    const update = await socket.nextGraph();
    expect(roomIdsOf(update)).toEqual([room.roomid]);
    expect(update.rooms[0]![1].map((entry) => entry.userid)).toEqual([buddy.userid]);

    await leaveRoom(b.app.services, buddy.userid);
    expect((await socket.nextGraph()).rooms).toEqual([]);
  });

  test('and of its own fans changing through B', async () => {
    const member = await aMember(a);
    const dj = await aMember(a);
    const room = await aRoom(a, dj);
    await enterRoom(a.app.services, dj.userid, room.roomid, { asDj: true });
    const socket = await connect(a, member);
    expect((await socket.nextGraph()).rooms).toEqual([]);

    await becomeFanOf(b.app.services, member.userid, dj.userid);
    await announceFansChanged(b.app.services, member.userid);
    expect(roomIdsOf(await socket.nextGraph())).toEqual([room.roomid]);
  });

  test('clients on both instances hear the same move', async () => {
    const [onA, onB] = [await aMember(a), await aMember(b)];
    const buddy = await aMember(a);
    for (const fan of [onA, onB]) await becomeFanOf(a.app.services, fan.userid, buddy.userid);
    const [socketA, socketB] = [await connect(a, onA), await connect(b, onB)];
    await socketA.nextGraph();
    await socketB.nextGraph();
    const room = await aRoom(a, buddy);
    await enterRoom(a.app.services, buddy.userid, room.roomid);
    expect(roomIdsOf(await socketA.nextGraph())).toEqual([room.roomid]);
    expect(roomIdsOf(await socketB.nextGraph())).toEqual([room.roomid]);
  });
});

describe("a socket's session", () => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await startTestApp({}, () => clock);
  });
  afterAll(() => t.close());

  test('is trusted by the calls over it for a minute after it was checked, then checked again', async () => {
    const member = await aMember(t);
    const socket = await connect(t, member);
    expect((await socket.ok('user.info', {})).userid).toBe(member.userid);
    // Gone without a word to its sockets (every way Platter ends a session closes them at once):
    // the socket's calls still pass within the minute; past it, the check that the next call sets
    // off (beside it, not before it) stops the socket, a moment later.
    await t.app.services.db.deleteFrom('sessions').where('userId', '=', member.userid).execute();
    t.app.services.caches.clear('sessions');
    clock += 59_000;
    expect((await socket.ok('user.info', {})).userid).toBe(member.userid);
    clock += 2_000;
    const refused = await eventually(
      () => socket.call('user.info', {}),
      (envelope) => !envelope[0],
    );
    expect(refused).toEqual([false, expect.objectContaining({ errcode: 'not_authenticated' })]);
    // Over HTTP the same credentials were refused all along.
    expect((await t.call('user.info', {}, member))[0]).toBe(false);
  });

  test('past the minute, its call is answered and the session recorded as used', async () => {
    const member = await aMember(t);
    const socket = await connect(t, member);
    await socket.ok('user.info', {});
    const lastUsed = async () => {
      const session = await t.app.services.db
        .selectFrom('sessions')
        .select('lastUsedAt')
        .where('userId', '=', member.userid)
        .executeTakeFirstOrThrow();
      return Number(session.lastUsedAt);
    };
    clock += 61_000;
    expect((await socket.ok('user.info', {})).userid).toBe(member.userid);
    expect(await eventually(lastUsed, (at) => at === clock)).toBe(clock);
  });
});
