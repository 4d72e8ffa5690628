/** npm run backup: a consistent copy of a running app's SQLite database, never over an existing file. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { backupSqlite } from '../src/cli/backup';
import { startTestApp, type TestApp } from './support/test-app';
import { aMember } from './support/factories';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-backup-'));
const databaseFile = path.join(dir, 'platter.sqlite');
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ database: { kind: 'sqlite', file: databaseFile } }, undefined, { timeline: false });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('the backup of a running app holds what it stored, and opens as a sound database', async () => {
  const member = await aMember(t);
  const destination = path.join(dir, 'backups', 'copy.sqlite');
  expect(await backupSqlite(databaseFile, destination)).toBeGreaterThan(0);
  const copy = new SQLite(destination, { readonly: true });
  try {
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(copy.prepare('select name from users where id = ?').get(member.userid)).toEqual({ name: member.name });
  } finally {
    copy.close();
  }
  await expect(backupSqlite(databaseFile, destination)).rejects.toThrow(/already exists/);
});
