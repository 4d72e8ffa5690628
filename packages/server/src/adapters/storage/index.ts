/**
 * Where audio files live, content-addressed by the SHA-256 of their bytes: a
 * local folder (DATA_DIR/audio/<first two hex>/<hash>) or an S3-compatible
 * bucket. The library stores each file once however many members have it.
 */
import type { Readable } from 'node:stream';
import type { StorageConfig } from './config';
import { localStorage } from './local';

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

export interface AudioStorage {
  /** Stores the file at `localPath` under `hash` (a no-op when it is there already). The file is left where it was. */
  put(hash: string, localPath: string, size: number): Promise<void>;
  /** The stored bytes (a range of them), as a stream. */
  read(hash: string, range?: ByteRange): Promise<Readable>;
  /** The stored size in bytes, or null when there is no such file. */
  size(hash: string): Promise<number | null>;
  /** Removes the file (nothing happens when it is not there). */
  remove(hash: string): Promise<void>;
  /**
   * The file as a path on this machine, for tools that need one (the loudness worker):
   * the stored file itself for the local folder, else a temporary copy that `release` deletes.
   */
  localCopy(hash: string): Promise<{ path: string; release(): Promise<void> }>;
  close(): void;
}

/** The S3 client (a large library) is loaded only when the bucket is the one configured. */
export async function createStorage(config: StorageConfig, dataDir: string): Promise<AudioStorage> {
  return config.kind === 's3' ? (await import('./s3')).s3Storage(config, dataDir) : localStorage(dataDir);
}

/** Hashes are lowercase hex SHA-256: anything else never reaches a path or a key. */
export function checkedHash(hash: string): string {
  if (!/^[0-9a-f]{64}$/.test(hash)) throw new Error(`Not a SHA-256 hash: ${hash.slice(0, 80)}`);
  return hash;
}

export type { LibraryConfig, StorageConfig } from './config';
