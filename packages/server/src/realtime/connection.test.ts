/**
 * A connection's order on the wire (realtime/connection.ts), over a real
 * in-process bus: events wait for the reply of the call that is running,
 * events already in the snapshot are dropped, an early event waits for the
 * ones before it, and a missing one is given up on after a moment.
 */
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { WebSocket } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import type { RoomEvent, ServerMessage } from '@platter/contract';
import { InProcessBus } from './bus';
import { roomChannel } from './channels';
import { Connection, GAP_WAIT_MS } from './connection';
import { Hub } from './hub';
import { MAX_WAITING_FRAMES } from './inbox';

/** The socket's side the connection sees: what it sent, in order. */
function fakeSocket() {
  const sent: ServerMessage[] = [];
  const socket = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount: 0,
    send: (data: string) => sent.push(JSON.parse(data) as ServerMessage),
    terminate: () => undefined,
  };
  return { socket: socket as unknown as WebSocket, sent };
}

const event = (userid: string): RoomEvent => ({
  command: 'registered',
  roomid: 'r1',
  user: [
    {
      userid,
      name: userid,
      registered: true,
      avatarid: 1,
      custom_avatar: null,
      images: { fullfront: '', headfront: '' },
      points: 0,
      acl: 0,
      bot: false,
      laptop: 'mac',
      subscription_level: 0,
    },
  ],
});

let bus: InProcessBus;
let hub: Hub;
beforeEach(() => {
  bus = new InProcessBus();
  const quiet = () => undefined;
  hub = new Hub(bus, { warn: quiet, error: quiet } as unknown as FastifyBaseLogger);
});
afterEach(async () => {
  vi.useRealTimers();
  await hub.close();
});

const channel = roomChannel('r1');
const publish = (seq: number, who = `u${seq}`) => hub.publish(channel, { seq, events: [event(who)] });
/** A room command's events together: `count` of them from `seq` on. */
const publishMany = (seq: number, count: number) =>
  hub.publish(channel, { seq, events: Array.from({ length: count }, (_, index) => event(`u${seq + index}`)) });
const seqs = (sent: ServerMessage[]) =>
  sent.flatMap((m): Array<number | string | undefined> => (m.type === 'event' ? [m.seq] : [m.type]));
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test('events published while a call runs are sent after its reply, without those in the snapshot', async () => {
  const { socket, sent } = fakeSocket();
  const connection = new Connection(socket, hub);
  connection.enqueue(
    async () => {
      const follow = await connection.follow(channel);
      await publish(5);
      await publish(6);
      await settle();
      follow.from(5); // the snapshot already holds event 5
      connection.send({ type: 'reply', msgid: 1, envelope: [true, {}] });
    },
    () => undefined,
  );
  await vi.waitFor(() => expect(seqs(sent)).toEqual(['reply', 6]));
  await publish(7);
  await settle();
  expect(seqs(sent)).toEqual(['reply', 6, 7]);
});

test('an early event waits for the one before it, then both go in order', async () => {
  const { socket, sent } = fakeSocket();
  const connection = new Connection(socket, hub);
  (await connection.follow(channel)).from(10);
  await publish(12);
  await settle();
  expect(seqs(sent)).toEqual([]);
  await publish(11);
  await settle();
  expect(seqs(sent)).toEqual([11, 12]);
  await publish(12); // a repeat
  await settle();
  expect(seqs(sent)).toEqual([11, 12]);
});

test("a command's events travel together: each is sent with its own number, none the snapshot holds", async () => {
  const { socket, sent } = fakeSocket();
  const connection = new Connection(socket, hub);
  (await connection.follow(channel)).from(4);
  await publishMany(3, 3); // 3 and 4 are in the snapshot
  await settle();
  expect(seqs(sent)).toEqual([5]);
  await publishMany(8, 2); // early: waits for 6 and 7
  await settle();
  expect(seqs(sent)).toEqual([5]);
  await publishMany(6, 2);
  await settle();
  expect(seqs(sent)).toEqual([5, 6, 7, 8, 9]);
  expect(
    sent.flatMap((m) => (m.type === 'event' && m.event.command === 'registered' ? [m.event.user[0]!.userid] : [])),
  ).toEqual(['u5', 'u6', 'u7', 'u8', 'u9']);
});

