import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { PROTOCOL_VERSION, type Room } from '@platter/contract';
import {
  PING_INTERVAL_MS,
  RECONNECT_MAX_MS,
  RealtimeClient,
  SILENCE_LIMIT_MS,
  reconnectDelay,
  socketUrl,
  type SocketEvents,
} from './realtime';

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
  drop() {
    this.events.close();
  }
}

let lines: FakeLine[];
let credentials: { userid: string; userauth: string } | null;

function makeClient() {
  return new RealtimeClient({
    url: () => 'ws://platter.test/socket',
    credentials: () => credentials,
    random: () => 1,
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

test('on open it says hello with the protocol version and the credentials, and is connected once welcomed', () => {
  const client = makeClient();
  const states: string[] = [];
  client.onStateChange((state) => states.push(state));
  client.start();
  lastLine().open();
  expect(lastLine().sent).toEqual([{ type: 'hello', version: PROTOCOL_VERSION, userid: 'u1', userauth: 'secret' }]);
  expect(client.getState()).toBe('connecting');
  expect(client.send({ type: 'presence', status: 'away' })).toBe(false);

  lastLine().deliver({ type: 'welcome', version: PROTOCOL_VERSION, userid: 'u1' });
  expect(client.getState()).toBe('connected');
  expect(client.send({ type: 'presence', status: 'away' })).toBe(true);
  expect(lastLine().sent.at(-1)).toEqual({ type: 'presence', status: 'away' });
  expect(states).toEqual(['connecting', 'connected']);
  client.stop();
});

test('without credentials it does not connect at all', () => {
  credentials = null;
  const client = makeClient();
  client.start();
  expect(lines).toHaveLength(0);
  expect(client.getState()).toBe('stopped');
});

test('subscribers get the valid messages of their type; invalid or unknown ones are skipped', () => {
  const client = makeClient();
  const graphs: unknown[] = [];
  const presences: unknown[] = [];
  const stopGraphs = client.subscribe('directory_graph', (message) => graphs.push(message.rooms));
  client.subscribe('presence', (message) => presences.push(message.status));
  client.start();
  lastLine().open();
  lastLine().deliver({ type: 'welcome', version: PROTOCOL_VERSION, userid: 'u1' });

  lastLine().deliver({ type: 'directory_graph', rooms: [[aRoom(), []]] });
  lastLine().deliver({ type: 'directory_graph', rooms: 'not a list' });
  lastLine().deliver({ type: 'something_new', x: 1 });
  lastLine().deliver('not json {');
  lastLine().deliver({ type: 'presence', userid: 'u2', status: 'away' });
  expect(graphs).toEqual([[[aRoom(), []]]]);
  expect(presences).toEqual(['away']);

  stopGraphs();
  lastLine().deliver({ type: 'directory_graph', rooms: [] });
  expect(graphs).toHaveLength(1);
  client.stop();
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
  lastLine().deliver({ type: 'welcome', version: PROTOCOL_VERSION, userid: 'u1' });
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
  first.deliver({ type: 'welcome', version: PROTOCOL_VERSION, userid: 'u1' });
  vi.advanceTimersByTime(PING_INTERVAL_MS);
  expect(first.sent.at(-1)).toEqual({ type: 'ping' });
  first.deliver({ type: 'pong' });

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
  old.deliver({ type: 'welcome', version: PROTOCOL_VERSION, userid: 'u1' });
  expect(client.getState()).toBe('connecting');
  client.stop();
});
