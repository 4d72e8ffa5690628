/**
 * Limits on live connections (issue 31): one socket flipping room.register
 * between two rooms sent 209 join and leave events a second to every
 * listener, and one session opened 400 sockets. Joins are limited per socket,
 * per session (across instances, through the shared limiter) and per
 * address; open sockets per session and per address. Each test counts what
 * is refused, and what a listener in the room hears, for a bounded flood.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { liveLimitMessages, PROTOCOL_VERSION, type Credentials, type ServerMessage } from '@platter/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest, aMember, aRoom } from './support/factories';
import { socketUrl, TestSocket } from './support/socket-client';
import { eventually } from './support/eventually';
import { JOINS_PER_SOCKET_PER_MINUTE } from '../src/features/room/join-limits';
import { TTAPI_PATH } from '../src/realtime/ttapi/gateway';

const REDIS_URL = 'redis://127.0.0.1:6379';
const JOINS_PER_SESSION = 15;
const SOCKETS_PER_SESSION = 3;
const SOCKETS_PER_ADDRESS = 4;
const TOO_MANY_JOINS = [false, { err: liveLimitMessages.tooManyJoins, errcode: 'rate_limited' }];
/**
 * Limits are on (RATE_LIMIT_PER_MINUTE), those on joins and sockets small enough to reach in a test;
 * those on sign-ups and rooms out of the way (every one is made from 127.0.0.1).
 */
const LIMITS = {
  attemptsPerMinute: 1_000,
  roomsPerMemberPerHour: 0,
  roomsPerAddressPerHour: 0,
  joinsPerSessionPerMinute: JOINS_PER_SESSION,
  socketsPerSession: SOCKETS_PER_SESSION,
  socketsPerAddress: SOCKETS_PER_ADDRESS,
  trustProxy: true,
};

/** A made-up client address, as a reverse proxy would pass it on. */
const anAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
/** Every socket from an address of its own unless said otherwise: the limit per address is small. */
const from = (address = anAddress()) => ({ headers: { 'x-forwarded-for': address } });

const sockets: TestSocket[] = [];
const apps: TestApp[] = [];
afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  for (const app of apps.splice(0).reverse()) await app.close();
});

async function welcomed(t: TestApp, who: Credentials, address?: string): Promise<TestSocket> {
  const socket = await TestSocket.open(t, from(address));
  sockets.push(socket);
  socket.send({ type: 'hello', version: PROTOCOL_VERSION, ...who });
  const welcome = await socket.next();
  if (welcome.type !== 'welcome') throw new Error(`expected a welcome, got ${JSON.stringify(welcome)}`);
  return socket;
}

/** Sends `count` joins at once, flipping between two rooms; resolves with their envelopes in order. */
async function flipJoins(socket: TestSocket, rooms: [string, string], count: number, firstMsgid: number) {
  for (let n = 0; n < count; n++) {
    socket.send({ type: 'call', msgid: firstMsgid + n, call: 'room.register', input: { roomid: rooms[n % 2] } });
  }
  const envelopes = [];
  for (let n = 0; n < count; n++) envelopes.push(await socket.replyTo(firstMsgid + n));
  return envelopes;
}

/** The listener's events up to its own next chat line, which the room tells after everything before it. */
async function heardUntilOwnLine(listener: TestSocket, roomid: string, text: string): Promise<ServerMessage[]> {
  await listener.ok('room.speak', { roomid, text });
  const heard: ServerMessage[] = [];
  for (;;) {
    const message = await listener.nextEvent(`room:${roomid}`);
    heard.push(message);
    if (message.event.command === 'speak' && message.event.text === text) return heard;
  }
}

const movesOf = (heard: ServerMessage[], who: Credentials) =>
  heard.filter(
    (message) =>
      message.type === 'event' &&
      (message.event.command === 'registered' || message.event.command === 'deregistered') &&
      message.event.user[0]?.userid === who.userid,
  ).length;

