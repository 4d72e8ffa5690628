/**
 * SQLite's write-ahead log is copied into the database file by a checkpoint,
 * which syncs the file to disk. Left to SQLite, a commit runs it every 1,000
 * pages on the server's one thread, and on a busy disk that stalls every room
 * for tens of milliseconds (the live room benchmark's p99, docs/realtime-bench.md).
 * The running server instead turns automatic checkpoints off and has a worker
 * thread run one every second with its own connection. Should the worker
 * fail, SQLite checkpoints by itself again.
 */
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import type { Db } from './database';

export const CHECKPOINT_EVERY_MS = 1_000;
const SQLITE_DEFAULT_AUTOCHECKPOINT = 1_000;

export async function startCheckpointer(
  db: Db,
  file: string,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  const worker = new Worker(new URL('./checkpoint-worker.mjs', import.meta.url), {
    workerData: { file, everyMs: CHECKPOINT_EVERY_MS },
  });
  const fallBack = () => sql`PRAGMA wal_autocheckpoint = ${sql.raw(String(SQLITE_DEFAULT_AUTOCHECKPOINT))}`.execute(db);
  worker.on('message', (message: { type?: string; message?: string }) => {
    if (message.type === 'error') onError(new Error(message.message));
  });
  worker.on('error', (error) => {
    onError(error);
    fallBack().catch(onError);
  });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  await sql`PRAGMA wal_autocheckpoint = 0`.execute(db);
  return async () => {
    worker.postMessage('stop');
    // A worker that does not stop within a second is ended: shutting down must not hang on it.
    const timer = setTimeout(() => void worker.terminate(), 1_000);
    await exited;
    clearTimeout(timer);
    await fallBack();
  };
}
