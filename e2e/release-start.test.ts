/**
 * `npm start` as an operator runs it (docs/operations.md, "The release build"): the compiled
 * server answers its health paths (never with the web page), and SIGTERM sent to npm reaches
 * the server, which stops: nothing is left listening (no orphan).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { freePort } from './support/server';

const ROOT = path.resolve(import.meta.dirname, '..');

test('npm start serves the release build, and SIGTERM to npm stops the server itself', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-release-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const npm = spawn('npm', ['start'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: '0' },
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  try {
    await expect
      .poll(
        () =>
          fetch(`${baseUrl}/healthz`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 90_000, interval: 100 },
      )
      .toBe(200);
    const ready = await fetch(`${baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready' });
    const metrics = await fetch(`${baseUrl}/metrics`);
    expect(metrics.status).toBe(404);
    expect(metrics.headers.get('content-type')).toMatch(/^application\/json/);

    npm.kill('SIGTERM');
    await exited;
    // The server went with npm: nothing answers on its port any more.
    await expect(fetch(`${baseUrl}/healthz`)).rejects.toThrow();
  } finally {
    if (npm.exitCode === null) npm.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
