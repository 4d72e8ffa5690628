import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { startCheckpointer } from './checkpointer';
import { createDatabase } from './database';

test('the worker copies the write-ahead log into the database file; stopping gives checkpoints back to SQLite', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-checkpoint-'));
  const file = path.join(dir, 'db.sqlite');
  const db = await createDatabase({ kind: 'sqlite', file });
  try {
    const stop = await startCheckpointer(db, file, (error) => {
      throw error;
    });
    const setting = async () =>
      Object.values((await sql<Record<string, number>>`PRAGMA wal_autocheckpoint`.execute(db)).rows[0] ?? {})[0];
    expect(await setting()).toBe(0);
    await sql`create table notes (id integer primary key, text text)`.execute(db);
    const before = fs.statSync(file).size;
    for (let n = 0; n < 200; n++) await sql`insert into notes (text) values (${'x'.repeat(2000)})`.execute(db);
    // The commits went to the log; the worker's checkpoint brings them into the file.
    await expect
      .poll(() => fs.statSync(file).size, { timeout: 5_000, interval: 100 })
      .toBeGreaterThan(before + 200_000);
    await stop();
    expect(await setting()).toBe(1000);
  } finally {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
