import { afterEach, expect, test } from 'vitest';
import { InProcessBus, RedisBus, type Bus } from './bus';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const open: Bus[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((bus) => bus.close()));
});

function received(bus: Bus, channel: string): Promise<unknown[]> {
  const messages: unknown[] = [];
  return bus.subscribe(channel, (m) => messages.push(m)).then(() => messages);
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
}

test('the in-process bus delivers to subscribers of the channel only', async () => {
  const bus = new InProcessBus();
  open.push(bus);
  const room = await received(bus, 'room:1');
  const other = await received(bus, 'room:2');
  const sent = { song: 'Blue in Green' };
  await bus.publish('room:1', sent);
  expect(room).toEqual([sent]);
  expect(other).toEqual([]);
});

test('two Redis buses, as two server instances, hear each other', async () => {
  const channel = `test:${Date.now()}:${Math.random()}`;
  const a = await RedisBus.connect(REDIS_URL);
  const b = await RedisBus.connect(REDIS_URL);
  open.push(a, b);
  const heardByB = await received(b, channel);
  const heardByA = await received(a, channel);
  await a.publish(channel, { from: 'a' });
  await b.publish(channel, { from: 'b' });
  await until(() => heardByA.length === 2 && heardByB.length === 2);
  expect(heardByA).toEqual([{ from: 'a' }, { from: 'b' }]);
  expect(heardByB).toEqual([{ from: 'a' }, { from: 'b' }]);
});

test('unsubscribing one listener keeps the others on a Redis channel', async () => {
  const channel = `test:${Date.now()}:${Math.random()}`;
  const bus = await RedisBus.connect(REDIS_URL);
  open.push(bus);
  const kept: unknown[] = [];
  const dropped: unknown[] = [];
  await bus.subscribe(channel, (m) => kept.push(m));
  const unsubscribe = await bus.subscribe(channel, (m) => dropped.push(m));
  await unsubscribe();
  await bus.publish(channel, 1);
  await until(() => kept.length === 1);
  expect(kept).toEqual([1]);
  expect(dropped).toEqual([]);
});
