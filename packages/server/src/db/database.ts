/**
 * The Kysely instance: better-sqlite3 (WAL, foreign keys on) by default,
 * PostgreSQL through `pg` when DATABASE_URL says so. Everything above this
 * file is written once for both.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import type { Database } from './schema';

export type Db = Kysely<Database>;

const PG_INT8 = 20;

export function createDatabase(database: Config['database']): Db {
  const plugins = [new CamelCasePlugin()];
  if (database.kind === 'sqlite') {
    fs.mkdirSync(path.dirname(database.file), { recursive: true });
    const sqlite = new SQLite(database.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    // SQLite's lower() folds ASCII only ('Über' stays 'Über'); PostgreSQL's folds every letter.
    // Room search lowers both sides, so lower() must mean the same on both databases.
    sqlite.function('lower', { deterministic: true }, (text: unknown) =>
      typeof text === 'string' ? text.toLowerCase() : (text as number | bigint | Buffer | null),
    );
    return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), plugins });
  }
  const pool = new pg.Pool({
    connectionString: database.url,
    max: 10,
    // Epoch-millisecond times live in bigint columns; they fit a JS number.
    types: {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8 ? Number : pg.types.getTypeParser(oid, format as 'text'),
    },
    ...(database.schema ? { options: `-c search_path=${database.schema}` } : {}),
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
}
