/**
 * Redis goes away and comes back (docs/realtime.md, "When Redis is down"): two instances on one
 * PostgreSQL database reach Redis through a proxy the test cuts in three ways. Meanwhile each
 * instance serves its own listeners and welcomes new sockets; a chat line is stored once or
 * refused as retryable; login answers "try again", never 500. Once Redis is back, every stored
 * line has reached every listener on both instances (as an event, or in the snapshot a page reads
 * when it sees a gap, as the web app does) and new sockets are welcomed.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiMessages, type CallOutput, type Credentials } from '@platter/contract';
import type { RedisTiming } from '../src/lib/redis';
import { CuttableProxy, type Cut } from './support/cuttable-proxy';
import { aMember, aRoom, type TestRoom } from './support/factories';
import { eventually } from './support/eventually';
import { TestSocket } from './support/socket-client';
import { startTestApp, type TestApp } from './support/test-app';

const REDIS_URL = 'redis://127.0.0.1:6379';
/** Short waits, so that each outage lasts a second or two. */
const FAST: RedisTiming = { commandTimeoutMs: 300, maxReconnectDelayMs: 200, pingEveryMs: 200 };

/** Each instance reaches Redis through a proxy of its own, so one can be cut off alone. */
let proxyA: CuttableProxy;
let proxyB: CuttableProxy;
let a: TestApp;
let b: TestApp;
const sockets: TestSocket[] = [];
/** What instance A logs (warnings and worse). */
const logged: string[] = [];

beforeAll(async () => {
  [proxyA, proxyB] = await Promise.all([CuttableProxy.start(REDIS_URL), CuttableProxy.start(REDIS_URL)]);
  // Limits on (generously): login and joins count in Redis, as in production; rooms per hour would
  // outlast a run (the counts are in the machine's Redis), so they are off.
  const config = { attemptsPerMinute: 1000, roomsPerAddressPerHour: 0, roomsPerMemberPerHour: 0 };
  a = await startTestApp({ ...config, redisUrl: proxyA.url, logLevel: 'warn' }, undefined, {
    postgres: true,
    redisTiming: FAST,
    timeline: false,
    logStream: { write: (line) => void logged.push(line) },
  });
  const database = a.app.services.config.database;
  b = await startTestApp({ ...config, redisUrl: proxyB.url, database }, undefined, {
    redisTiming: FAST,
    timeline: false,
  });
});

afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await b?.close();
  await a?.close();
  await proxyA?.close();
  await proxyB?.close();
});

/**
 * A room's page as the web app keeps it: the chat lines it has seen, and the room's number it is
 * at; an event past the next number is a gap, and the page reads the room again (room-store.ts).
 */
class Page {
  readonly seen = new Set<string>();
  private seq = 0;

  private constructor(
    readonly socket: TestSocket,
    readonly room: TestRoom,
  ) {}

  static async join(t: TestApp, room: TestRoom): Promise<Page> {
    const who = await aMember(t);
    const socket = await TestSocket.welcomed(t, who);
    sockets.push(socket);
    const page = new Page(socket, room);
    await page.resync();
    return page;
  }

