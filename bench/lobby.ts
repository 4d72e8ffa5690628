/**
 * `npm run bench -- lobby`: the lobby's calls under load, next to a bare Fastify
 * handler measured in the same run, on SQLite and (when reachable) on
 * PostgreSQL. Prints a table; never part of `npm test`.
 *
 * The bare handler and the lobby's calls are measured in turns, ROUNDS times
 * each, and each row reports its median: this shared 2-core machine drifts by
 * a fifth from minute to minute, and turns keep the ratios honest.
 *
 *   BENCH_SECONDS  seconds per measurement (default 5)
 *   BENCH_ROUNDS   turns of each (default 3)
 *   BENCH_POSTGRES postgres URL, or "off" (default postgres://postgres@127.0.0.1:5432/test)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer, stop, type Ready } from './serve-process';
import { median } from './stats';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
/** Every request carries what a browser sends: lobby pages then go gzipped, as they do to people. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const POSTGRES = process.env.BENCH_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Row {
  target: string;
  database: string;
  requestsPerSecond: number;
  p99Ms: number;
  bytesPerResponse: number;
  errors: number;
}

async function measure(
  url: string,
  seconds = SECONDS,
): Promise<{ rps: number; p99: number; bytes: number; errors: number }> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: BROWSER_HEADERS });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    bytes: result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
    errors: result.errors + result.non2xx,
  };
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

/** What a row measures: a URL on one of the benchmark servers. */
interface Target {
  label: string;
  database: string;
  url: string;
}

/** Each target measured `rounds` times, in turns; a row per target with the median of its runs. */
async function measureInTurns(targets: Target[], rounds = ROUNDS): Promise<Row[]> {
  for (const { url } of targets) await measure(url, 2); // warm-up
  const runs = new Map<Target, Awaited<ReturnType<typeof measure>>[]>(targets.map((t) => [t, []]));
  for (let round = 0; round < rounds; round++) {
    for (const target of targets) runs.get(target)?.push(await measure(target.url));
  }
  return targets.map((target) => {
    const results = runs.get(target) ?? [];
    return {
      target: target.label,
      database: target.database,
      requestsPerSecond: median(results.map((r) => r.rps)),
      p99Ms: median(results.map((r) => r.p99)),
      bytesPerResponse: median(results.map((r) => r.bytes)),
      errors: results.reduce((sum, r) => sum + r.errors, 0),
    };
  });
}

const bare = await startServer(['bare']);
const bareTarget = { label: 'bare Fastify handler', database: '-', url: apiUrl(bare.ready, 'room.directory_rooms') };

const databases: [string, Record<string, string>][] = [['SQLite', {}]];
if (await postgresReachable()) databases.push(['PostgreSQL', { BENCH_DATABASE_URL: POSTGRES }]);

for (const [database, env] of databases) {
  const server = await startServer(['platter'], env);
  console.error(`${database}: seeded 10,000 rooms and 100,000 members in ${server.ready.seededMs} ms`);
  const scenarios = scenariosFor(server.ready, database);
  if (database === 'SQLite') {
    rows.push(...(await measureInTurns([bareTarget, ...scenarios])));
    // The same bytes from a bare handler: what the load generator and the network stack cost
    // without any of our work. Measured once each: they explain the table, they set no target.
    const page = path.join(os.tmpdir(), `platter-bench-page-${process.pid}.json`);
    fs.writeFileSync(page, await (await fetch(scenarios[0]?.url ?? '')).text());
    for (const [label, raw] of [
      ['bare Fastify handler, same page bytes', '0'],
      ['bare Fastify handler, same bytes as a ready string', '1'],
    ] as const) {
      const same = await startServer(['bare'], { BENCH_BODY_FILE: page, BENCH_BODY_RAW: raw });
      rows.push(...(await measureInTurns([{ label, database: '-', url: apiUrl(same.ready, 'x') }], 1)));
      await stop(same.child);
    }
    fs.rmSync(page);
  } else {
    rows.push(...(await measureInTurns(scenarios)));
  }
  await stop(server.child);
}
await stop(bare.child);

function apiUrl(ready: Ready, name: string): string {
  return `http://127.0.0.1:${ready.port}/api/${name}`;
}

/** The lobby's two calls as the benchmark's member (query strings as the web client sends them). */
function scenariosFor(ready: Ready, database: string): Target[] {
  const auth = `client=web&userid=${ready.userid}&userauth=${ready.userauth}`;
  return [
    {
      label: 'room.directory_rooms',
      database,
      url: `${apiUrl(ready, 'room.directory_rooms')}?${auth}&limit=20&skip=0&section_aware=true&sort=hotness`,
    },
    { label: 'room.search', database, url: `${apiUrl(ready, 'room.search')}?${auth}&limit=20&skip=0&query=jazz` },
  ];
}

const bareRow = rows.find((r) => r.target === bareTarget.label) ?? rows[0]!;
const bareRps = bareRow.requestsPerSecond;
const sqliteDirectory = rows.find((r) => r.target === 'room.directory_rooms' && r.database === 'SQLite');
console.log(`\n${CONNECTIONS} concurrent clients, ${SECONDS} s a run, median of ${ROUNDS} runs taken in turns\n`);
console.log('| target | database | req/s | p99 ms | % of bare | bytes a response | errors |');
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: |');
for (const row of rows) {
  const share = `${((row.requestsPerSecond / bareRps) * 100).toFixed(0)} %`;
  console.log(
    `| ${row.target} | ${row.database} | ${row.requestsPerSecond.toFixed(0)} | ${row.p99Ms.toFixed(1)} | ${share} | ${row.bytesPerResponse.toFixed(0)} | ${row.errors} |`,
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
