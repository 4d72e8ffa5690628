/**
 * /healthz, /readyz and /metrics (docs/operations.md): JSON or Prometheus text, never the web
 * page; /metrics is off the public port unless METRICS_TOKEN is set, and served on METRICS_PORT
 * to whoever reaches it. The database check runs on PostgreSQL too when the suite does.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';
import { aMember, aRoom } from './support/factories';
import { pageIn } from './support/room-pages';
import type { TestSocket } from './support/socket-client';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { serveMetrics } from '../src/observability/metrics-server';
import { readinessChecks } from '../src/observability/readiness';
import { registerHealthRoutes } from '../src/http/health';
import { createDatabase } from '../src/db/database';

const TOKEN = 'test-metrics-token-0123456789';

let t: TestApp;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await startTestApp({ metrics: { port: null, host: '127.0.0.1', token: TOKEN } }, undefined, { timeline: false });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

/** A metric's value in Prometheus text (the first series matching `labels`). */
function valueOf(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}` : ' '}`));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

const scrape = async (target = t) => {
  const response = await target.fetch('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  return response.text();
};

describe('health', () => {
  test('/healthz answers that the process is up, as JSON', async () => {
    const response = await t.fetch('/healthz');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  test('/readyz checks the database and the room layer (no Redis configured, none checked)', async () => {
    const response = await t.fetch('/readyz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ready',
      down: [],
      checks: { database: { ok: true }, rooms: { ok: true } },
    });
    // A probe leaves no channel behind.
    expect(t.app.services.hub.size).toBe(0);
  });

  test('/readyz answers 503 naming the database when it cannot reach it; no token, no /metrics', async () => {
    // The app's own routes on a database that cannot be reached (the app's own is left alone):
    // SQLite's connection closed, PostgreSQL at a port where nothing listens.
    const database = t.app.services.config.database;
    const gone = await createDatabase(
      database.kind === 'postgres' ? { ...database, url: 'postgres://postgres@127.0.0.1:9/nothing' } : database,
    );
    if (database.kind === 'sqlite') {
      // Kysely closes only a connection it has opened.
      await sql`select 1`.execute(gone);
      await gone.destroy();
    }
    const http = Fastify();
    registerHealthRoutes(http, readinessChecks({ ...t.app.services, db: gone }), t.app.metrics, null);
    try {
      const response = await http.inject('/readyz');
      expect(response.statusCode).toBe(503);
      const body = response.json<{ status: string; down: string[]; checks: Record<string, unknown> }>();
      expect(body.status).toBe('degraded');
      expect(body.down).toEqual(['database']);
      expect(body.checks.database).toMatchObject({ ok: false, error: expect.any(String) });
      expect(body.checks.rooms).toEqual({ ok: true });

      const metrics = await http.inject('/metrics');
      expect(metrics.statusCode).toBe(404);
      expect(metrics.json()).toMatchObject([false, { errcode: 'not_found' }]);
    } finally {
      await http.close();
      if (database.kind === 'postgres') await gone.destroy();
    }
  });
});

test('/readyz says stopping once the instance shuts down', async () => {
  const readiness = readinessChecks(t.app.services);
  readiness.stopping();
  expect(await readiness.check()).toMatchObject({ status: 'stopping', down: [] });
});

describe('metrics on the public port', () => {
  test('refused without the token, or with another, in the API envelope', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer wrong-token-of-the-same-len' },
      { authorization: TOKEN },
    ]) {
      const response = await t.fetch('/metrics', { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(await response.json()).toEqual([
        false,
        { err: 'Metrics need the bearer token set in METRICS_TOKEN.', errcode: 'not_authenticated' },
      ]);
    }
  });

  test('latency by call, sockets, rooms, listeners, bus traffic, event loop and process', async () => {
    await t.call('user.suggest_name');
    await t.fetch('/api/no.such_call');
    const host = await aMember(t);
    const room = await aRoom(t, host);
    await pageIn(t, host, room.roomid, sockets);

    const text = await scrape();
    expect(
      valueOf(
        text,
        'platter_http_request_duration_seconds_count',
        'method="GET",route="/api/user.suggest_name",status="2xx"',
      ),
    ).toBe(1);
    // A made-up call name is one series for all of them.
    expect(text).toContain('route="/api/(unknown)",status="4xx"');
    expect(text).not.toContain('no.such_call');
    expect(valueOf(text, 'platter_socket_call_duration_seconds_count', 'call="room.register",outcome="ok"')).toBe(1);
    expect(valueOf(text, 'platter_open_sockets')).toBe(1);
    expect(valueOf(text, 'platter_rooms')).toBe(1);
    expect(valueOf(text, 'platter_room_listeners')).toBe(1);
    expect(valueOf(text, 'platter_bus_messages_total', 'direction="out",channel="room"')).toBeGreaterThan(0);
    expect(valueOf(text, 'platter_bus_messages_total', 'direction="in",channel="room"')).toBeGreaterThan(0);
    expect(valueOf(text, 'platter_timeline_leases_held')).toBe(0);
    expect(valueOf(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    const pool = valueOf(text, 'platter_db_pool_connections', 'state="max"');
    expect(pool).toBe(t.app.services.config.database.kind === 'postgres' ? 10 : undefined);

    sockets.pop()?.close();
    await expect.poll(async () => valueOf(await scrape(), 'platter_room_listeners')).toBe(0);
    expect(valueOf(await scrape(), 'platter_open_sockets')).toBe(0);
  });
});

test('METRICS_PORT serves the same registry on a port of its own', async () => {
  const server = await serveMetrics(t.app.metrics, 0, '127.0.0.1');
  try {
    const response = await fetch(`http://127.0.0.1:${server.port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toContain('platter_open_sockets');
    expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
  } finally {
    await server.close();
  }
});
