/**
 * The sandbox payment provider on its own small server, for the tests that
 * need its delays shortened (settling, webhook retries) and a webhook
 * receiver of their own: the real registerSandboxPay and the real sandbox
 * PaymentProvider, on a fresh database (SQLite, or a PostgreSQL schema when
 * DATABASE_URL is set). Passing another host's `database` starts a second
 * one on it, as after a restart.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { createPaymentProvider } from '../../src/adapters/payments';
import type { PaymentProvider } from '../../src/adapters/payments/provider';
import { registerSandboxPay } from '../../src/adapters/payments/sandbox/sandbox-api';
import { SandboxPaymentProvider } from '../../src/adapters/payments/sandbox/sandbox-provider';
import { sandboxDb, type SandboxDb } from '../../src/adapters/payments/sandbox/sandbox-schema';
import { loadConfig, type Config } from '../../src/config';
import { createDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';

export interface ReceivedWebhook {
  body: string;
  signature: string | undefined;
}

export interface SandboxHost {
  url: string;
  database: Config['database'];
  db: SandboxDb;
  provider: PaymentProvider;
  /** Every webhook POSTed to the host's receiver, in order. */
  received: ReceivedWebhook[];
  /** The receiver's answer to the next webhooks (200 unless a test says otherwise). */
  receiverStatus: number;
  /** Resolves once a webhook of this type has arrived (within `ms`). */
  webhook(type: string, ms?: number): Promise<ReceivedWebhook>;
  /** Stops the host and keeps its database, for another host to start on (a restart). */
  stop(): Promise<void>;
  /** Stops the host and drops its database (unless it was another host's). */
  close(): Promise<void>;
}

export interface SandboxHostOptions {
  database?: Config['database'];
  settleDelayMs?: number;
  hangMs?: number;
  retryBaseMs?: number;
  timeoutMs?: number;
  now?: () => number;
}

export async function startSandboxHost(options: SandboxHostOptions = {}): Promise<SandboxHost> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-sandbox-'));
  const { database, drop } = options.database
    ? { database: options.database, drop: async () => {} }
    : await freshDatabase(dataDir);
  const now = options.now ?? Date.now;
  const db = await createDatabase(database);
  await migrateToLatest(db);
  const http = Fastify({ logger: false });
  let baseUrl = '';
  let stopped = false;
  const host: SandboxHost = {
    url: '',
    database,
    db: sandboxDb(db),
    provider: null as unknown as PaymentProvider, // set below, once the port is known
    received: [],
    receiverStatus: 200,
    webhook: (type, ms = 5_000) => waitFor(host, type, ms),
    async stop() {
      if (stopped) return;
      stopped = true;
      await http.close();
      await host.provider.close();
      await db.destroy();
    },
    async close() {
      await host.stop();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  await http.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post('/webhooks/payments', async (request, reply) => {
      const signature = request.headers['sandbox-signature'];
      host.received.push({
        body: String(request.body),
        signature: Array.isArray(signature) ? signature[0] : signature,
      });
      return reply.status(host.receiverStatus).send({ received: host.receiverStatus < 300 });
    });
  });
  await registerSandboxPay(http, {
    db,
    now,
    log: http.log,
    webhookUrl: () => `${baseUrl}/webhooks/payments`,
    settleDelayMs: options.settleDelayMs,
    hangMs: options.hangMs,
    retryBaseMs: options.retryBaseMs,
  });
  await http.listen({ port: 0, host: '127.0.0.1' });
  const address = http.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
  host.url = baseUrl;
  const config = loadConfig(
    { DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    { database, payments: { provider: 'sandbox', sandboxUrl: null, timeoutMs: options.timeoutMs ?? 5_000 } },
  );
  const provider = await createPaymentProvider(config, db, now, () => baseUrl);
  if (provider instanceof SandboxPaymentProvider) await provider.ready();
  host.provider = provider;
  return host;
}

async function waitFor(host: SandboxHost, type: string, ms: number): Promise<ReceivedWebhook> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = host.received.find((webhook) => (JSON.parse(webhook.body) as { type: string }).type === type);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No ${type} webhook within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function freshDatabase(dataDir: string): Promise<{ database: Config['database']; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith('postgres'))
    return { database: { kind: 'sqlite', file: path.join(dataDir, 'sandbox.sqlite') }, drop: async () => {} };
  const schema = `test_${path.basename(dataDir).replace(/\W/g, '_').toLowerCase()}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`create schema "${schema}"`);
  return { database: { kind: 'postgres', url, schema }, drop: () => run(`drop schema "${schema}" cascade`) };
}
