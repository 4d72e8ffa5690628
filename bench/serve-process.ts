/**
 * A benchmark server (bench/serve.ts) in its own process, so the load generator does not
 * share its event loop: started with its arguments, ready when it prints its JSON line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

export interface Ready {
  port: number;
  seededMs?: number;
  userid?: string;
  userauth?: string;
}

export function startServer(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; ready: Ready }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/serve.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buffer = '';
    child.stdout?.on('data', (chunk) => {
      buffer += String(chunk);
      const line = buffer.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ child, ready: JSON.parse(line) as Ready });
    });
    child.once('exit', (code) => reject(new Error(`benchmark server exited with ${code}`)));
  });
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
