// The SQLite checkpointer's thread (db/checkpointer.ts): its own connection to the database
// file copies the write-ahead log into the database every second, fsync and all, off the
// server's event loop. PASSIVE never waits for, nor blocks, the server's writers.
import { parentPort, workerData } from 'node:worker_threads';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const SQLite = require('better-sqlite3');

const db = new SQLite(workerData.file);
db.pragma('busy_timeout = 1000');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort?.postMessage({ type: 'error', message: String(error) });
  }
}, workerData.everyMs);

parentPort?.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort?.close();
});
