/**
 * `npm run bench -- release`: the release build (`node packages/server/dist/main.mjs`, what
 * `npm start` and the deploy files run) next to the old way (the TypeScript sources through
 * tsx), in the same run, on the same data folder. It builds first (`npm run build`), so the
 * build measured is the sources'. A first start seeds it; then each way is restarted a
 * few times. Measured: restart to first answer (process spawned → an API call answered, polled
 * every 10 ms), and idle resident memory (VmRSS) some seconds after that answer, with nothing
 * asked meanwhile. Targets (issue 33): first answer ≤ 1 s, idle RSS ≤ 100 MB. A third row runs
 * the release with a smaller young generation (--max-semi-space-size=2), the knob
 * docs/operations.md gives small machines. Never part of `npm test`.
 *
 *   BENCH_RELEASE_RUNS    restarts of each way (default 3)
 *   BENCH_RELEASE_IDLE_S  seconds of idle before reading memory (default 10)
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../e2e/support/server';
import { residentMemory, stop } from './serve-process';
import { median } from './stats';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RELEASE_RUNS ?? 3);
const IDLE_MS = Number(process.env.BENCH_RELEASE_IDLE_S ?? 10) * 1000;
const MB = 1024 * 1024;

interface Way {
  name: string;
  args: string[];
}

const WAYS: Way[] = [
  { name: 'tsx (before)', args: ['--import', 'tsx', 'packages/server/src/main.ts'] },
  { name: 'release', args: ['packages/server/dist/main.mjs'] },
  {
    name: 'release, --max-semi-space-size=2',
    args: ['--max-semi-space-size=2', 'packages/server/dist/main.mjs'],
  },
];

execSync('npm run build', { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-bench-release-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;

/** Starts a way and resolves with the time until its first API answer. */
async function launch(way: Way): Promise<{ child: ChildProcess; firstAnswerMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, way.args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${way.name} exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/user.suggest_name`);
      if (response.ok) return { child, firstAnswerMs: performance.now() - started };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

try {
  // The first start seeds the demo (and measures its songs): not what a restart does.
  const first = await launch(WAYS[1]!);
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  await stop(first.child);

  const rows = [];
  for (const way of WAYS) {
    const answers: number[] = [];
    const rss: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const { child, firstAnswerMs } = await launch(way);
      answers.push(firstAnswerMs);
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
      rss.push(residentMemory(child.pid!).rss);
      await stop(child);
    }
    rows.push({
      way: way.name,
      'restart → first answer, median ms': Math.round(median(answers)),
      'worst ms': Math.round(Math.max(...answers)),
      [`idle RSS after ${IDLE_MS / 1000} s, median MB`]: Math.round(median(rss) / MB),
      'first answer ≤ 1 s': median(answers) <= 1000 ? 'yes' : 'no',
      'idle RSS ≤ 100 MB': median(rss) <= 100 * MB ? 'yes' : 'no',
    });
  }
  console.log(`\nRelease build: ${RUNS} restarts of each way on one data folder (${os.cpus().length} cores)`);
  console.table(rows);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
