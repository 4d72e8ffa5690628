/**
 * Runs Platter the way a newcomer does — `node scripts/start.mjs`, which is
 * what `npm start` runs — on an empty data folder and a free port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  output: () => string;
  /** Stops the server and starts it again on the same port and data folder (a deploy, a crash and restart). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `port`: one the caller picked with freePort(), when the environment must name it (PUBLIC_URL).
 * `root`: another checkout to run (a benchmark's "before"), built as this one is.
 */
export async function startServer(
  env: Record<string, string> = {},
  port?: number,
  root: string = ROOT,
): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-e2e-'));
  port ??= await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const launch = async () => {
    const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => (output += String(chunk)));
    child.stderr?.on('data', (chunk) => (output += String(chunk)));
    await waitUntilServing(baseUrl, child, () => output);
    return child;
  };
  const halt = async (child: ChildProcess) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  let child = await launch();
  return {
    baseUrl,
    dataDir,
    output: () => output,
    async restart() {
      await halt(child);
      child = await launch();
    },
    async stop() {
      await halt(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitUntilServing(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/user.suggest_name`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    // Asked every 50 ms: a refused connection costs nothing, and every e2e file (and restart) waits here.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`The server did not start in time:\n${output()}`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
