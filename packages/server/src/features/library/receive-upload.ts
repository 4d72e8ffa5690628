/**
 * Receives an upload's body into a temporary file under DATA_DIR/tmp: hashed
 * (SHA-256) as it streams, never held whole in memory, and stopped as soon as
 * it passes the size limit (what was written is deleted; the rest of the body
 * is read and dropped so the client hears the answer).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { newId } from '../../lib/ids';

export type Received =
  { kind: 'file'; path: string; hash: string; size: number } | { kind: 'too_big' } | { kind: 'aborted' };

/** How old a temporary upload must be before a start removes it (another instance may be writing a newer one). */
const STALE_TEMP_MS = 24 * 60 * 60 * 1000;

/** Removes temporary files an interrupted process left behind (a crash mid-upload). */
export async function sweepStaleTemp(dataDir: string, now: number): Promise<void> {
  const folder = path.join(dataDir, 'tmp');
  const entries = await fs.promises.readdir(folder).catch(() => [] as string[]);
  for (const name of entries) {
    if (!/^(upload|copy)-/.test(name)) continue;
    const file = path.join(folder, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > STALE_TEMP_MS) await fs.promises.rm(file, { recursive: true, force: true });
  }
}

export async function tempFileFor(dataDir: string): Promise<string> {
  const folder = path.join(dataDir, 'tmp');
  await fs.promises.mkdir(folder, { recursive: true });
  return path.join(folder, `upload-${newId()}`);
}

export function receiveUpload(body: Readable | undefined, file: string, maxBytes: number): Promise<Received> {
  const hash = createHash('sha256');
  const out = fs.createWriteStream(file, { flags: 'wx' });
  if (!body) {
    return new Promise((resolve, reject) => {
      out.once('error', reject);
      out.end(() => resolve({ kind: 'file', path: file, hash: hash.digest('hex'), size: 0 }));
    });
  }
  let size = 0;
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (outcome: Received | Error) => {
      if (settled) return;
      settled = true;
      body.off('data', onData);
      body.off('end', onEnd);
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    /** Stops writing, deletes what was written, and answers `outcome` once the file is gone. */
    const abandon = (outcome: Received | Error) => {
      out.destroy();
      out.once('close', () => {
        fs.promises.rm(file, { force: true }).then(
          () => settle(outcome),
          (error: Error) => settle(error),
        );
      });
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        body.off('data', onData);
        body.off('end', onEnd);
        // Read on and drop the rest: the answer reaches a client that is still sending.
        body.resume();
        abandon({ kind: 'too_big' });
        return;
      }
      hash.update(chunk);
      if (!out.write(chunk)) {
        body.pause();
        out.once('drain', () => body.resume());
      }
    };
    const onEnd = () => {
      out.end(() => settle({ kind: 'file', path: file, hash: hash.digest('hex'), size }));
    };
    body.on('data', onData);
    body.once('end', onEnd);
    body.once('error', () => abandon({ kind: 'aborted' }));
    body.once('close', () => {
      if (!body.readableEnded && !settled) abandon({ kind: 'aborted' });
    });
    // The disk failed (full, gone): an error of ours, not the file's.
    out.once('error', (error) => {
      body.resume();
      abandon(error);
    });
  });
}
