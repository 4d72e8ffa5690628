/**
 * `npm run bench -- song-change`: how long a song change takes to reach a
 * big room, next to a bare `ws` server broadcasting a message of the same
 * size to as many sockets, measured in the same run by the same load
 * generator (bench/room-load.ts, as the room benchmark's chat).
 *
 * BENCH_LISTENERS members are seated in the room (bench/room-serve.ts) and
 * each joins it over /socket (hello, room.register); the first is the DJ,
 * with the demo's songs in their queue. They step up (room.add_dj: a song
 * starts), then skip it again and again (room.stop_song: a room command that
 * publishes `song_ended` and the next song's `newsong`). Each change is
 * timed from the DJ sending the skip until the last listener has `newsong`
 * (the DJ is a listener too). On the bare server the DJ sends the last
 * `newsong` frame Platter sent, which the server sends to everyone. The two
 * servers take turns, change by change, with a quiet moment between.
 * Never part of `npm test`.
 *
 *   BENCH_LISTENERS  listener connections in the room (default 1000)
 *   BENCH_CHANGES    song changes timed on each server (default 100, after 5 not counted)
 *   BENCH_PROFILE    a folder: the Platter server writes a CPU profile there when it stops
 */
import os from 'node:os';
import { Room, type Broadcast } from './room-load';
import { startRoomServer, stop } from './serve-process';
import { median, percentile } from './stats';

const LISTENERS = Number(process.env.BENCH_LISTENERS ?? 1_000);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 100);
/** Changes made first and not counted: the path's code is compiled before it is timed. */
const WARM_UP = 5;
/** Joins at once (seated members announce nobody, but each join still answers with the room's snapshot). */
const JOIN_BATCH = 20;
/** No frame for this long before the next change: the last one is over everywhere. */
const QUIET_MS = 200;
/** The issue's target: p99 within 1.3× of the bare broadcast. */
const P99_RATIO_TARGET = 1.3;
const NEWSONG = Buffer.from('"command":"newsong"');
/** The DJ is listener 0. */
const DJ = 0;

const servers = {
  bare: await startRoomServer('bare', LISTENERS),
  platter: await startRoomServer('platter', LISTENERS, { BENCH_SEATED: '1', BENCH_DJ_SONGS: '1' }),
};
const roomid = servers.platter.ready.roomid ?? '';
const rooms = {
  bare: new Room('bare', servers.bare.ready.port, ''),
  platter: new Room('platter', servers.platter.ready.port, roomid),
};
const refusals: string[] = [];
/** A song change set off by a call from the DJ, its refusal kept for the report. */
async function asDj(call: string): Promise<Broadcast> {
  const change = await rooms.platter.timeBroadcast(NEWSONG, { listener: DJ, call, input: { roomid } });
  if (change.reply && !change.reply.startsWith('[true')) refusals.push(`${call}: ${change.reply}`);
  return change;
}

const changes: Record<'bare' | 'platter', Broadcast[]> = { bare: [], platter: [] };
let frameBytes = 0;
try {
  for (const kind of ['bare', 'platter'] as const) {
    const started = Date.now();
    await rooms[kind].connect(0, LISTENERS, JOIN_BATCH);
    await rooms[kind].quiet();
    console.error(`${LISTENERS} listeners joined ${kind} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  let last = await asDj('room.add_dj');
  for (let n = 0; n < WARM_UP + CHANGES; n++) {
    // Turns, the first server alternating: neither always follows the other's change.
    for (const kind of n % 2 === 0 ? (['platter', 'bare'] as const) : (['bare', 'platter'] as const)) {
      const frame = last.frame;
      if (!frame) throw new Error(`no newsong reached the listeners; ${refusals.join('; ') || 'no refusal'}`);
      await rooms[kind].quiet(QUIET_MS);
      const change =
        kind === 'platter'
          ? await asDj('room.stop_song')
          : await rooms.bare.timeBroadcast(NEWSONG, { listener: DJ, frame });
      if (kind === 'platter') last = change;
      if (n >= WARM_UP) changes[kind].push(change);
      frameBytes = frame.length;
    }
  }
} finally {
  for (const kind of ['bare', 'platter'] as const) {
    await rooms[kind].close();
    await stop(servers[kind].child);
  }
}

interface Row {
  kind: 'bare' | 'platter';
  delivered: number;
  expected: number;
  firstP50: number;
  lastP50: number;
  lastP95: number;
  lastP99: number;
  lastMax: number;
}

function summary(kind: 'bare' | 'platter'): Row {
  const runs = changes[kind];
  const lasts = runs.map((change) => Math.max(...change.latenciesMs));
  return {
    kind,
    delivered: runs.reduce((sum, change) => sum + change.latenciesMs.length, 0),
    expected: runs.length * LISTENERS,
    firstP50: median(runs.map((change) => Math.min(...change.latenciesMs))),
    lastP50: median(lasts),
    lastP95: percentile(lasts, 0.95),
    lastP99: percentile(lasts, 0.99),
    lastMax: Math.max(...lasts),
  };
}

const rows = [summary('bare'), summary('platter')];
const bare = rows[0]!;
const mark = (ok: boolean) => (ok ? 'pass' : 'MISS');
console.log(
  `\nSong change to ${LISTENERS} listeners: ${CHANGES} changes on each server, in turns (newsong frame ${frameBytes} bytes); ` +
    `${os.cpus().length} cores, Node ${process.version}\n`,
);
console.log(
  '| server | delivered / expected | first listener p50 ms | last listener p50 ms | p95 ms | p99 ms | max ms | p50 ÷ bare | p99 ÷ bare | target |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
for (const row of rows) {
  const ratio = row.lastP99 / bare.lastP99;
  const all = row.delivered === row.expected;
  const target =
    row.kind === 'bare'
      ? `delivered ${mark(all)}`
      : `delivered ${mark(all && refusals.length === 0)}, p99 ≤ ${P99_RATIO_TARGET}× ${mark(ratio <= P99_RATIO_TARGET)}`;
  console.log(
    `| ${row.kind} | ${row.delivered} / ${row.expected} | ${row.firstP50.toFixed(1)} | ${row.lastP50.toFixed(1)} | ` +
      `${row.lastP95.toFixed(1)} | ${row.lastP99.toFixed(1)} | ${row.lastMax.toFixed(1)} | ` +
      `${row.kind === 'bare' ? '- | -' : `${(row.lastP50 / bare.lastP50).toFixed(2)}× | ${ratio.toFixed(2)}×`} | ${target} |`,
  );
}
if (refusals.length > 0) console.log(`\n${refusals.length} DJ call(s) refused; the first: ${refusals[0]}`);
