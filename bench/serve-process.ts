/**
 * A benchmark server (bench/serve.ts, or another script such as bench/room-serve.ts) in its
 * own process, so the load generator does not share its event loop: started with its
 * arguments, ready when it prints its JSON line. Also reads a process's resident memory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { ServerKind } from './room-load';
import type { RoomServerReady } from './room-serve';

const ROOT = path.resolve(import.meta.dirname, '..');

export interface Ready {
  port: number;
  seededMs?: number;
  userid?: string;
  userauth?: string;
}

export interface ServerOptions {
  /** The script to run (default bench/serve.ts). */
  script?: string;
  /** Node's own flags (--expose-gc, --cpu-prof). */
  nodeArgs?: string[];
  /** Opens an IPC channel to the server (child.send, 'message'). */
  ipc?: boolean;
}

export function startServer<R = Ready>(
  args: string[],
  env: Record<string, string> = {},
  { script = 'bench/serve.ts', nodeArgs = [], ipc = false }: ServerOptions = {},
): Promise<{ child: ChildProcess; ready: R }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit', ...(ipc ? (['ipc'] as const) : [])],
    });
    // A benchmark that fails half way must not leave its servers running.
    const orphan = () => child.kill('SIGKILL');
    process.once('exit', orphan);
    child.once('exit', () => process.off('exit', orphan));
    let buffer = '';
    child.stdout?.on('data', (chunk) => {
      buffer += String(chunk);
      const line = buffer.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ child, ready: JSON.parse(line) as R });
    });
    child.once('exit', (code) => reject(new Error(`benchmark server ${script} ${args.join(' ')} exited with ${code}`)));
  });
}

/**
 * Node's flags for a Platter server: BENCH_PROFILE=<dir> gets a CPU profile when it stops;
 * BENCH_NODE_FLAGS adds others (space-separated: `--trace-gc`, say).
 */
export function platterNodeFlags(): string[] {
  const extra = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  return [
    ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
    ...extra,
  ];
}

/**
 * A live room benchmark server (bench/room-serve.ts) for `listeners` members, with an IPC channel
 * for its memory readings (its `platter` kind run with `platterNodeFlags`).
 */
export function startRoomServer(
  kind: ServerKind,
  listeners: number,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; ready: RoomServerReady }> {
  return startServer<RoomServerReady>(
    [kind],
    { ...env, BENCH_LISTENERS: String(listeners) },
    {
      script: 'bench/room-serve.ts',
      nodeArgs: [...(kind === 'platter' ? platterNodeFlags() : []), '--expose-gc'],
      ipc: true,
    },
  );
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** A process's resident memory now and at its peak (VmRSS, VmHWM), in bytes; Linux only. */
export function residentMemory(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kib('VmRSS'), peak: kib('VmHWM') };
}

/**
 * Watches a process's peak resident memory from now on: the kernel's own peak (VmHWM, reset
 * here through clear_refs, so it misses nothing between readings), and, where that reset is not
 * allowed, the highest of readings taken every 10 ms.
 */
export function watchPeakMemory(pid: number): { stop(): number } {
  let exact = true;
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    exact = false;
  }
  let highest = residentMemory(pid).rss;
  const timer = setInterval(() => {
    highest = Math.max(highest, residentMemory(pid).rss);
  }, 10);
  return {
    stop() {
      clearInterval(timer);
      const now = residentMemory(pid);
      return Math.max(highest, now.rss, exact ? now.peak : 0);
    },
  };
}
