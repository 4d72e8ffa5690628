/**
 * db/reusable-query.ts: a query compiled once runs with each call's values, on SQLite and on
 * PostgreSQL, in and out of transactions, and refuses a value it could not pass as a parameter.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDatabase } from '../src/db/database';
import { reusableQuery } from '../src/db/reusable-query';
import { freshDatabase, TEST_POSTGRES_URL } from './support/test-app';

interface Notes {
  notes: { noteId: string; roomId: string; createdAt: number; text: string };
}

const recentNotes = reusableQuery((db: Kysely<Notes>, { roomId, since }: { roomId: string; since: number }) =>
  db
    .selectFrom('notes')
    .select(['noteId', 'text'])
    .select((eb) =>
      eb
        .selectFrom('notes as all')
        .select((count) => count.fn.countAll<number>().as('n'))
        .where('all.roomId', '=', roomId)
        .as('inRoom'),
    )
    .where('roomId', '=', roomId)
    .where('createdAt', '>', since)
    .where('text', '!=', 'hidden')
    .orderBy('createdAt'),
);

describe.each(['sqlite', 'postgres'])('on %s', (kind) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-reusable-'));
  let db: Kysely<Notes>;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDatabase(dir, kind === 'postgres' ? TEST_POSTGRES_URL : undefined);
    drop = fresh.dropDatabase;
    db = (await createDatabase(fresh.database)) as unknown as Kysely<Notes>;
    await sql`create table notes (note_id text primary key, room_id text not null, created_at bigint not null, text text not null)`.execute(
      db,
    );
    await db
      .insertInto('notes')
      .values([
        { noteId: 'a', roomId: 'r1', createdAt: 1, text: 'first' },
        { noteId: 'b', roomId: 'r1', createdAt: 2, text: 'second' },
        { noteId: 'c', roomId: 'r1', createdAt: 3, text: 'hidden' },
        { noteId: 'd', roomId: 'r2', createdAt: 4, text: 'elsewhere' },
      ])
      .execute();
  });
  afterAll(async () => {
    await db.destroy();
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('each call runs with its own values, the compiled ones kept, rows in camelCase', async () => {
    expect((await recentNotes(db, { roomId: 'r1', since: 0 })).rows).toEqual([
      { noteId: 'a', text: 'first', inRoom: 3 },
      { noteId: 'b', text: 'second', inRoom: 3 },
    ]);
    expect((await recentNotes(db, { roomId: 'r1', since: 1 })).rows.map((row) => row.noteId)).toEqual(['b']);
    expect((await recentNotes(db, { roomId: 'r2', since: 0 })).rows).toEqual([
      { noteId: 'd', text: 'elsewhere', inRoom: 1 },
    ]);
  });

  test('in a transaction too, where it sees what the transaction wrote', async () => {
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('notes').values({ noteId: 'e', roomId: 'r2', createdAt: 5, text: 'later' }).execute();
        expect((await recentNotes(trx, { roomId: 'r2', since: 4 })).rows.map((row) => row.noteId)).toEqual(['e']);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect((await recentNotes(db, { roomId: 'r2', since: 4 })).rows).toEqual([]);
  });

  test('a value used otherwise than as a parameter is refused when the query is compiled', async () => {
    const shifted = reusableQuery((built: Kysely<Notes>, { since }: { since: number }) =>
      built
        .selectFrom('notes')
        .select('noteId')
        .where('createdAt', '>', since - 1),
    );
    await expect(shifted(db, { since: 2 })).rejects.toThrow(
      'A reusable query may use its values only as parameters: since',
    );
  });
});
