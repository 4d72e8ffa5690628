/**
 * /readyz with Redis (docs/operations.md): a message published on the bus must come back to
 * its subscriber. Redis behind a TCP proxy that turns into a black hole (accepts, never
 * answers): the instance says it is degraded and names Redis, then ready once Redis is back.
 * And REDIS_PREFIX: every key and channel starts with it.
 */
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';
import { REDIS_URL, unique } from './support/attempts';

/** A TCP proxy to Redis that can swallow everything: connections stay open, nothing gets through. */
async function blackHoleProxy(target = { host: '127.0.0.1', port: 6379 }) {
  let swallowing = false;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    open.add(client);
    client.once('close', () => open.delete(client));
    client.on('error', () => {});
    if (swallowing) return client.resume();
    const upstream = net.connect(target);
    open.add(upstream);
    upstream.once('close', () => open.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const cutAll = () => {
    for (const socket of open) socket.destroy();
  };
  return {
    url: `redis://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    /** From now on nothing answers; the connections open now are cut (and reconnect into the hole). */
    swallow() {
      swallowing = true;
      cutAll();
    },
    restore() {
      swallowing = false;
      cutAll();
    },
    close: () =>
      new Promise<void>((resolve) => {
        cutAll();
        server.close(() => resolve());
      }),
  };
}

let proxy: Awaited<ReturnType<typeof blackHoleProxy>>;
let t: TestApp;
const prefix = `test-${unique()}:`;

beforeAll(async () => {
  proxy = await blackHoleProxy();
  t = await startTestApp({ redisUrl: proxy.url, redisPrefix: prefix }, undefined, { timeline: false });
});
afterAll(async () => {
  await t.close();
  await proxy.close();
});

const readiness = async () => {
  const response = await t.fetch('/readyz');
  return { status: response.status, body: (await response.json()) as { status: string; down: string[] } };
};

test('ready while Redis answers; degraded, naming Redis, while it swallows everything; ready again after', async () => {
  expect(await readiness()).toEqual({
    status: 200,
    body: { status: 'ready', down: [], checks: { database: { ok: true }, redis: { ok: true }, rooms: { ok: true } } },
  });

  proxy.swallow();
  const degraded = await readiness();
  expect(degraded.status).toBe(503);
  expect(degraded.body.status).toBe('degraded');
  expect(degraded.body.down).toContain('redis');
  expect(degraded.body.down).not.toContain('database');

  proxy.restore();
  await expect.poll(async () => (await readiness()).status, { timeout: 15_000, interval: 200 }).toBe(200);
});

test('REDIS_PREFIX comes before every channel and key', async () => {
  const watcher = new Redis(REDIS_URL);
  const redis = new Redis(REDIS_URL);
  try {
    const channels: string[] = [];
    // Only this instance's prefix: other tests share this Redis.
    await watcher.psubscribe(`${prefix}*`);
    watcher.on('pmessage', (_pattern, channel: string) => channels.push(channel));
    await t.app.services.bus.publish('lobby', { type: 'fans_changed', userid: 'u1' });
    await t.app.services.limits.hit(['login:someone'], 60_000, Date.now());
    await expect.poll(() => channels).toContain(`${prefix}lobby`);
    expect(await redis.keys(`${prefix}limit:*`)).toHaveLength(1);
  } finally {
    watcher.disconnect();
    redis.disconnect();
  }
});
