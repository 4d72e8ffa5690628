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
    events: [{ command: 'speak' as const, roomid: 'r1', userid: 'u1', name: 'Ada', text: 'hi', time: 1, chatid: 'c1' }],
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
