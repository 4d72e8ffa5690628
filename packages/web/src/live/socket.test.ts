import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { PROTOCOL_VERSION, SOCKET_CLOSE, type Room } from '@platter/contract';
import { ApiCallError } from '../api/client';
import {
  CLOCK_PING_SPACING_MS,
  LINE_DOWN,
  LiveSocket,
  PING_INTERVAL_MS,
  RECONNECT_MAX_MS,
  RECONNECT_SOON_MS,
  SILENCE_LIMIT_MS,
  UNAVAILABLE_RETRY_MS,
  WELCOME_PINGS,
  reconnectDelay,
  socketUrl,
  type SocketEvents,
} from './socket';

/** A socket the test drives by hand: what the page sent, and the server's side of the line. */
class FakeLine {
  sent: unknown[] = [];
  closed = false;
  constructor(
    readonly url: string,
    private readonly events: SocketEvents,
  ) {}
  open() {
    this.events.open();
  }
  deliver(message: unknown) {
    this.events.message(typeof message === 'string' ? message : JSON.stringify(message));
  }
  drop(code?: number) {
    this.events.close(code);
  }
}

let lines: FakeLine[];
let credentials: { userid: string; userauth: string } | null;
let httpCalls: Array<[string, unknown]>;

function makeClient() {
  return new LiveSocket({
    url: () => 'ws://platter.test/socket',
    credentials: () => credentials,
    random: () => 1,
    callOverHttp: async (name, input) => {
      httpCalls.push([name, input]);
      return {} as never;
    },
    openSocket: (url, events) => {
      const line = new FakeLine(url, events);
      lines.push(line);
      return {
        send: (data) => line.sent.push(JSON.parse(data)),
        close: () => {
          line.closed = true;
        },
      };
    },
  });
}

const aRoom = (): Room => ({
  roomid: 'r1',
  shortcut: 'indie',
  name: 'Indie Den',
  theme: null,
  metadata: { max_djs: 5, djcount: 1, listeners: 3, featured: false, current_song: null },
});

function lastLine(): FakeLine {
  const line = lines.at(-1);
  if (!line) throw new Error('no socket was opened');
  return line;
}

beforeEach(() => {
  vi.useFakeTimers();
  lines = [];
  httpCalls = [];
  credentials = { userid: 'u1', userauth: 'secret' };
});

afterEach(() => {
  vi.useRealTimers();
});