test('a missing event is given up on after a moment: the page sees the gap and re-syncs', async () => {
  vi.useFakeTimers();
  const { socket, sent } = fakeSocket();
  const connection = new Connection(socket, hub);
  (await connection.follow(channel)).from(1);
  await publish(3);
  await publish(4);
  expect(seqs(sent)).toEqual([]);
  vi.advanceTimersByTime(GAP_WAIT_MS);
  expect(seqs(sent)).toEqual([3, 4]);
  await publish(5);
  expect(seqs(sent)).toEqual([3, 4, 5]);
});

test('behind a second gap, an early event waits its own moment, then goes too', async () => {
  vi.useFakeTimers();
  const { socket, sent } = fakeSocket();
  const connection = new Connection(socket, hub);
  (await connection.follow(channel)).from(1);
  await publish(3);
  await publish(5);
  await publish(3); // a repeat while waiting
  vi.advanceTimersByTime(GAP_WAIT_MS);
  expect(seqs(sent)).toEqual([3]);
  vi.advanceTimersByTime(GAP_WAIT_MS);
  expect(seqs(sent)).toEqual([3, 5]);
  await publish(6);
  expect(seqs(sent)).toEqual([3, 5, 6]);
});

test('unfollowing and closing let go of the bus', async () => {
  const { socket } = fakeSocket();
  const connection = new Connection(socket, hub);
  await connection.follow(channel);
  await connection.follow(roomChannel('r2'));
  expect(hub.size).toBe(2);
  connection.unfollow(channel.name);
  expect(hub.size).toBe(1);
  connection.dispose();
  expect(hub.size).toBe(0);
});

test('a frame that finds the inbox empty starts at once; the others wait their turn, in order, past a failure', async () => {
  const { socket } = fakeSocket();
  const connection = new Connection(socket, hub);
  const order: string[] = [];
  const failures: unknown[] = [];
  let finishFirst = () => undefined as void;
  const frame = (name: string, work: () => Promise<void> = async () => undefined) =>
    connection.enqueue(
      async () => {
        order.push(`${name} starts`);
        await work();
        order.push(`${name} ends`);
      },
      (error) => failures.push(error),
    );
  frame('a', () => new Promise<void>((resolve) => (finishFirst = resolve)));
  expect(order).toEqual(['a starts']); // in the same turn
  frame('b', async () => {
    throw new Error('b failed');
  });
  frame('c');
  await settle();
  expect(order).toEqual(['a starts']);
  finishFirst();
  await vi.waitFor(() => expect(order).toEqual(['a starts', 'a ends', 'b starts', 'c starts', 'c ends']));
  expect(failures).toEqual([new Error('b failed')]);
  frame('d');
  expect(order.at(-1)).toBe('d starts'); // the inbox is empty again: at once
});

test('a connection that ends drops the frames waiting in its inbox, and takes no more', async () => {
  const { socket } = fakeSocket();
  const connection = new Connection(socket, hub);
  const ran: string[] = [];
  let finishFirst = () => undefined as void;
  const frame = (name: string, work: () => Promise<void> = async () => undefined) =>
    connection.enqueue(
      async () => {
        ran.push(name);
        await work();
      },
      () => undefined,
    );
  expect(frame('a', () => new Promise<void>((resolve) => (finishFirst = resolve)))).toBe(true);
  for (const name of ['b', 'c', 'd']) expect(frame(name)).toBe(true);
  connection.dispose();
  expect(frame('e')).toBe(false);
  finishFirst(); // the frame running when it ended finishes; nothing after it runs
  await settle();
  await settle();
  expect(ran).toEqual(['a']);
});

test(`an inbox holds ${MAX_WAITING_FRAMES} frames waiting; one more is not taken`, async () => {
  const { socket } = fakeSocket();
  const connection = new Connection(socket, hub);
  let ran = 0;
  let finishFirst = () => undefined as void;
  connection.enqueue(
    () => new Promise<void>((resolve) => (finishFirst = resolve)),
    () => undefined,
  );
  const work = async () => void (ran += 1);
  for (let n = 0; n < MAX_WAITING_FRAMES; n++) expect(connection.enqueue(work, () => undefined)).toBe(true);
  expect(connection.enqueue(work, () => undefined)).toBe(false);
  finishFirst();
  await vi.waitFor(() => expect(ran).toBe(MAX_WAITING_FRAMES));
  expect(connection.enqueue(work, () => undefined)).toBe(true); // room again once they ran
});
