/**
 * npm run migrate-data: a SQLite database filled through the app (the demo seed, a chat line,
 * a vote, a private message) copied into a fresh PostgreSQL schema; counts and checksums agree,
 * and the app started on the copy serves the same member and rooms. A target with rows is refused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedDemo } from '../src/seed';
import { DEMO_PASSWORD } from '../src/seed/members';
import { copySqliteToPostgres, MigrateDataError, verifyCopy, type TableCheck } from '../src/cli/migrate-data-copy';
import { formatChecks, parseMigrateDataArgs } from '../src/cli/migrate-data';
import { freshDatabase, startTestApp, TEST_POSTGRES_URL, type TestApp } from './support/test-app';
import { pageIn } from './support/room-pages';
import type { TestSocket } from './support/socket-client';
import type { Credentials } from '@platter/contract';

describe('migrate-data from a seeded SQLite database', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-migrate-'));
  const sqliteFile = path.join(dir, 'platter.sqlite');
  const sockets: TestSocket[] = [];
  let source: TestApp;
  let copy: TestApp | undefined;
  let target: Awaited<ReturnType<typeof freshDatabase>>;
  let ada: Credentials;
  let checks: TableCheck[];
  let sourceInfo: unknown;
  let sourceRooms: string[];
  const roomList = async (t: TestApp, as: Credentials) =>
    (await t.ok('room.directory_rooms', { limit: 100 }, as)).rooms.map((r) => `${r.roomid} ${r.name}`).sort();

  beforeAll(async () => {
    source = await startTestApp({ database: { kind: 'sqlite', file: sqliteFile } }, undefined, { timeline: false });
    await seedDemo(source.app.services);
    ada = await source.ok('user.email_login', { email: 'ada@example.com', password: DEMO_PASSWORD });
    const bob = await source.ok('user.email_login', { email: 'basslord@example.com', password: DEMO_PASSWORD });
    const { rooms } = await source.ok('room.directory_rooms', { limit: 100 }, ada);
    const playing = rooms.find((room) => room.metadata.current_song);
    if (!playing) throw new Error('the demo seed has no room playing a song');
    const { socket } = await pageIn(source, ada, playing.roomid, sockets);
    await socket.ok('room.speak', { roomid: playing.roomid, text: 'moving to PostgreSQL' });
    await socket.ok('room.vote', { roomid: playing.roomid, val: 'up' });
    await source.ok('pm.send', { receiverid: bob.userid, text: 'see you on the other side' }, ada);
    for (const s of sockets) s.ws.close();
    sourceInfo = await source.ok('user.info', {}, ada);
    sourceRooms = await roomList(source, ada);
    await source.close();

    target = await freshDatabase(dir, TEST_POSTGRES_URL);
    const schema = target.database.kind === 'postgres' ? target.database.schema : undefined;
    ({ checks } = await copySqliteToPostgres({ sqliteFile, postgresUrl: TEST_POSTGRES_URL, schema }));
  }, 90_000);

  afterAll(async () => {
    await copy?.close();
    await target?.dropDatabase();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('every table is copied, its counts and checksums equal on both sides', () => {
    expect(checks.filter((c) => !c.ok)).toEqual([]);
    const rows = Object.fromEntries(checks.map((c) => [c.table, c.targetRows]));
    expect(rows.users).toBeGreaterThan(10);
    expect(rows.room_chat).toBeGreaterThanOrEqual(1);
    expect(rows.room_votes).toBeGreaterThanOrEqual(1);
    expect(rows.private_messages).toBe(1);
    expect(checks.every((c) => c.sourceChecksum === c.targetChecksum && c.sourceRows === c.targetRows)).toBe(true);
    const table = formatChecks(checks);
    expect(table.split('\n')[0]).toMatch(/^table\s+rows \(SQLite\)/);
    expect(table).not.toContain('MISMATCH');
  });

  test('verification catches a copy that differs by one value', async () => {
    const schema = target.database.kind === 'postgres' ? target.database.schema : undefined;
    const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, options: `-c search_path=${schema}` });
    await client.connect();
    const tamper = (text: string) => client.query('update private_messages set text = $1', [text]);
    try {
      await tamper('see you on the other side!');
      const { checks: after } = await verifyCopy({ sqliteFile, postgresUrl: TEST_POSTGRES_URL, schema });
      expect(after.filter((c) => !c.ok).map((c) => c.table)).toEqual(['private_messages']);
      expect(formatChecks(after)).toMatch(/^private_messages .*MISMATCH$/m);
    } finally {
      await tamper('see you on the other side');
      await client.end();
    }
  });

  test('the app started on the copy serves the same member and rooms', async () => {
    copy = await startTestApp({ database: target.database }, undefined, { timeline: false });
    const session = await copy.ok('user.email_login', { email: 'ada@example.com', password: DEMO_PASSWORD });
    expect(session.userid).toBe(ada.userid);
    expect(await copy.ok('user.info', {}, session)).toEqual(sourceInfo);
    expect(sourceRooms.length).toBeGreaterThan(0);
    expect(await roomList(copy, session)).toEqual(sourceRooms);
    const history = await copy.ok(
      'pm.history',
      { receiverid: (await copy.ok('user.get_id', { name: 'Basslord' })).userid },
      session,
    );
    expect(history.history.map((m) => m.text)).toContain('see you on the other side');
  });

  test('a target that already has rows is refused, and nothing is added to it', async () => {
    const schema = target.database.kind === 'postgres' ? target.database.schema : undefined;
    const before = await verifyCopy({ sqliteFile, postgresUrl: TEST_POSTGRES_URL, schema });
    const attempt = copySqliteToPostgres({ sqliteFile, postgresUrl: TEST_POSTGRES_URL, schema });
    await expect(attempt).rejects.toThrow(MigrateDataError);
    await expect(attempt).rejects.toThrow(/already has rows \(in .*users/);
    const after = await verifyCopy({ sqliteFile, postgresUrl: TEST_POSTGRES_URL, schema });
    expect(after.checks.map((c) => [c.table, c.targetRows, c.targetChecksum])).toEqual(
      before.checks.map((c) => [c.table, c.targetRows, c.targetChecksum]),
    );
  });
});

describe('migrate-data arguments', () => {
  test('bad arguments and a missing source get a clear message', async () => {
    expect(() => parseMigrateDataArgs([])).toThrow(/^Usage: npm run migrate-data/);
    expect(() => parseMigrateDataArgs(['--from', 'a.sqlite', '--to', 'mysql://x'])).toThrow(/--to must be a postgres/);
    expect(() => parseMigrateDataArgs(['--from', 'a', '--to', 'postgres://x', '--bogus'])).toThrow(/Unknown option/);
    await expect(
      copySqliteToPostgres({ sqliteFile: '/nonexistent/platter.sqlite', postgresUrl: TEST_POSTGRES_URL }),
    ).rejects.toThrow(/no such file/);
  });
});