test('the socket lives beside the page: ws for http, wss for https', () => {
  expect(socketUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/socket');
  expect(socketUrl({ protocol: 'https:', host: 'platter.example.org' })).toBe('wss://platter.example.org/socket');
});

test('reconnect delays double from a second up to a minute, with up to half taken off at random', () => {
  expect([0, 1, 2, 3].map((n) => reconnectDelay(n, () => 1))).toEqual([1000, 2000, 4000, 8000]);
  expect(reconnectDelay(10, () => 1)).toBe(RECONNECT_MAX_MS);
  expect(reconnectDelay(1000, () => 1)).toBe(RECONNECT_MAX_MS);
  expect(reconnectDelay(0, () => 0)).toBe(500);
});

const welcome = { type: 'welcome', version: PROTOCOL_VERSION, userid: 'u1', now: 1_000 };

/** Starts a client and brings its line to the welcome. */
function connected() {
  const client = makeClient();
  client.start();
  lastLine().open();
  lastLine().deliver(welcome);
  return client;
}

const callsSent = (line: FakeLine) =>
  line.sent.filter((m) => (m as { type: string }).type === 'call') as Array<{
    msgid: number;
    call: string;
    input: unknown;
  }>;

test('on open it says hello with the protocol version and the credentials, and is connected once welcomed', () => {
  const client = makeClient();
  const states: string[] = [];
  client.onStateChange((state) => states.push(state));
  client.start();
  lastLine().open();
  expect(lastLine().sent).toEqual([{ type: 'hello', version: PROTOCOL_VERSION, userid: 'u1', userauth: 'secret' }]);
  expect(client.getState()).toBe('connecting');

  lastLine().deliver(welcome);
  expect(client.getState()).toBe('connected');
  expect(states).toEqual(['connecting', 'connected']);
  client.stop();
});

test('request() sends a call frame and resolves with the reply of the same msgid, checked by the contract', async () => {
  const client = connected();
  const info = client.request('presence.get', { uid: 'u2' });
  const other = client.request('presence.get', { uid: 'u3' });
  const [first, second] = callsSent(lastLine());
  expect(first).toEqual({ type: 'call', msgid: first!.msgid, call: 'presence.get', input: { uid: 'u2' } });
  lastLine().deliver({
    type: 'reply',
    msgid: second!.msgid,
    envelope: [true, { presence: { userid: 'u3', status: 'away' } }],
  });
  lastLine().deliver({
    type: 'reply',
    msgid: first!.msgid,
    envelope: [true, { presence: { userid: 'u2', status: 'available' } }],
  });
  expect(await info).toEqual({ presence: { userid: 'u2', status: 'available' } });
  expect(await other).toEqual({ presence: { userid: 'u3', status: 'away' } });
  expect(httpCalls).toEqual([]);
  client.stop();
});

test('a refused call rejects with the server’s words and code', async () => {
  const client = connected();
  const refused = client.request('room.info', { roomid: 'nowhere' });
  const [first] = callsSent(lastLine());
  lastLine().deliver({
    type: 'reply',
    msgid: first!.msgid,
    envelope: [false, { err: 'No such room.', errcode: 'not_found' }],
  });
  await expect(refused).rejects.toMatchObject({ message: 'No such room.', kind: 'api', code: 'not_found' });
  client.stop();
});

test('while the line is down, calls go over HTTP; socket-only calls fail with a clear message', async () => {
  const client = makeClient();
  await client.request('presence.update', { status: 'away' });
  expect(httpCalls).toEqual([['presence.update', { status: 'away' }]]);
  await expect(client.request('room.register', { roomid: 'r1' })).rejects.toEqual(
    new ApiCallError(LINE_DOWN, 'request'),
  );
});

test('calls in flight when the line drops are failed, not left hanging', async () => {
  const client = connected();
  const pending = client.request('presence.get', { uid: 'u2' });
  lastLine().drop();
  await expect(pending).rejects.toMatchObject({ message: LINE_DOWN, kind: 'request' });
  client.stop();
});

test('a follow is asked for now, again after a dropped line, and again for a new user after a login', async () => {
  const client = connected();
  const snapshots: unknown[] = [];
  const stop = client.follow({
    call: 'room.follow_directory_graph',
    input: {},
    snapshot: (graph) => snapshots.push(graph.rooms.length),
  });
  const answer = (line: FakeLine, rooms: unknown[]) => {
    const frame = callsSent(line).find((m) => m.call === 'room.follow_directory_graph')!;
    line.deliver({ type: 'reply', msgid: frame.msgid, envelope: [true, { rooms }] });
  };
  answer(lastLine(), []);

  // The line drops; the follow is made again once the new line is welcomed.
  lastLine().drop();
  vi.advanceTimersByTime(RECONNECT_MAX_MS);
  lastLine().open();
  expect(callsSent(lastLine())).toEqual([]);
  lastLine().deliver(welcome);
  answer(lastLine(), [[aRoom(), []]]);

  // A login from a modal: the page stops the line and starts one for the new credentials.
  client.stop();
  credentials = { userid: 'u9', userauth: 'other' };
  client.start();
  lastLine().open();
  expect(lastLine().sent[0]).toEqual({ type: 'hello', version: PROTOCOL_VERSION, userid: 'u9', userauth: 'other' });
  lastLine().deliver({ ...welcome, userid: 'u9' });
  answer(lastLine(), [
    [aRoom(), []],
    [aRoom(), []],
  ]);
  await vi.runOnlyPendingTimersAsync();
  expect(snapshots).toEqual([0, 1, 2]);

  stop();
  lastLine().drop();
  vi.advanceTimersByTime(RECONNECT_MAX_MS);
  lastLine().open();
  lastLine().deliver(welcome);
  expect(callsSent(lastLine())).toEqual([]);
  client.stop();
});

test('a follow the server refuses is not asked for again', async () => {
  const client = connected();
  const refusals: string[] = [];
  client.follow({
    call: 'room.register',
    input: { roomid: 'gone' },
    snapshot: () => undefined,
    refused: (error) => refusals.push(error.message),
  });
  const [frame] = callsSent(lastLine());
  lastLine().deliver({
    type: 'reply',
    msgid: frame!.msgid,
    envelope: [false, { err: 'Broken room.', errcode: 'not_found' }],
  });
  await vi.runOnlyPendingTimersAsync();
  expect(refusals).toEqual(['Broken room.']);
  lastLine().drop();
  vi.advanceTimersByTime(RECONNECT_MAX_MS);
  lastLine().open();
  lastLine().deliver(welcome);
  expect(callsSent(lastLine())).toEqual([]);
  client.stop();
});

test('a follow refused for a moment (unavailable) is asked again on the same line', async () => {
  const client = connected();
  const refusals: string[] = [];
  client.follow({
    call: 'room.register',
    input: { roomid: 'r1' },
    snapshot: () => undefined,
    refused: (error) => refusals.push(error.message),
  });
  const [frame] = callsSent(lastLine());
  lastLine().deliver({
    type: 'reply',
    msgid: frame!.msgid,
    envelope: [false, { err: 'In a moment.', errcode: 'unavailable' }],
  });
  await Promise.resolve();
  expect(callsSent(lastLine())).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(UNAVAILABLE_RETRY_MS);
  expect(callsSent(lastLine()).map((sent) => sent.call)).toEqual(['room.register', 'room.register']);
  expect(refusals).toEqual([]);
  client.stop();
});

test('a line the server closes to go away (reconnect) comes back at once, not after the usual delay', () => {
  const client = makeClient();
  client.start();
  lastLine().open();
  lastLine().deliver(welcome);
  lastLine().drop(SOCKET_CLOSE.reconnect);
  vi.advanceTimersByTime(RECONNECT_SOON_MS);
  expect(lines).toHaveLength(2);
  client.stop();
});

test('events reach the listeners; unknown kinds of message and broken frames are skipped', () => {
  const client = connected();
  const events: unknown[] = [];
  const stop = client.onEvent((message) => events.push([message.channel, message.event.command]));
  lastLine().deliver({
    type: 'event',
    channel: 'directory',
    event: { command: 'directory_graph', rooms: [[aRoom(), []]] },
  });
  lastLine().deliver({ type: 'something_new', x: 1 });
  lastLine().deliver({ type: 'reply', msgid: 1, envelope: 'not a pair' });
  lastLine().deliver(null);
  lastLine().deliver('not json {');
  expect(events).toEqual([['directory', 'directory_graph']]);
  stop();
  lastLine().deliver({ type: 'event', channel: 'directory', event: { command: 'directory_graph', rooms: [] } });
  expect(events).toHaveLength(1);
  client.stop();
});

test('after a welcome quick pings sample the clock, one after another; their overlap is the estimate', () => {
  let now = 50_000;
  const client = new LiveSocket({
    url: () => 'ws://platter.test/socket',
    credentials: () => credentials,
    now: () => now,
    openSocket: (url, events) => {
      const line = new FakeLine(url, events);
      lines.push(line);
      return { send: (data) => line.sent.push(JSON.parse(data)), close: () => undefined };
    },
  });
  client.start();
  lastLine().open();
  lastLine().deliver(welcome);
  vi.advanceTimersByTime(WELCOME_PINGS * 1000);
  const pings = lastLine().sent.filter((m) => (m as { type: string }).type === 'ping') as Array<{ t: number }>;
  expect(pings).toHaveLength(WELCOME_PINGS);
  // The server's clock runs 10 s ahead. A slow round trip (400 ms), then a quick one (20 ms).
  now = pings[0]!.t + 400;
  lastLine().deliver({ type: 'pong', t: pings[0]!.t, now: pings[0]!.t + 10_000 + 300 });
  now = pings[1]!.t + 20;
  lastLine().deliver({ type: 'pong', t: pings[1]!.t, now: pings[1]!.t + 10_000 + 10 });
  // Where both samples' intervals overlap ([9,990, 10,011]: the server's clock counts whole ms).
  expect(client.clock.offset()).toBe(10_000.5);
  expect(client.clock.best()?.roundTrip).toBe(20);
  // The player asks for more samples while music plays; a reconnect starts the estimate over.
  client.sampleClock(3);
  vi.advanceTimersByTime(1000);
  expect(lastLine().sent.filter((m) => (m as { type: string }).type === 'ping')).toHaveLength(WELCOME_PINGS + 3);
  lastLine().drop();
  expect(client.clock.offset()).toBe(10_000.5);
  vi.advanceTimersByTime(RECONNECT_MAX_MS);
  lastLine().open();
  lastLine().deliver(welcome);
  expect(client.clock.best()).toBeNull();
  client.sampleClock(2);
  client.stop();
  vi.advanceTimersByTime(1000);
  // Stopped: the asked-for pings are not sent on a closed line.
  expect(lastLine().sent.filter((m) => (m as { type: string }).type === 'ping')).toHaveLength(0);
});

test('pings asked for during a burst follow it, each CLOCK_PING_SPACING_MS after the last', () => {
  const client = makeClient();
  client.start();
  lastLine().open();
  lastLine().deliver(welcome);
  client.sampleClock(3);
  const sentPings = () => lastLine().sent.filter((m) => (m as { type: string }).type === 'ping').length;
  const counts: number[] = [];
  for (let n = 0; n < WELCOME_PINGS + 4; n++) {
    vi.advanceTimersByTime(n === 0 ? 0 : CLOCK_PING_SPACING_MS);
    counts.push(sentPings());
  }
  // One at a time, never two at once (a line that keeps order would queue the second behind the first).
  expect(counts).toEqual([...Array.from({ length: WELCOME_PINGS + 3 }, (_, n) => n + 1), WELCOME_PINGS + 3]);
  client.stop();
});

test('without credentials it does not connect at all', () => {
  credentials = null;
  const client = makeClient();
  client.start();
  expect(lines).toHaveLength(0);
  expect(client.getState()).toBe('stopped');
});

test('a dropped line is retried after a growing delay, and a welcome resets the delay', () => {
  const client = makeClient();
  client.start();
  lastLine().drop();
  expect(client.getState()).toBe('waiting');
  expect(lines).toHaveLength(1);
  vi.advanceTimersByTime(999);
  expect(lines).toHaveLength(1);
  vi.advanceTimersByTime(1);
  expect(lines).toHaveLength(2);

  lastLine().drop();
  vi.advanceTimersByTime(1999);
  expect(lines).toHaveLength(2);
  vi.advanceTimersByTime(1);
  expect(lines).toHaveLength(3);

  lastLine().open();
  lastLine().deliver(welcome);
  lastLine().drop();
  vi.advanceTimersByTime(1000);
  expect(lines).toHaveLength(4);
  client.stop();
});

test('a refusal from the server makes it wait the longest delay before trying again', () => {
  const client = makeClient();
  client.start();
  lastLine().open();
  lastLine().deliver({ type: 'error', err: 'Please update the page.', errcode: 'protocol' });
  lastLine().drop();
  vi.advanceTimersByTime(RECONNECT_MAX_MS - 1);
  expect(lines).toHaveLength(1);
  vi.advanceTimersByTime(1);
  expect(lines).toHaveLength(2);
  client.stop();
});

test('retryNow skips the wait; stop closes the line and ends the retries', () => {
  const client = makeClient();
  client.start();
  lastLine().drop();
  client.retryNow();
  expect(lines).toHaveLength(2);

  client.stop();
  expect(lastLine().closed).toBe(true);
  expect(client.getState()).toBe('stopped');
  vi.advanceTimersByTime(10 * RECONNECT_MAX_MS);
  expect(lines).toHaveLength(2);
});

test('a connected client pings, and drops and replaces a line that has gone silent', () => {
  const client = makeClient();
  client.start();
  const first = lastLine();
  first.open();
  first.deliver(welcome);
  vi.advanceTimersByTime(PING_INTERVAL_MS);
  expect(first.sent.at(-1)).toEqual({ type: 'ping', t: expect.any(Number) });
  first.deliver({ type: 'pong', t: 0, now: 0 });

  // Nothing more from the server: after the silence limit the line is dropped and a new one opened.
  vi.advanceTimersByTime(SILENCE_LIMIT_MS + 2 * PING_INTERVAL_MS);
  expect(first.closed).toBe(true);
  expect(lines.length).toBeGreaterThan(1);
  client.stop();
});

test('starting twice opens one line; a stale line cannot disturb its successor', () => {
  const client = makeClient();
  client.start();
  client.start();
  expect(lines).toHaveLength(1);
  const old = lastLine();
  client.stop();
  client.start();
  old.drop();
  old.deliver(welcome);
  expect(client.getState()).toBe('connecting');
  client.stop();
});
