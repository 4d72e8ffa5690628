/**
 * A live room benchmark server in its own process (the load generator must
 * not share its event loop): `platter` builds the real app on a fresh SQLite
 * database with one room and BENCH_LISTENERS members (BENCH_SEATED=1: already
 * in the room; BENCH_DJ_SONGS=1: the first has the demo's songs, measured,
 * to play as a DJ); `bare` is a plain `ws` server that sends every message it
 * gets to every connection; `stored` is `bare` that first checks and stores
 * each line (see below). Prints one JSON line when ready; answers
 * `{type: 'memory'}` over IPC with its RSS once settled after full garbage
 * collections (run it with --expose-gc).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import SQLite from 'better-sqlite3';
import { WebSocketServer } from 'ws';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { startCheckpointer } from '../packages/server/src/db/checkpointer';
import { seedLibraries } from '../packages/server/src/seed/libraries';
import { BENCH_ROOM, listenerId, seedBenchRoom } from './room-fixtures';

const kind = process.argv[2];
const listeners = Number(process.env.BENCH_LISTENERS ?? 200);

export interface RoomServerReady {
  port: number;
  roomid?: string;
}

export interface ServerMemory {
  /** Resident memory after collecting garbage twice, so idle connections are counted and litter is not. */
  rss: number;
  /**
   * The young generation's committed scratch space, inside rss: V8 grows it under a burst of
   * allocation (the join) and keeps it, which is no connection's memory.
   */
  youngSpace: number;
  heapUsed: number;
  external: number;
}

/**
 * Memory once it has settled: collect garbage twice, then again until two readings a quarter of a
 * second apart agree within 256 KiB (at most ten times). V8 and malloc give pages back for a while
 * after a collection, so one reading straight after it counts memory that is on its way out, and
 * the next reading, taken later, looks smaller than it should.
 */
async function settledMemory(): Promise<ServerMemory> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const read = (): ServerMemory => {
    gc?.();
    gc?.();
    const { rss, heapUsed, external } = process.memoryUsage();
    const young = v8
      .getHeapSpaceStatistics()
      .filter((space) => space.space_name === 'new_space')
      .reduce((sum, space) => sum + space.physical_space_size, 0);
    return { rss, youngSpace: young, heapUsed, external };
  };
  let reading = read();
  for (let tries = 0; tries < 10; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const next = read();
    const settled = Math.abs(next.rss - reading.rss) < 256 * 1024;
    reading = next;
    if (settled) break;
  }
  return reading;
}

process.on('message', (message: { type?: string }) => {
  if (message.type !== 'memory') return;
  void settledMemory().then((memory) => {
    // BENCH_HEAP_SNAPSHOTS=<dir>: a heap snapshot at each reading, to see what a connection holds.
    if (process.env.BENCH_HEAP_SNAPSHOTS)
      v8.writeHeapSnapshot(path.join(process.env.BENCH_HEAP_SNAPSHOTS, `${kind}-${Date.now()}.heapsnapshot`));
    process.send?.({ type: 'memory', memory });
  });
});

if (kind === 'stored') {
  // The floor for a chat that keeps its lines: the bare server, but each line is first checked (is
  // the speaker in the room?) and stored, in one SQLite transaction on a file on the same disk as
  // Platter's (WAL, synchronous NORMAL, as Platter's), with prepared statements and no query
  // builder, no session, no protocol: what no server that stores its chat before sending it can skip.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-room-bench-stored-'));
  const sqlite = new SQLite(path.join(dataDir, 'stored.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.exec(
    'CREATE TABLE members (user_id TEXT PRIMARY KEY); ' +
      'CREATE TABLE chat (id INTEGER PRIMARY KEY, user_id TEXT NOT NULL, text TEXT NOT NULL, created_at INTEGER NOT NULL)',
  );
  const addMember = sqlite.prepare('INSERT INTO members (user_id) VALUES (?)');
  sqlite.transaction(() => {
    for (let n = 0; n < listeners; n++) addMember.run(listenerId(n));
  })();
  const isMember = sqlite.prepare('SELECT 1 FROM members WHERE user_id = ?');
  const store = sqlite.prepare('INSERT INTO chat (user_id, text, created_at) VALUES (?, ?, ?)');
  const speak = sqlite.transaction((userId: string, text: string) => {
    if (!isMember.get(userId)) return false;
    store.run(userId, text, Date.now());
    return true;
  });
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  let next = 0;
  wss.on('connection', (socket) => {
    // The load generator's listeners say nothing about who they are: each socket is a member.
    const userId = listenerId(next++ % listeners);
    socket.on('message', (data, isBinary) => {
      const line = JSON.parse(String(data)) as { input?: { text?: string } };
      if (!speak(userId, String(line.input?.text ?? ''))) return;
      for (const client of wss.clients) client.send(data, { binary: isBinary });
    });
  });
  await new Promise((resolve) => wss.once('listening', resolve));
  const address = wss.address();
  console.log(
    JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 } satisfies RoomServerReady),
  );
  process.once('SIGTERM', () =>
    wss.close(() => {
      sqlite.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }),
  );
} else if (kind === 'bare') {
  // The baseline: plain ws, one message in, the same bytes out to everyone (the sender too).
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  wss.on('connection', (socket) => {
    socket.on('message', (data, isBinary) => {
      for (const client of wss.clients) client.send(data, { binary: isBinary });
    });
  });
  await new Promise((resolve) => wss.once('listening', resolve));
  const address = wss.address();
  console.log(
    JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 } satisfies RoomServerReady),
  );
  process.once('SIGTERM', () => wss.close(() => process.exit(0)));
} else {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-room-bench-'));
  const config = loadConfig(
    { DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' },
    { database: { kind: 'sqlite', file: path.join(dataDir, 'bench.sqlite') }, seedDemo: false },
  );
  const app = await buildApp(config);
  await seedBenchRoom(app.services.db, listeners, Date.now(), { seated: process.env.BENCH_SEATED === '1' });
  if (process.env.BENCH_DJ_SONGS === '1') {
    await seedLibraries(app.services, [listenerId(0)]);
    // Measured, as a room's songs are: their `newsong` carries the waveform.
    app.analysis.kick();
    await app.analysis.idle();
  }
  // As the running server does (main.ts): SQLite's checkpoints off the event loop. BENCH_CHECKPOINTER=off compares.
  const stopCheckpointer =
    process.env.BENCH_CHECKPOINTER === 'off'
      ? async () => {}
      : await startCheckpointer(app.services.db, path.join(dataDir, 'bench.sqlite'), (error) => console.error(error));
  await app.http.listen({ port: 0, host: '127.0.0.1' });
  const address = app.http.server.address();
  const ready: RoomServerReady = {
    port: typeof address === 'object' && address ? address.port : 0,
    roomid: BENCH_ROOM,
  };
  console.log(JSON.stringify(ready));
  process.once('SIGTERM', () => {
    void stopCheckpointer()
      .then(() => app.close())
      .then(() => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      });
  });
}