describe('joins', () => {
  let t: TestApp;
  let clock = Math.floor(Date.now() / 60_000) * 60_000 + 1_000;
  beforeAll(async () => {
    t = await startTestApp(LIMITS, () => clock);
    apps.push(t);
  });

  test(`${JOINS_PER_SOCKET_PER_MINUTE} a minute on one socket; the room hears no more than those`, async () => {
    const owner = await aMember(t);
    const [here, there] = [await aRoom(t, owner), await aRoom(t, owner)];
    const listener = await welcomed(t, owner);
    await listener.ok('room.register', { roomid: here.roomid });
    const flooder = await aGuest(t);
    const flooding = await welcomed(t, flooder);

    const envelopes = await flipJoins(flooding, [here.roomid, there.roomid], 40, 100);
    expect(envelopes.filter(([ok]) => ok)).toHaveLength(JOINS_PER_SOCKET_PER_MINUTE);
    expect(envelopes.slice(JOINS_PER_SOCKET_PER_MINUTE)).toEqual(
      Array.from({ length: 40 - JOINS_PER_SOCKET_PER_MINUTE }, () => TOO_MANY_JOINS),
    );
    // Each allowed join into `here` is heard, and so is each leave of it: no more than the joins.
    const heard = await heardUntilOwnLine(listener, here.roomid, 'after the flood');
    expect(movesOf(heard, flooder)).toBe(JOINS_PER_SOCKET_PER_MINUTE);

    // A minute on, the socket may join again.
    clock += 60_000;
    expect((await flooding.call('room.register', { roomid: here.roomid }))[0]).toBe(true);
  });

  test(`${JOINS_PER_SESSION} a minute for a session, however many sockets it opens`, async () => {
    const owner = await aMember(t);
    const [here, there] = [await aRoom(t, owner), await aRoom(t, owner)];
    const member = await aMember(t);
    let allowed = 0;
    for (let page = 0; page < SOCKETS_PER_SESSION; page++) {
      const socket = await welcomed(t, member);
      const envelopes = await flipJoins(socket, [here.roomid, there.roomid], 10, 200);
      allowed += envelopes.filter(([ok]) => ok).length;
      socket.close();
    }
    expect(allowed).toBe(JOINS_PER_SESSION);
  });
});

describe('joins per session, across two instances sharing a limiter (Redis)', () => {
  test(`${JOINS_PER_SESSION} a minute in all`, async () => {
    let clock = Math.floor(Date.now() / 60_000) * 60_000 + 1_000;
    const a = await startTestApp({ ...LIMITS, redisUrl: REDIS_URL }, () => clock, { postgres: true });
    apps.push(a);
    const b = await startTestApp(
      { ...LIMITS, redisUrl: REDIS_URL, database: a.app.services.config.database },
      () => clock,
    );
    apps.push(b);
    const owner = await aMember(a);
    const [here, there] = [await aRoom(a, owner), await aRoom(a, owner)];
    const member = await aMember(a);
    let allowed = 0;
    for (const app of [a, b, a, b]) {
      const socket = await welcomed(app, member);
      allowed += (await flipJoins(socket, [here.roomid, there.roomid], 8, 300)).filter(([ok]) => ok).length;
      socket.close();
    }
    expect(allowed).toBe(JOINS_PER_SESSION);
    clock += 60_000;
  });
});

/** A socket refused as it opens: what it was told (every frame, as text) and its close code. */
async function refusedAtOpen(t: TestApp, address: string, path?: string) {
  const ws = new WebSocket(socketUrl(t, path), from(address));
  const said: string[] = [];
  ws.on('message', (data) => said.push(String(data)));
  const code = await new Promise<number>((resolve) => ws.once('close', resolve));
  return { code, said: said.join('') };
}

describe('open sockets', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(LIMITS);
    apps.push(t);
  });

  const refusedWith = async (socket: TestSocket, err: string) => {
    expect(await socket.next()).toEqual({ type: 'error', err, errcode: 'rate_limited' });
    expect((await socket.closed).code).toBe(4000);
  };

  test(`${SOCKETS_PER_SESSION} at once for a session; the next is told why and closed, until one closes`, async () => {
    const member = await aMember(t);
    const open = [];
    for (let n = 0; n < SOCKETS_PER_SESSION; n++) open.push(await welcomed(t, member));
    const extra = await TestSocket.open(t, from());
    sockets.push(extra);
    extra.send({ type: 'hello', version: PROTOCOL_VERSION, ...member });
    await refusedWith(extra, liveLimitMessages.tooManyPages);
    // Another session of the same member has its own count.
    const elsewhere = await t.ok('user.email_login', { email: member.email, password: member.password });
    await welcomed(t, { userid: member.userid, userauth: elsewhere.userauth });

    open[0]!.close();
    const again = await eventually(
      async () => {
        const socket = await TestSocket.open(t, from());
        sockets.push(socket);
        socket.send({ type: 'hello', version: PROTOCOL_VERSION, ...member });
        return socket.next();
      },
      (message) => message.type === 'welcome',
    );
    expect(again.type).toBe('welcome');
  });

  test(`${SOCKETS_PER_ADDRESS} at once from an address, welcomed or not, on either framing`, async () => {
    const address = anAddress();
    for (let n = 0; n < SOCKETS_PER_ADDRESS - 1; n++) sockets.push(await TestSocket.open(t, from(address)));
    // The ttapi gateway's sockets count with them.
    const bot = new WebSocket(socketUrl(t, TTAPI_PATH), from(address));
    await new Promise((resolve) => bot.once('open', resolve));
    for (const path of [undefined, TTAPI_PATH]) {
      const refused = await refusedAtOpen(t, address, path);
      expect(refused.code).toBe(4000);
      expect(refused.said).toContain(liveLimitMessages.tooManyConnections);
    }
    bot.terminate();
    // Another address is not held back by this one.
    await welcomed(t, await aGuest(t));
  });
});
