/**
 * `npm run bench -- room`: the live room's chat fan-out, next to a bare `ws`
 * broadcast server measured in the same run by the same load generator.
 *
 * For each room size, both servers start in their own processes; this process
 * connects the listeners (on Platter each one says hello and joins the room
 * with room.register, in batches, then waits for the `registered` storm to
 * pass), reads each server's RSS at half and full (the growth over the second
 * half is a connection's cost), and then, for each rate,
 * sends chat lines (room.speak on Platter: checked, stored, fanned out as
 * `speak` events; one frame broadcast as is on the bare server) and times
 * every delivery. Servers are measured in turns, BENCH_ROUNDS times, and each
 * row takes the median p99; "p99 turns" is the lowest and highest of the turns'
 * p99, the spread this machine gives one server from one turn to the next.
 * "first p50" is a line's first delivery at p50: the server's own delay before
 * it writes, where the other deliveries also wait for their reader thread to
 * read the frames before theirs. Never part of `npm test`.
 *
 * The listeners' connections are held by reader threads (room-load.ts), so
 * that no one thread is the queue every delivery waits in.
 *
 *   BENCH_ROOM_SIZES    listener connections per room (default 200,1000,5000)
 *   BENCH_ROOM_RATES    chat lines a second (default 10,50)
 *   BENCH_ROOM_SECONDS  seconds of chat per measurement (default 5)
 *   BENCH_ROUNDS        turns of each server (default 5: a turn's p99 is its worst line or two, and
 *                       one turn alone is as much the machine's moment as the server)
 *   BENCH_STORED=1      also a third server: bare, but checking and storing each line in SQLite
 *                       first (the floor for any chat that keeps its lines)
 *   BENCH_READERS       the load generator's reader threads (default one a core)
 *   BENCH_PROFILE       a folder: the Platter server writes a CPU profile there when it stops
 *   BENCH_NODE_FLAGS    more Node flags for the Platter server (`--trace-gc`, say)
 */
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { Room, type Delivery, type ServerKind } from './room-load';
import type { RoomServerReady, ServerMemory } from './room-serve';
import { startRoomServer, stop } from './serve-process';
import { median, percentile } from './stats';

const list = (value: string | undefined, fallback: number[]) =>
  value ? value.split(',').map((v) => Number(v.trim())) : fallback;
