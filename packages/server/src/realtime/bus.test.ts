import { connect, createServer, type AddressInfo, type Server } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { InProcessBus, RedisBus, type Bus } from './bus';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const quiet = { warn: () => {}, info: () => {} };
const open: Bus[] = [];
const proxies: Server[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((bus) => bus.close()));
  for (const proxy of proxies.splice(0)) proxy.close();
});

/** A Redis address whose replies arrive `delayMs` late, as over a slow or busy link. */
async function slowRedis(delayMs: number): Promise<string> {
  const { hostname, port } = new URL(REDIS_URL);
  const proxy = createServer((client) => {
    const upstream = connect(Number(port || 6379), hostname);
    client.pipe(upstream);
    upstream.on('data', (chunk) => setTimeout(() => client.writable && client.write(chunk), delayMs));
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  proxies.push(proxy);
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return `redis://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}

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
  const a = await RedisBus.connect(REDIS_URL, quiet);
  const b = await RedisBus.connect(REDIS_URL, quiet);
  open.push(a, b);
  const heardByB = await received(b, channel);
  const heardByA = await received(a, channel);
  await a.publish(channel, { from: 'a' });
  await b.publish(channel, { from: 'b' });
  await until(() => heardByA.length === 2 && heardByB.length === 2);
  // Each hears its own message at once, the other's through Redis: the order between instances is
  // not the bus's to keep (rooms number their events).
  expect(heardByA).toEqual([{ from: 'a' }, { from: 'b' }]);
  expect(heardByB).toEqual(expect.arrayContaining([{ from: 'a' }, { from: 'b' }]));
  expect(heardByB).toHaveLength(2);
});

test('unsubscribing one listener keeps the others on a Redis channel', async () => {
  const channel = `test:${Date.now()}:${Math.random()}`;
  const bus = await RedisBus.connect(REDIS_URL, quiet);
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

test('a subscription made while the link to Redis is still saying hello is kept', async () => {
  // ioredis lets a SUBSCRIBE through before its ready check's INFO; on a slow link the INFO then
  // met a connection in subscriber mode, failed, and took the subscription with it.
  const channel = `test:${Date.now()}:${Math.random()}`;
  const slow = await RedisBus.connect(await slowRedis(150), quiet);
  const other = await RedisBus.connect(REDIS_URL, quiet);
  open.push(slow, other);
  await new Promise((resolve) => setTimeout(resolve, 30)); // connected, first replies not back yet
  const heard = await received(slow, channel);
  await new Promise((resolve) => setTimeout(resolve, 600)); // past the ready check
  await other.publish(channel, { from: 'other' });
  await until(() => heard.length === 1);
  expect(heard).toEqual([{ from: 'other' }]);
});