  /** Says a line, retried with the same client id while refused as retryable (as live/chat-send.ts). */
  async say(text: string, clientid: string): Promise<CallOutput<'room.speak'>> {
    for (;;) {
      const envelope = await this.socket.call('room.speak', { roomid: this.room.roomid, text, clientid });
      if (envelope[0]) return envelope[1];
      expect(envelope[1]).toEqual({ err: apiMessages.unavailable, errcode: 'unavailable' });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Reads events (and the room again after a gap) until the page has seen every line in `chatids`. */
  async until(chatids: Iterable<string>, timeoutMs = 8_000): Promise<void> {
    const wanted = [...chatids];
    const deadline = Date.now() + timeoutMs;
    while (wanted.some((id) => !this.seen.has(id))) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      const message = await this.socket.next(left).catch(() => null);
      if (!message) break;
      if (message.type !== 'event' || message.channel !== `room:${this.room.roomid}` || message.seq === undefined)
        continue;
      if (message.seq <= this.seq) continue;
      if (message.seq > this.seq + 1) {
        await this.resync();
        continue;
      }
      this.seq = message.seq;
      if (message.event.command === 'speak') this.seen.add(message.event.chatid);
    }
    expect(wanted.filter((id) => !this.seen.has(id))).toEqual([]);
  }

  private async resync(): Promise<void> {
    for (;;) {
      const envelope = await this.socket.call('room.register', { roomid: this.room.roomid });
      if (envelope[0]) {
        this.seq = envelope[1].seq;
        for (const line of envelope[1].chat) this.seen.add(line.chatid);
        return;
      }
      expect(envelope[1].errcode).toBe('unavailable');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** The room's stored lines: chatid by client id, and how many rows each client id has. */
async function storedLines(roomId: string): Promise<{ chatids: string[]; perClientId: Map<string, number> }> {
  const rows = await a.app.services.db
    .selectFrom('roomChat')
    .select(['id', 'clientId'])
    .where('roomId', '=', roomId)
    .execute();
  const perClientId = new Map<string, number>();
  for (const row of rows) if (row.clientId) perClientId.set(row.clientId, (perClientId.get(row.clientId) ?? 0) + 1);
  return { chatids: rows.map((row) => row.id), perClientId };
}

async function welcomedOn(t: TestApp, who?: Credentials): Promise<void> {
  const socket = await TestSocket.welcomed(t, who ?? (await aMember(t)));
  socket.close();
}

const bothHealthy = () =>
  eventually(
    async () => a.app.services.hub.healthy && b.app.services.hub.healthy,
    (healthy) => healthy,
  );

describe.each<[Cut, string]>([
  ['refuse', 'refuses connections'],
  ['close', 'accepts and closes connections'],
  ['blackhole', 'accepts and never answers'],
])('Redis %s', (cut, how) => {
  test(`while Redis ${how}, each instance serves its own; once it is back every stored line reached everyone`, async () => {
    const owner = await aMember(a);
    const room = await aRoom(a, owner);
    const [onA, onB, alsoOnA, alsoOnB] = await Promise.all([
      Page.join(a, room),
      Page.join(b, room),
      Page.join(a, room),
      Page.join(b, room),
    ]);
    const pages = [onA, onB, alsoOnA, alsoOnB];
    const tag = `${cut}-${Date.now()}`;
    await onA.say('before', `${tag}-before-a`);
    await onB.say('before', `${tag}-before-b`);
    const arriving = [await aMember(a), await aMember(b)];
    await bothHealthy();

    await Promise.all([proxyA.cutAs(cut), proxyB.cutAs(cut)]);
    // Both instances notice (a black hole, by a ping left unanswered).
    await eventually(
      async () => !a.app.services.hub.healthy && !b.app.services.hub.healthy,
      (down) => down,
    );
    // A's lines follow the last the room heard: A's listeners hear them at once, from A alone.
    for (let n = 0; n < 3; n++) await onA.say(`during ${n}`, `${tag}-during-a-${n}`);
    const fromA = await storedLines(room.roomid);
    await alsoOnA.until(fromA.chatids);
    // B's lines come after A's, which B never heard: its pages see the gap (and read the room).
    for (let n = 0; n < 3; n++) await onB.say(`during ${n}`, `${tag}-during-b-${n}`);
    expect((await storedLines(room.roomid)).chatids).toHaveLength(8);
    // New sockets are welcomed, and login is refused as retryable, not failed.
    await welcomedOn(a, arriving[0]);
    await welcomedOn(b, arriving[1]);
    const member = await aMember(a).catch(() => null);
    expect(member).toBeNull(); // signing up counts attempts in Redis too: refused, nothing stored
    const login = await b.fetch('/api/user.email_login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'someone@example.com', password: 'whatever it is' }),
    });
    expect(login.status).toBe(503);
    expect(await login.json()).toEqual([false, { err: apiMessages.unavailable, errcode: 'unavailable' }]);

    await Promise.all([proxyA.restore(), proxyB.restore()]);
    await bothHealthy();
    expect([a.app.services.hub.healthy, b.app.services.hub.healthy]).toEqual([true, true]);
    await onA.say('after', `${tag}-after-a`);
    await onB.say('after', `${tag}-after-b`);
    // A retry of a line whose answer was lost is stored once.
    await onA.say('during 0', `${tag}-during-a-0`);

    const stored = await storedLines(room.roomid);
    expect(stored.chatids).toHaveLength(10);
    expect([...stored.perClientId.values()].every((count) => count === 1)).toBe(true);
    for (const page of pages) await page.until(stored.chatids);
    await welcomedOn(a);
    await welcomedOn(b);
  });
});

test('an instance cut off alone hears, once back, the lines stored meanwhile, as the next events in order', async () => {
  const owner = await aMember(a);
  const room = await aRoom(a, owner);
  const speaker = await Page.join(a, room);
  const listener = await TestSocket.welcomed(b, await aMember(b));
  sockets.push(listener);
  const { seq } = await listener.ok('room.register', { roomid: room.roomid });
  const channel = `room:${room.roomid}`;

  await proxyB.cutAs('close');
  await eventually(
    async () => b.app.services.hub.healthy,
    (healthy) => !healthy,
  );
  const tag = `alone-${Date.now()}`;
  for (let n = 0; n < 3; n++) await speaker.say(`while b is away ${n}`, `${tag}-${n}`);
  // Published while b was away: Redis had no subscription of b's to give them to.
  expect(await listener.quietFor(300)).toEqual([]);
  await proxyB.restore();

  const heard = [];
  for (let n = 0; n < 3; n++) heard.push(await listener.nextEvent(channel));
  expect(heard.map((event) => [event.seq, event.event.command, 'text' in event.event && event.event.text])).toEqual(
    [0, 1, 2].map((n) => [seq + 1 + n, 'speak', `while b is away ${n}`]),
  );
});

test('what Redis and its client say goes to the log as JSON, one line each', () => {
  // Runs last (a file's tests run in order): after the outages above.
  const lines = logged.flatMap((chunk) => chunk.split('\n').filter(Boolean));
  const parsed = lines.map((line) => JSON.parse(line) as { component?: string; msg: string });
  expect(parsed.some((line) => line.component === 'redis' && line.msg === 'Redis error')).toBe(true);
  expect(parsed.some((line) => line.component === 'redis' && line.msg === 'Redis link lost; reconnecting')).toBe(true);
});
