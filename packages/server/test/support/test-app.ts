/**
 * Builds a real app on a fresh database and listens on a free port, so API
 * tests talk HTTP exactly as the browser does. SQLite by default (a new file
 * per app); PostgreSQL when DATABASE_URL is set (a new schema per app).
 * Passing `database` (another app's `services.config.database`) builds a
 * second instance on that app's database instead, as behind a load balancer;
 * the database then belongs to the first app, which drops it on close.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { CallInput, CallName, CallOutput, Credentials, Envelope } from '@platter/contract';
import { buildApp, type App, type Heartbeats } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { LogStream } from '../../src/http/logging';
import type { RedisTiming } from '../../src/lib/redis';
import { startTimelineSweep, type TimelineDriver } from '../../src/features/playback';

export interface TestApp {
  app: App;
  baseUrl: string;
  /** Calls /api/{name} with the contract's method; returns the raw envelope. */
  call<N extends CallName>(
    name: N,
    params?: CallInput<N> | Record<string, unknown>,
    as?: Credentials,
  ): Promise<Envelope<CallOutput<N>>>;
  /** Like call, but fails the test on `[false, …]` and returns the body. */
  ok<N extends CallName>(
    name: N,
    params?: CallInput<N> | Record<string, unknown>,
    as?: Credentials,
  ): Promise<CallOutput<N>>;
  /** A raw request, for what the typed helpers cannot express (bad JSON, wrong method). */
  fetch(pathname: string, init?: RequestInit): Promise<Response>;
  /** This instance's timeline sweep (rooms' song ends and leases), as main.ts starts it; null when turned off. */
  timeline: TimelineDriver | null;
  close(): Promise<void>;
}

/** PostgreSQL as CI and every developer machine run it (DATABASE_URL when set). */
export const TEST_POSTGRES_URL = process.env.DATABASE_URL?.startsWith('postgres')
  ? process.env.DATABASE_URL
  : 'postgres://postgres@127.0.0.1:5432/test';

export interface TestAppOptions {
  /**
   * On PostgreSQL even when the suite runs on SQLite: for several instances whose room
   * commands overlap. SQLite is the one-instance default; two instances in one process on
   * one SQLite file block each other's transactions (better-sqlite3 waits synchronously).
   */
  postgres?: boolean;
  /** Run the timeline sweep (on unless false), every `timelineEveryMs`. */
  timeline?: boolean;
  timelineEveryMs?: number;
  /** Sooner heartbeats than the defaults (the socket's ping, ttapi's `~h~N`). */
  heartbeats?: Heartbeats;
  /** Where the app's log goes, at the config's LOG_LEVEL (silent unless overridden). */
  logStream?: LogStream;
  /** How the app waits on Redis (shorter in tests of outages). */
  redisTiming?: RedisTiming;
}

export async function startTestApp(
  overrides: Partial<Config> = {},
  now?: () => number,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-test-'));
  const { database, dropDatabase } = overrides.database
    ? { database: overrides.database, dropDatabase: async () => {} }
    : await freshDatabase(dataDir, options.postgres ? TEST_POSTGRES_URL : process.env.DATABASE_URL);
  const config = loadConfig(
    { DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    // Limits on attempts are off unless a test turns them on: every test signs up from 127.0.0.1.
    { port: 0, host: '127.0.0.1', database, attemptsPerMinute: 0, ...overrides },
  );
  const app = await buildApp(config, now, {
    heartbeats: options.heartbeats,
    logStream: options.logStream,
    redisTiming: options.redisTiming,
  });
  await app.http.listen({ port: 0, host: '127.0.0.1' });
  const address = app.http.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const timeline =
    options.timeline === false
      ? null
      : startTimelineSweep(
          app.services,
          (error) => app.http.log.error({ err: error }, 'timeline sweep failed'),
          options.timelineEveryMs,
        );
  const { calls } = await import('@platter/contract');

  async function call(name: string, params: Record<string, unknown> = {}, as?: Credentials) {
    const method = (calls as Record<string, { method: string }>)[name]?.method ?? 'GET';
    // Only the credentials of `as`: a test's Member also holds its name, email and password.
    const credentials = as ? { userid: as.userid, userauth: as.userauth } : {};
    const fields = { client: 'web', _: String(Date.now()), ...credentials, ...params };
    if (method === 'GET') {
      const query = new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)]));
      return (await fetch(`${baseUrl}/api/${name}?${query}`)).json();
    }
    const response = await fetch(`${baseUrl}/api/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fields),
    });
    return response.json();
  }

  return {
    app,
    baseUrl,
    call: call as TestApp['call'],
    async ok(name, params, as) {
      const envelope = (await call(name, params as Record<string, unknown>, as)) as Envelope<unknown>;
      if (!envelope[0]) throw new Error(`${name} failed: ${envelope[1].err}`);
      return envelope[1] as never;
    },
    fetch: (pathname, init) => fetch(`${baseUrl}${pathname}`, init),
    timeline,
    async close() {
      await timeline?.stop();
      await app.close();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function freshDatabase(
  dataDir: string,
  url: string | undefined,
): Promise<{ database: Config['database']; dropDatabase: () => Promise<void> }> {
  if (!url?.startsWith('postgres')) {
    return { database: { kind: 'sqlite', file: path.join(dataDir, 'test.sqlite') }, dropDatabase: async () => {} };
  }
  const schema = `test_${path.basename(dataDir).replace(/\W/g, '_').toLowerCase()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  await admin.end();
  return {
    database: { kind: 'postgres', url, schema },
    async dropDatabase() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema "${schema}" cascade`);
      await client.end();
    },
  };
}
