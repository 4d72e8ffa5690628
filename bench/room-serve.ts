/**
 * A live room benchmark server in its own process (the load generator must
 * not share its event loop): `platter` builds the real app on a fresh SQLite
 * database with one room and BENCH_LISTENERS members; `bare` is a plain `ws`
 * server that sends every message it gets to every connection. Prints one
 * JSON line when ready; answers `{type: 'memory'}` over IPC with its RSS
 * after a full garbage collection (run it with --expose-gc).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WebSocketServer } from 'ws';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { BENCH_ROOM, seedBenchRoom } from './room-fixtures';

const kind = process.argv[2];
const listeners = Number(process.env.BENCH_LISTENERS ?? 200);

export interface RoomServerReady {
  port: number;
  roomid?: string;
}

/** The resident memory after collecting garbage twice, so idle connections are counted and litter is not. */
function settledRss(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  return process.memoryUsage().rss;
}

process.on('message', (message: { type?: string }) => {
  if (message.type === 'memory') process.send?.({ type: 'memory', rss: settledRss() });
});

if (kind === 'bare') {
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
  await seedBenchRoom(app.services.db, listeners, Date.now());
  await app.http.listen({ port: 0, host: '127.0.0.1' });
  const address = app.http.server.address();
  const ready: RoomServerReady = {
    port: typeof address === 'object' && address ? address.port : 0,
    roomid: BENCH_ROOM,
  };
  console.log(JSON.stringify(ready));
  process.once('SIGTERM', () => {
    void app.close().then(() => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}
