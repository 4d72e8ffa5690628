/**
 * `npm run bench`: the lobby's calls under load, next to a bare Fastify
 * handler measured in the same run, on SQLite and (when reachable) on
 * PostgreSQL. Prints a table; never part of `npm test`.
 *
 *   BENCH_SECONDS  seconds per measurement (default 10)
 *   BENCH_POSTGRES postgres URL, or "off" (default postgres://postgres@127.0.0.1:5432/test)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const ROOT = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const POSTGRES = process.env.BENCH_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Ready {
  port: number;
  seededMs?: number;
  userid?: string;
  userauth?: string;
}

interface Row {
  target: string;
  database: string;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
}

function startServer(args: string[], env: Record<string, string> = {}): Promise<{ child: ChildProcess; ready: Ready }> {
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

async function measure(url: string, seconds = SECONDS): Promise<{ rps: number; p99: number; errors: number }> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function postgresReachable(): Promise<boolean> {
  if (POSTGRES === 'off') return false;
  const client = new pg.Client({ connectionString: POSTGRES, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const rows: Row[] = [];

async function measureBare(label: string, env: Record<string, string> = {}): Promise<Row> {
  const bare = await startServer(['bare'], env);
  const url = `http://127.0.0.1:${bare.ready.port}/api/room.directory_rooms`;
  await measure(url, 2); // warm-up
  const result = await measure(url);
  await stop(bare.child);
  return { target: label, database: '-', requestsPerSecond: result.rps, p99Ms: result.p99, errors: result.errors };
}

const bareRow = await measureBare('bare Fastify handler');
rows.push(bareRow);

const databases: [string, Record<string, string>][] = [['SQLite', {}]];
if (await postgresReachable()) databases.push(['PostgreSQL', { BENCH_DATABASE_URL: POSTGRES }]);

for (const [database, env] of databases) {
  const server = await startServer(['platter'], env);
  console.error(`${database}: seeded 10,000 rooms and 100,000 members in ${server.ready.seededMs} ms`);
  const scenarios = scenariosFor(server.ready);
  if (database === 'SQLite') {
    // The same bytes from a bare handler (the server above sits idle meanwhile):
    // what the load generator and the network stack cost without any of our work.
    const page = path.join(os.tmpdir(), `platter-bench-page-${process.pid}.json`);
    fs.writeFileSync(page, await (await fetch(scenarios[0]?.[1] ?? '')).text());
    rows.push(await measureBare('bare Fastify handler, same page bytes', { BENCH_BODY_FILE: page }));
    rows.push(
      await measureBare('bare Fastify handler, same bytes as a ready string', {
        BENCH_BODY_FILE: page,
        BENCH_BODY_RAW: '1',
      }),
    );
    fs.rmSync(page);
  }
  await runScenarios(database, scenarios);
  await stop(server.child);
}

function scenariosFor(ready: Ready): [string, string][] {
  const base = `http://127.0.0.1:${ready.port}/api`;
  const auth = `client=web&userid=${ready.userid}&userauth=${ready.userauth}`;
  return [
    ['room.directory_rooms', `${base}/room.directory_rooms?${auth}&limit=20&skip=0&section_aware=true&sort=hotness`],
    ['room.search', `${base}/room.search?${auth}&limit=20&skip=0&query=jazz`],
  ];
}

async function runScenarios(database: string, scenarios: [string, string][]): Promise<void> {
  for (const [target, url] of scenarios) {
    await measure(url, 2);
    const result = await measure(url);
    rows.push({ target, database, requestsPerSecond: result.rps, p99Ms: result.p99, errors: result.errors });
  }
}

const bareRps = bareRow.requestsPerSecond;
const sqliteDirectory = rows.find((r) => r.target === 'room.directory_rooms' && r.database === 'SQLite');
console.log(`\n${CONNECTIONS} concurrent clients, ${SECONDS} s each\n`);
console.log('| target | database | req/s | p99 ms | % of bare | errors |');
console.log('| --- | --- | ---: | ---: | ---: | ---: |');
for (const row of rows) {
  const share = `${((row.requestsPerSecond / bareRps) * 100).toFixed(0)} %`;
  console.log(
    `| ${row.target} | ${row.database} | ${row.requestsPerSecond.toFixed(0)} | ${row.p99Ms.toFixed(1)} | ${share} | ${row.errors} |`,
  );
}
const postgresDirectory = rows.find((r) => r.target === 'room.directory_rooms' && r.database === 'PostgreSQL');
console.log(
  '\nTargets: room.directory_rooms on SQLite ≥ 15,000 req/s, p99 ≤ 15 ms, ≥ 40 % of bare; PostgreSQL within 40 % of SQLite.',
);
if (sqliteDirectory) {
  const ok =
    sqliteDirectory.requestsPerSecond >= 15_000 &&
    sqliteDirectory.p99Ms <= 15 &&
    sqliteDirectory.requestsPerSecond >= 0.4 * bareRps;
  console.log(`SQLite directory: ${ok ? 'met' : 'NOT met'}`);
}
if (sqliteDirectory && postgresDirectory) {
  const ok = postgresDirectory.requestsPerSecond >= 0.6 * sqliteDirectory.requestsPerSecond;
  console.log(`PostgreSQL directory within 40 % of SQLite: ${ok ? 'met' : 'NOT met'}`);
}
