/**
 * Leases (lib/lease.ts) on a real SQLite file: one holder at a time, and
 * another takes over when the holder stops, or dies without a word.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { keepLease, releaseLease, takeLease } from './lease';

let db: Db;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-lease-'));
  db = await createDatabase({ kind: 'sqlite', file: path.join(dir, 'lease.sqlite') });
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const until = async (condition: () => boolean, timeoutMs = 3_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('takeLease', () => {
  test('one holder at a time; free again once it expires or is released', async () => {
    expect(await takeLease(db, 'job', 'a', 1_000, 100)).toBe(true);
    expect(await takeLease(db, 'job', 'b', 1_050, 100)).toBe(false);
    expect(await takeLease(db, 'job', 'a', 1_050, 100)).toBe(true); // renewed: now until 1,150
    expect(await takeLease(db, 'job', 'b', 1_120, 100)).toBe(false);
    expect(await takeLease(db, 'job', 'b', 1_150, 100)).toBe(true);
    await releaseLease(db, 'job', 'b', 1_160);
    expect(await takeLease(db, 'job', 'a', 1_160, 100)).toBe(true);
  });
});

describe('keepLease', () => {
  test('a second holder takes over when the first stops', async () => {
    const changes: string[] = [];
    const options = (who: string) => ({
      ttlMs: 150,
      now: Date.now,
      onChange: (held: boolean) => changes.push(`${who} ${held ? 'holds' : 'lost'}`),
    });
    const first = keepLease(db, 'room:1', 'instance-a', options('a'));
    await until(() => first.held());
    const second = keepLease(db, 'room:1', 'instance-b', options('b'));
    // The first keeps renewing: the second waits, however long.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect([first.held(), second.held()]).toEqual([true, false]);
    await first.stop();
    await until(() => second.held());
    expect(changes).toEqual(['a holds', 'a lost', 'b holds']);
    await second.stop();
  });

  test('and when the first dies without letting go, once its lease runs out', async () => {
    const ttlMs = 200;
    // A holder that took the lease and then died: nobody renews it.
    expect(await takeLease(db, 'room:2', 'dead-instance', Date.now(), ttlMs)).toBe(true);
    const taken = Date.now();
    const heir = keepLease(db, 'room:2', 'instance-c', { ttlMs, now: Date.now });
    await until(() => heir.held());
    expect(Date.now() - taken).toBeGreaterThanOrEqual(ttlMs - 20);
    await heir.stop();
  });
});
