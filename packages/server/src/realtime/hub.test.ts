/**
 * The hub over a real in-process bus: each listener gets the message as its channel's schema
 * checked it, a new object (the bus hands on the publisher's own), and a malformed message
 * reaches no listener.
 */
import { expect, test, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { InProcessBus } from './bus';
import { roomChannel } from './channels';
import { Hub } from './hub';

const log = { warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;

test("listeners get the checked message, never the publisher's object", async () => {
  const hub = new Hub(new InProcessBus(), log);
  const channel = roomChannel('r1');
  const heard: unknown[] = [];
  await hub.listen(channel, (message) => heard.push(message));
  const sent = {
    seq: 7,
    events: [
      { command: 'speak' as const, roomid: 'r1', userid: 'u1', name: 'Ada', text: 'hi', time: 1, chatid: 'c1', acl: 0 },
    ],
  };
  await hub.publish(channel, sent);
  expect(heard).toEqual([sent]);
  const [message] = heard as (typeof sent)[];
  expect(message).not.toBe(sent);
  expect(message!.events).not.toBe(sent.events);
  expect(message!.events[0]).not.toBe(sent.events[0]);
  await hub.close();
});

test('a malformed message reaches no listener', async () => {
  const bus = new InProcessBus();
  const hub = new Hub(bus, log);
  const heard: unknown[] = [];
  await hub.listen(roomChannel('r1'), (message) => heard.push(message));
  await bus.publish('room:r1', { seq: 'seven', events: [{ command: 'speak' }] });
  expect(heard).toEqual([]);
  expect(log.warn).toHaveBeenCalled();
  await hub.close();
});

test('a message goes to those listening when it arrived; who comes or goes meanwhile counts from the next', async () => {
  const hub = new Hub(new InProcessBus(), log);
  const channel = roomChannel('r1');
  const line = (seq: number) => ({
    seq,
    events: [
      {
        command: 'speak' as const,
        roomid: 'r1',
        userid: 'u1',
        name: 'Ada',
        text: 'hi',
        time: 1,
        chatid: `c${seq}`,
        acl: 0,
      },
    ],
  });
  const heard: string[] = [];
  let stopLate: (() => void) | null = null;
  let stopSecond: (() => void) | null = null;
  // The first listener, hearing line 1, lets the second go and brings a third in.
  const stopFirst = await hub.listen(channel, (message) => {
    heard.push(`first ${message.seq}`);
    if (message.seq !== 1) return;
    stopSecond?.();
    void hub.listen(channel, (later) => heard.push(`late ${later.seq}`)).then((stop) => (stopLate = stop));
  });
  stopSecond = await hub.listen(channel, (message) => heard.push(`second ${message.seq}`));
  await hub.publish(channel, line(1));
  await Promise.resolve();
  await hub.publish(channel, line(2));
  expect(heard).toEqual(['first 1', 'second 1', 'first 2', 'late 2']);
  // Everyone gone: the channel is let go, and a listener that comes back is heard again.
  await new Promise((resolve) => setImmediate(resolve));
  stopFirst();
  (stopLate as (() => void) | null)?.();
  expect(hub.size).toBe(0);
  await hub.listen(channel, (message) => heard.push(`again ${message.seq}`));
  await hub.publish(channel, line(3));
  expect(heard.at(-1)).toBe('again 3');
  await hub.close();
});

test('a subscription the bus refused is not kept: the next listener asks the bus again', async () => {
  const bus = new InProcessBus();
  let refuse = true;
  const subscribe = bus.subscribe.bind(bus);
  bus.subscribe = (channel, listener) =>
    refuse ? Promise.reject(new Error('Redis blinked')) : subscribe(channel, listener);
  const hub = new Hub(bus, log);
  const channel = roomChannel('r1');
  const lost: unknown[] = [];
  await expect(hub.listen(channel, (message) => lost.push(message))).rejects.toThrow('Redis blinked');
  expect(hub.size).toBe(0);

  refuse = false;
  const heard: unknown[] = [];
  await hub.listen(channel, (message) => heard.push(message));
  const message = {
    seq: 1,
    events: [
      { command: 'speak' as const, roomid: 'r1', userid: 'u1', name: 'Ada', text: 'hi', time: 1, chatid: 'c1', acl: 0 },
    ],
  };
  await hub.publish(channel, message);
  expect(heard).toEqual([message]);
  expect(lost).toEqual([]);
  await hub.close();
});