const SIZES = list(process.env.BENCH_ROOM_SIZES, [200, 1_000, 5_000]);
const RATES = list(process.env.BENCH_ROOM_RATES, [10, 50]);
const SECONDS = Number(process.env.BENCH_ROOM_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Joins at once: a join fans `registered` out to everyone in, and a hello must be heard within 10 s. */
const JOIN_BATCH = 20;
/** Targets (issue 13): all delivered, p99 within 1.3× of bare, at most 16 KiB a connection. */
const P99_RATIO_TARGET = 1.3;
const KIB_PER_CONNECTION_TARGET = 16;

interface Server {
  child: ChildProcess;
  ready: RoomServerReady;
}

function serverMemory(server: Server): Promise<ServerMemory> {
  return new Promise((resolve) => {
    const onMessage = (message: { type?: string; memory?: ServerMemory }) => {
      if (message.type !== 'memory' || !message.memory) return;
      server.child.off('message', onMessage);
      resolve(message.memory);
    };
    server.child.on('message', onMessage);
    server.child.send({ type: 'memory' });
  });
}

interface MemoryRow {
  size: number;
  kind: ServerKind;
  beforeMiB: number;
  afterMiB: number;
  /** RSS growth less the young generation's scratch space, a connection. */
  kibPerConnection: number;
  /** V8 heap and external memory in use, a connection (what JavaScript holds; less than RSS). */
  heapKibPerConnection: number;
  youngMiB: string;
  joinSeconds: number;
}

interface ChatRow {
  size: number;
  rate: number;
  kind: ServerKind;
  sent: number;
  expected: number;
  delivered: number;
  refused: number;
  p50: number;
  p95: number;
  p99: number;
  /** The lowest and highest of the turns' p99. */
  p99Range: [number, number];
  /** The line's first delivery at p50 (room-load.ts: the server's own delay, less the reading of the others). */
  firstP50: number;
}

/**
 * Connects `size` listeners, reading the server's memory after the first half and after all: the
 * second half's growth is what a connection costs, with the code already compiled and the heap's
 * pools already grown by joins alike (reading from an empty server counts those, or hides
 * connections in pages the start-up left free).
 */
async function fill(room: Room, server: Server, size: number): Promise<MemoryRow> {
  const warm = Math.floor(size / 2);
  let started = Date.now();
  await room.connect(0, warm, JOIN_BATCH);
  await room.quiet();
  let joinMs = Date.now() - started;
  const before = await serverMemory(server);
  started = Date.now();
  await room.connect(warm, size, JOIN_BATCH);
  await room.quiet();
  joinMs += Date.now() - started;
  const joinSeconds = joinMs / 1000;
  const after = await serverMemory(server);
  const perConnection = (bytes: number) => bytes / 1024 / (size - warm);
  return {
    size,
    kind: room.kind,
    beforeMiB: before.rss / 2 ** 20,
    afterMiB: after.rss / 2 ** 20,
    kibPerConnection: perConnection(after.rss - after.youngSpace - (before.rss - before.youngSpace)),
    heapKibPerConnection: perConnection(after.heapUsed + after.external - before.heapUsed - before.external),
    youngMiB: `${(before.youngSpace / 2 ** 20).toFixed(1)} → ${(after.youngSpace / 2 ** 20).toFixed(1)} MiB`,
    joinSeconds,
  };
}

const limit = Number((await import('node:child_process')).execSync('ulimit -n', { shell: '/bin/sh' }).toString());
const needed = 2 * Math.max(...SIZES) + 200;
if (limit < needed) {
  console.error(`The load generator holds ${needed} sockets at most; raise the open file limit (ulimit -n ${needed}).`);
  process.exit(1);
}

const memoryRows: MemoryRow[] = [];
const chatRows: ChatRow[] = [];
/** The servers, measured in this order; `stored` only where it is asked for (BENCH_STORED=1). */
const KINDS: ServerKind[] = process.env.BENCH_STORED === '1' ? ['bare', 'stored', 'platter'] : ['bare', 'platter'];

for (const size of SIZES) {
  const servers = {} as Record<ServerKind, Server>;
  const rooms = {} as Record<ServerKind, Room>;
  for (const kind of KINDS) {
    servers[kind] = await startRoomServer(kind, size);
    rooms[kind] = new Room(kind, servers[kind].ready.port, servers[kind].ready.roomid ?? '');
  }
  for (const kind of KINDS) {
    const row = await fill(rooms[kind], servers[kind], size);
    memoryRows.push(row);
    console.error(
      `${size} listeners on ${kind}: joined in ${row.joinSeconds.toFixed(1)} s, ${row.kibPerConnection.toFixed(1)} KiB a connection` +
        ` (RSS ${row.beforeMiB.toFixed(1)} → ${row.afterMiB.toFixed(1)} MiB, young space ${row.youngMiB}, JS heap ${row.heapKibPerConnection.toFixed(1)} KiB)`,
    );
  }
  // A second of chat first, not counted: the chat path's code is compiled before it is timed.
  for (const kind of KINDS) await rooms[kind].measure(RATES[0] ?? 10, 1);
  for (const rate of RATES) {
    const runs = Object.fromEntries(KINDS.map((kind) => [kind, [] as Delivery[]])) as Record<ServerKind, Delivery[]>;
    for (let round = 0; round < ROUNDS; round++) {
      // Each server goes first in every other round: neither always follows the other's turn.
      for (const kind of round % 2 === 0 ? KINDS : [...KINDS].reverse()) {
        await rooms[kind].quiet(500);
        runs[kind].push(await rooms[kind].measure(rate, SECONDS));
      }
    }
    for (const kind of KINDS) {
      const latencies = runs[kind].map((run) => run.latenciesMs);
      const p99s = latencies.map((run) => percentile(run, 0.99));
      const sum = (pick: (run: Delivery) => number) => runs[kind].reduce((total, run) => total + pick(run), 0);
      const row: ChatRow = {
        size,
        rate,
        kind,
        sent: sum((run) => run.sent),
        expected: sum((run) => run.expected),
        delivered: sum((run) => run.delivered),
        refused: sum((run) => run.refused),
        p50: median(latencies.map((run) => percentile(run, 0.5))),
        p95: median(latencies.map((run) => percentile(run, 0.95))),
        p99: median(p99s),
        p99Range: [Math.min(...p99s), Math.max(...p99s)],
        firstP50: median(runs[kind].map((run) => percentile(run.firstLatenciesMs, 0.5))),
      };
      chatRows.push(row);
      const refusal = runs[kind].find((run) => run.firstRefusal)?.firstRefusal;
      console.error(
        `${size} × ${rate}/s on ${kind}: ${row.delivered}/${row.expected} delivered, p99 ${row.p99.toFixed(1)} ms` +
          (refusal ? `; ${row.refused} refused, first: ${refusal}` : ''),
      );
    }
  }
  for (const kind of KINDS) {
    await rooms[kind].close();
    await stop(servers[kind].child);
  }
}

const mark = (ok: boolean) => (ok ? 'pass' : 'MISS');
console.log(
  `\nLive room chat: ${SECONDS} s a run, ${ROUNDS} run(s) each, servers in turns; ${os.cpus().length} cores, Node ${process.version}\n`,
);
console.log(
  '| listeners | lines/s | server | delivered / expected | first p50 ms | p50 ms | p95 ms | p99 ms | p99 turns ms | p99 ÷ bare | targets |',
);
console.log('| ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
for (const row of chatRows) {
  const bare = chatRows.find((r) => r.kind === 'bare' && r.size === row.size && r.rate === row.rate);
  const ratio = bare ? row.p99 / bare.p99 : NaN;
  const all = row.delivered === row.expected && row.refused === 0;
  const targets =
    row.kind === 'platter'
      ? `delivered ${mark(all)}, p99 ≤ ${P99_RATIO_TARGET}× ${mark(ratio <= P99_RATIO_TARGET)}`
      : `delivered ${mark(all)}`;
  console.log(
    `| ${row.size} | ${row.rate} | ${row.kind} | ${row.delivered} / ${row.expected} (${((row.delivered / row.expected) * 100).toFixed(2)} %) | ${row.firstP50.toFixed(2)} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.p99Range.map((ms) => ms.toFixed(1)).join('–')} | ${row.kind === 'bare' ? '-' : `${ratio.toFixed(2)}×`} | ${targets} |`,
  );
}
console.log(
  '\n| listeners | server | join s | RSS at half MiB | RSS at full MiB | KiB per idle connection (RSS) | (JS heap) | target |',
);
console.log('| ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |');
for (const row of memoryRows) {
  const target =
    row.kind !== 'platter'
      ? '-'
      : `≤ ${KIB_PER_CONNECTION_TARGET} KiB ${mark(row.kibPerConnection <= KIB_PER_CONNECTION_TARGET)}`;
  console.log(
    `| ${row.size} | ${row.kind} | ${row.joinSeconds.toFixed(1)} | ${row.beforeMiB.toFixed(1)} | ${row.afterMiB.toFixed(1)} | ${row.kibPerConnection.toFixed(1)} | ${row.heapKibPerConnection.toFixed(1)} | ${target} |`,
  );
}
