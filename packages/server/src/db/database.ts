/**
 * The Kysely instance: better-sqlite3 (WAL, foreign keys on) by default,
 * PostgreSQL through `pg` when DATABASE_URL says so. Everything above this
 * file is written once for both.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Config } from '../config';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/** A PostgreSQL pool's connections now (pg tells; SQLite has one connection and no pool). */
export interface PoolUse {
  /** Connections open, idle among them, and queries waiting for one. */
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

const pools = new WeakMap<Db, () => PoolUse>();

/** The pool's use for metrics; null on SQLite. */
export function poolUse(db: Db): PoolUse | null {
  return pools.get(db)?.() ?? null;
}

const PG_INT8 = 20;

/** `pg` is loaded only for PostgreSQL. */
export async function createDatabase(database: Config['database']): Promise<Db> {
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
    return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), plugins });
  }
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString: database.url,
    max: database.poolSize ?? 10,
    // Epoch-millisecond times live in bigint columns; they fit a JS number.
    types: {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8 ? Number : pg.types.getTypeParser(oid, format as 'text'),
    },
    ...(database.schema ? { options: `-c search_path=${database.schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
  pools.set(db, () => ({
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max: pool.options.max,
  }));
  return db;
}

/** How many prepared statements are kept: the app's queries are a few hundred distinct texts. */
const STATEMENT_CACHE_SIZE = 1_000;

/**
 * Kysely prepares every query's SQL anew, and preparing costs about as much as running a small
 * query (a room chat line runs seven). The same text is prepared once here and reused; a
 * statement still being iterated (a streamed select) is busy, so another copy is prepared then.
 */
function withStatementCache(sqlite: SQLite.Database): Pick<SQLite.Database, 'prepare' | 'close'> {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(source: string) {
      let statement = statements.get(source);
      if (statement?.busy) return sqlite.prepare(source);
      if (!statement) {
        statement = sqlite.prepare(source);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value ?? '');
        statements.set(source, statement);
      }
      return statement;
    },
    close() {
      statements.clear();
      return sqlite.close();
    },
  } as Pick<SQLite.Database, 'prepare' | 'close'>;
}
