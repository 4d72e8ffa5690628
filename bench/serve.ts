/**
 * One benchmark server in its own process (so the load generator does not
 * share its event loop): `platter` builds the real app on a fresh database
 * and fills it (BENCH_SEED=caller: only the member the benchmark calls as;
 * UPLOAD_MAX_MB and LIBRARY_QUOTA_MB are passed on); `bare` is a Fastify
 * handler that answers at once; `static` serves a folder; `sink` writes each
 * POSTed body to a file. Prints one JSON line when ready.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app';
import { loadConfig, type Config } from '../packages/server/src/config';
import { createSession } from '../packages/server/src/features/auth/sessions';
import { BENCH_CALLER, seedBenchCaller, seedBenchCommunity } from './fixtures';

const kind = process.argv[2];

if (kind === 'static') {
  // The baseline for audio: @fastify/static serving a folder (BENCH_STATIC_DIR) with ranges.
  const { default: fastifyStatic } = await import('@fastify/static');
  const app = Fastify({ logger: false });
  await app.register(fastifyStatic, { root: process.env.BENCH_STATIC_DIR ?? os.tmpdir(), prefix: '/static/' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
} else if (kind === 'sink') {
  // The baseline for uploads: each POSTed body streamed to a file in BENCH_SINK_DIR, and nothing else.
  const folder = process.env.BENCH_SINK_DIR ?? os.tmpdir();
  const app = Fastify({ logger: false });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  let received = 0;
  app.post('/api/:name', async (request) => {
    await pipeline(request.body as Readable, fs.createWriteStream(path.join(folder, `sink-${received++}`)));
    return [true, {}];
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
} else if (kind === 'bare') {
  const app = Fastify({ logger: false });
  // A body to answer with: a tiny one, or (BENCH_BODY_FILE) a real lobby page, to tell handler cost from
  // bytes; BENCH_BODY_RAW=1 sends that page as the ready-made string it is, as Platter's lobby does.
  const text = process.env.BENCH_BODY_FILE ? fs.readFileSync(process.env.BENCH_BODY_FILE, 'utf8') : null;
  const body: unknown = text ? JSON.parse(text) : [true, { rooms: [] }];
  if (text && process.env.BENCH_BODY_RAW === '1')
    app.get('/api/:name', async (_request, reply) => reply.type('application/json; charset=utf-8').send(text));
  else app.get('/api/:name', async () => body);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
} else {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-bench-'));
  const database = await benchDatabase(process.env.BENCH_DATABASE_URL, dataDir);
  const { UPLOAD_MAX_MB, LIBRARY_QUOTA_MB } = process.env;
  const config = loadConfig(
    { DATA_DIR: dataDir, LOG_LEVEL: 'silent', UPLOAD_MAX_MB, LIBRARY_QUOTA_MB },
    { database, seedDemo: false },
  );
  const app = await buildApp(config);
  const started = Date.now();
  if (process.env.BENCH_SEED === 'caller') await seedBenchCaller(app.services.db, Date.now());
  else await seedBenchCommunity(app.services.db, Date.now());
  const caller = await createSession(app.services, BENCH_CALLER);
  await app.http.listen({ port: 0, host: '127.0.0.1' });
  const address = app.http.server.address();
  console.log(
    JSON.stringify({
      port: typeof address === 'object' && address ? address.port : 0,
      seededMs: Date.now() - started,
      ...caller,
    }),
  );
  const stop = async () => {
    await app.close();
    if (database.kind === 'postgres' && database.schema) await dropSchema(database.url, database.schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
}

async function benchDatabase(url: string | undefined, dataDir: string): Promise<Config['database']> {
  if (!url) return { kind: 'sqlite', file: path.join(dataDir, 'bench.sqlite') };
  const schema = `bench_${process.pid}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create schema "${schema}"`);
  await client.end();
  return { kind: 'postgres', url, schema };
}

async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`drop schema "${schema}" cascade`);
  await client.end();
}
