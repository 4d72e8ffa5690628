/**
 * SIGTERM is graceful (docs/realtime.md, "Shutting down"): a server process told to stop while a
 * call is under way and pages are connected answers the call, closes every socket with RECONNECT
 * (the page comes straight back, to another instance), and exits by itself, in time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { SOCKET_CLOSE, type Envelope } from '@platter/contract';
import { TestSocket } from './support/socket-client';
import type { TestApp } from './support/test-app';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-shutdown-'));
let child: ChildProcess | null = null;

afterAll(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the server as `npm start` runs it (main.ts), on Redis; resolves once it listens. */
async function startServer(): Promise<{
  child: ChildProcess;
  baseUrl: string;
  logged: (text: string) => Promise<void>;
}> {
  const started = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: 'redis://127.0.0.1:6379',
      SEED_DEMO: 'false',
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: Array<() => void> = [];
  const onOutput = (chunk: Buffer) => {
    output += String(chunk);
    for (const wake of waiters.splice(0)) wake();
  };
  started.stdout!.on('data', onOutput);
  started.stderr!.on('data', onOutput);
  started.on('exit', () => onOutput(Buffer.from('')));
  const logged = async (text: string) => {
    while (!output.includes(text)) {
      if (started.exitCode !== null) throw new Error(`The server exited before saying "${text}":\n${output}`);
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  await logged('is playing at');
  // PORT=0: the port is the one the server says it listens on (Fastify's own line).
  const port = /"msg":"Server listening at http:\/\/127\.0\.0\.1:(\d+)"/.exec(output)?.[1];
  if (!port) throw new Error(`No port in the server's output:\n${output}`);
  return { child: started, baseUrl: `http://127.0.0.1:${port}`, logged };
}

async function call(baseUrl: string, name: string, body: object): Promise<Envelope<Record<string, string>>> {
  const response = await fetch(`${baseUrl}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Envelope<Record<string, string>>;
}

test('SIGTERM: the call under way is answered, sockets close with RECONNECT, the process exits by itself', async () => {
  const server = await startServer();
  child = server.child;
  const details = { name: 'Leaving Soon', email: 'leaving@example.com', password: 'correct horse' };
  const registered = await call(server.baseUrl, 'user.email_register', { ...details, avatarid: 8 });
  if (!registered[0]) throw new Error(JSON.stringify(registered));
  const who = { userid: registered[1].userid!, userauth: registered[1].userauth! };
  const t = { baseUrl: server.baseUrl } as TestApp;
  const pages = [await TestSocket.welcomed(t, who), await TestSocket.welcomed(t, who)];

  // A call the server has begun (it asked for the body: 100 Continue) and not yet answered.
  const body = JSON.stringify({ email: details.email, password: details.password });
  const request = http.request(`${server.baseUrl}/api/user.email_login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
  });
  const answered = new Promise<{ status: number; envelope: Envelope<unknown> }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk) => (text += String(chunk)));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, envelope: JSON.parse(text) }));
    });
    request.on('error', reject);
  });
  await new Promise((resolve) => request.once('continue', resolve));

  const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
  server.child.kill('SIGTERM');
  await server.logged('SIGTERM received');
  request.end(body);

  const { status, envelope } = await answered;
  expect(status).toBe(200);
  expect(envelope[0]).toBe(true);
  for (const page of pages) expect((await page.closed).code).toBe(SOCKET_CLOSE.reconnect);
  // Gone by itself, well before a supervisor's kill (10 s), with nothing left to wait for.
  const exit = await Promise.race([
    exited,
    new Promise((resolve) => setTimeout(() => resolve('still running'), 10_000)),
  ]);
  expect(exit).toBe(0);
});
