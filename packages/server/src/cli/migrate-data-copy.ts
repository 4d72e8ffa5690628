/**
 * Copies every table of a migrated Platter SQLite database into an empty PostgreSQL
 * database migrated by the same release, in one transaction, then verifies the copy:
 * row counts and a checksum per table, read back from both sides.
 *
 * PostgreSQL's catalog is the schema's truth here (tables, column types, primary and
 * foreign keys): both databases were built by the same migrations, and its types say how
 * SQLite's looser values must be written and compared.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';

/** A bad argument or a database that cannot be copied: a message for the operator, no stack. */
export class MigrateDataError extends Error {}

export interface TableCheck {
  table: string;
  sourceRows: number;
  targetRows: number;
  sourceChecksum: string;
  targetChecksum: string;
  ok: boolean;
}

interface Column {
  name: string;
  type: string;
}

interface Table {
  name: string;
  columns: Column[];
  /** The primary key's columns, else every column: the order rows are read in on both sides. */
  orderBy: string[];
  references: Set<string>;
}

export interface CopyOptions {
  sqliteFile: string;
  postgresUrl: string;
  /** A PostgreSQL schema other than the connection's default (`public`). */
  schema?: string;
  progress?: (message: string) => void;
}

/** Kysely's own bookkeeping: the target's migrations write it; it is compared, not copied. */
const BOOKKEEPING = new Set(['kysely_migration', 'kysely_migration_lock']);
/** PostgreSQL takes at most 65,535 parameters in one statement. */
const MAX_PARAMETERS = 30_000;
const MAX_BATCH_ROWS = 1_000;
const READ_BATCH_ROWS = 2_000;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function copySqliteToPostgres(options: CopyOptions): Promise<{ checks: TableCheck[] }> {
  const progress = options.progress ?? (() => {});
  const source = openSource(options.sqliteFile);
  try {
    await migrateTarget(options);
    return await withTarget(options, async (target) => {
      await compareMigrations(source, target);
      const tables = inDependencyOrder(await describeTables(target));
      checkSourceHasTables(source, tables);
      await refuseNonEmpty(target, tables);
      // One read transaction on SQLite: every table is copied and verified from the same moment.
      return inReadTransaction(source, async () => {
        await target.query('begin');
        try {
          for (const table of tables) progress(`copied ${table.name}: ${await copyTable(source, target, table)} rows`);
          await resetSequences(target);
          await target.query('commit');
        } catch (error) {
          await target.query('rollback');
          throw error;
        }
        return { checks: await verifyTables(source, target, tables) };
      });
    });
  } finally {
    source.close();
  }
}

/** Only the verification, for a copy made earlier (`--verify-only`): nothing is written. */
export async function verifyCopy(options: CopyOptions): Promise<{ checks: TableCheck[] }> {
  const source = openSource(options.sqliteFile);
  try {
    return await withTarget(options, async (target) => {
      await compareMigrations(source, target);
      const tables = inDependencyOrder(await describeTables(target));
      checkSourceHasTables(source, tables);
      return inReadTransaction(source, async () => ({ checks: await verifyTables(source, target, tables) }));
    });
  } finally {
    source.close();
  }
}

async function withTarget<T>({ postgresUrl, schema }: CopyOptions, use: (target: pg.Client) => Promise<T>): Promise<T> {
  const target = new pg.Client({
    connectionString: postgresUrl,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  try {
    await target.connect();
  } catch (error) {
    throw new MigrateDataError(`--to: cannot connect to PostgreSQL: ${(error as Error).message}`);
  }
  try {
    return await use(target);
  } finally {
    await target.end();
  }
}

async function inReadTransaction<T>(source: SQLite.Database, use: () => Promise<T>): Promise<T> {
  source.exec('begin');
  try {
    return await use();
  } finally {
    source.exec('commit');
  }
}

async function verifyTables(source: SQLite.Database, target: pg.Client, tables: Table[]): Promise<TableCheck[]> {
  const checks: TableCheck[] = [];
  for (const table of tables) checks.push(await verifyTable(source, target, table));
  return checks;
}

function openSource(file: string): SQLite.Database {
  if (!fs.existsSync(file)) throw new MigrateDataError(`--from: no such file: ${file}`);
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
    db.pragma('schema_version');
  } catch (error) {
    throw new MigrateDataError(`--from: ${file} is not a SQLite database (${(error as Error).message}).`);
  }
  const migrated = db.prepare(`select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'`).get();
  if (!migrated) {
    db.close();
    throw new MigrateDataError(`--from: ${file} is not a Platter database (it has no migrations table).`);
  }
  // Exact integers: epoch milliseconds and counters are compared digit for digit.
  db.defaultSafeIntegers(true);
  return db;
}

/** The same migrations the app runs at start, so the target has this release's schema. */
async function migrateTarget({ postgresUrl, schema }: CopyOptions): Promise<void> {
  const db = await createDatabase({ kind: 'postgres', url: postgresUrl, schema });
  try {
    await migrateToLatest(db);
  } catch (error) {
    throw new MigrateDataError(`--to: could not migrate the PostgreSQL database: ${(error as Error).message}`);
  } finally {
    await db.destroy();
  }
}

/** An older SQLite database must be upgraded by starting this release on it first. */
async function compareMigrations(source: SQLite.Database, target: pg.Client): Promise<void> {
  const sourceNames = (
    source.prepare('select name from kysely_migration order by name').all() as { name: string }[]
  ).map((r) => r.name);
  const targetNames = (
    await target.query<{ name: string }>('select name from kysely_migration order by name')
  ).rows.map((r) => r.name);
  if (sourceNames.join() !== targetNames.join()) {
    const missing = targetNames.filter((n) => !sourceNames.includes(n));
    const unknown = sourceNames.filter((n) => !targetNames.includes(n));
    throw new MigrateDataError(
      missing.length > 0
        ? `--from: the SQLite database lacks migrations ${missing.join(', ')}: start this release of Platter on it once (it migrates at start), stop it, then copy.`
        : `--from: the SQLite database has migrations this release does not know (${unknown.join(', ')}): run the release that wrote it.`,
    );
  }
}

async function describeTables(target: pg.Client): Promise<Table[]> {
  const columns = await target.query<{ table_name: string; column_name: string; data_type: string }>(
    `select table_name, column_name, data_type from information_schema.columns
     where table_schema = current_schema() order by table_name, ordinal_position`,
  );
  const keys = await target.query<{ table_name: string; column_name: string }>(
    `select tc.table_name, kcu.column_name from information_schema.table_constraints tc
     join information_schema.key_column_usage kcu
       on kcu.constraint_schema = tc.constraint_schema and kcu.constraint_name = tc.constraint_name
     where tc.constraint_type = 'PRIMARY KEY' and tc.table_schema = current_schema()
     order by tc.table_name, kcu.ordinal_position`,
  );
  const foreign = await target.query<{ table_name: string; referenced: string }>(
    `select cl.relname as table_name, ref.relname as referenced from pg_constraint c
     join pg_class cl on cl.oid = c.conrelid join pg_class ref on ref.oid = c.confrelid
     join pg_namespace n on n.oid = cl.relnamespace
     where c.contype = 'f' and n.nspname = current_schema()`,
  );
  const tables = new Map<string, Table>();
  for (const row of columns.rows) {
    if (BOOKKEEPING.has(row.table_name)) continue;
    const table = tables.get(row.table_name) ?? {
      name: row.table_name,
      columns: [],
      orderBy: [],
      references: new Set(),
    };
    table.columns.push({ name: row.column_name, type: row.data_type });
    tables.set(row.table_name, table);
  }
  for (const row of keys.rows) tables.get(row.table_name)?.orderBy.push(row.column_name);
  for (const table of tables.values()) if (table.orderBy.length === 0) table.orderBy = table.columns.map((c) => c.name);
  for (const row of foreign.rows) {
    // A row pointing at its own table would need its parent copied first: none in the schema today.
    if (row.referenced === row.table_name) {
      throw new MigrateDataError(`table ${row.table_name} references itself; this copier cannot order its rows.`);
    }
    tables.get(row.table_name)?.references.add(row.referenced);
  }
  return [...tables.values()];
}

/** Referenced tables first, so every foreign key finds its row (names break ties: a stable order). */
function inDependencyOrder(tables: Table[]): Table[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const ordered: Table[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (table: Table) => {
    if (state.get(table.name) === 'done') return;
    if (state.get(table.name) === 'visiting') {
      throw new MigrateDataError(
        `tables reference each other in a cycle through ${table.name}; cannot order the copy.`,
      );
    }
    state.set(table.name, 'visiting');
    for (const name of [...table.references].sort()) {
      const referenced = byName.get(name);
      if (referenced) visit(referenced);
    }
    state.set(table.name, 'done');
    ordered.push(table);
  };
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(table);
  return ordered;
}

function checkSourceHasTables(source: SQLite.Database, tables: Table[]): void {
  for (const table of tables) {
    const present = new Set(
      (source.prepare(`select name from pragma_table_info(?)`).all(table.name) as { name: string }[]).map(
        (r) => r.name,
      ),
    );
    const missing = table.columns.filter((c) => !present.has(c.name)).map((c) => c.name);
    if (present.size === 0) throw new MigrateDataError(`--from: the SQLite database has no table ${table.name}.`);
    if (missing.length > 0) {
      throw new MigrateDataError(`--from: table ${table.name} lacks columns ${missing.join(', ')}.`);
    }
  }
}

/** Copying into rows already there would mix two databases: the target must be fresh. */
async function refuseNonEmpty(target: pg.Client, tables: Table[]): Promise<void> {
  const filled: string[] = [];
  for (const table of tables) {
    const { rows } = await target.query(`select 1 from ${quote(table.name)} limit 1`);
    if (rows.length > 0) filled.push(table.name);
  }
  if (filled.length > 0) {
    throw new MigrateDataError(
      `--to: the PostgreSQL database already has rows (in ${filled.join(', ')}). Copy into an empty database (or --schema): nothing was changed.`,
    );
  }
}

async function copyTable(source: SQLite.Database, target: pg.Client, table: Table): Promise<number> {
  const names = table.columns.map((c) => quote(c.name)).join(', ');
  const batchRows = Math.max(1, Math.min(MAX_BATCH_ROWS, Math.floor(MAX_PARAMETERS / table.columns.length)));
  const select = source.prepare(`select ${names} from ${quote(table.name)} order by ${sqliteOrder(table)}`).raw(true);
  let batch: unknown[][] = [];
  let copied = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const values: unknown[] = [];
    const tuples = batch.map((row) => {
      const placeholders = row.map((value, i) => {
        values.push(toPostgres(value, table.columns[i]!.type));
        return `$${values.length}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    try {
      await target.query(`insert into ${quote(table.name)} (${names}) values ${tuples.join(', ')}`, values);
    } catch (error) {
      throw new MigrateDataError(`copying ${table.name} failed, nothing was kept: ${(error as Error).message}`);
    }
    copied += batch.length;
    batch = [];
  };
  for (const row of select.iterate() as Iterable<unknown[]>) {
    batch.push(row);
    if (batch.length >= batchRows) await flush();
  }
  await flush();
  return copied;
}

/** SQLite's values as PostgreSQL's column wants them (SQLite keeps flags and times as integers). */
function toPostgres(value: unknown, type: string): unknown {
  if (value === null) return null;
  if (type === 'boolean') return Number(value) !== 0;
  if (type.startsWith('timestamp')) return new Date(Number(value));
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/** Serial and identity columns continue after the copied rows (Platter's ids are text today). */
async function resetSequences(target: pg.Client): Promise<void> {
  const { rows } = await target.query<{ table_name: string; column_name: string; sequence: string }>(
    `select table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) as sequence
     from information_schema.columns
     where table_schema = current_schema() and (column_default like 'nextval(%' or is_identity = 'YES')`,
  );
  for (const row of rows) {
    if (!row.sequence) continue;
    await target.query(
      `select setval($1, coalesce((select max(${quote(row.column_name)}) from ${quote(row.table_name)}), 0) + 1, false)`,
      [row.sequence],
    );
  }
}

/** Both sides read in the same order: text by its bytes (SQLite's BINARY, PostgreSQL's "C"), nulls first. */
function sqliteOrder(table: Table): string {
  return table.orderBy.map((name) => `${quote(name)} asc nulls first`).join(', ');
}

function postgresOrder(table: Table): string {
  const types = new Map(table.columns.map((c) => [c.name, c.type]));
  return table.orderBy
    .map((name) => `${quote(name)}${isText(types.get(name)) ? ' collate "C"' : ''} asc nulls first`)
    .join(', ');
}

const isText = (type: string | undefined) => type === 'text' || type === 'character varying' || type === 'character';

async function verifyTable(source: SQLite.Database, target: pg.Client, table: Table): Promise<TableCheck> {
  const names = table.columns.map((c) => quote(c.name)).join(', ');
  const sourceHash = new RowHash(table.columns);
  const rows = source.prepare(`select ${names} from ${quote(table.name)} order by ${sqliteOrder(table)}`).raw(true);
  for (const row of rows.iterate() as Iterable<unknown[]>) sourceHash.add(row);

  const targetHash = new RowHash(table.columns);
  // A cursor, so a large table is never held in memory whole.
  await target.query('begin read only');
  try {
    await target.query(
      `declare verify_rows no scroll cursor for select ${names} from ${quote(table.name)} order by ${postgresOrder(table)}`,
    );
    for (;;) {
      const { rows: batch } = await target.query({
        text: `fetch ${READ_BATCH_ROWS} from verify_rows`,
        rowMode: 'array',
      });
      for (const row of batch as unknown[][]) targetHash.add(row);
      if (batch.length < READ_BATCH_ROWS) break;
    }
  } finally {
    await target.query('commit');
  }
  const sourceChecksum = sourceHash.digest();
  const targetChecksum = targetHash.digest();
  return {
    table: table.name,
    sourceRows: sourceHash.rows,
    targetRows: targetHash.rows,
    sourceChecksum,
    targetChecksum,
    ok: sourceHash.rows === targetHash.rows && sourceChecksum === targetChecksum,
  };
}

/** SHA-256 over the rows in order, each value written the same way whichever database read it. */
class RowHash {
  rows = 0;
  private readonly hash = crypto.createHash('sha256');

  constructor(private readonly columns: Column[]) {}

  add(row: unknown[]): void {
    this.rows += 1;
    this.hash.update(JSON.stringify(row.map((value, i) => normalise(value, this.columns[i]!.type))));
    this.hash.update('\n');
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

function normalise(value: unknown, type: string): string | null {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'smallint':
    case 'integer':
    case 'bigint':
      return integerText(value);
    case 'real':
      // float4 keeps a single-precision value: compare SQLite's double at that precision.
      return String(Math.fround(Number(value)));
    case 'double precision':
    case 'numeric':
      return String(Number(value));
    case 'boolean':
      return value === true || Number(value) === 1 ? 'true' : 'false';
    case 'json':
    case 'jsonb':
      return JSON.stringify(typeof value === 'string' ? JSON.parse(value) : value);
    default:
      if (type.startsWith('timestamp')) return String(value instanceof Date ? value.getTime() : Number(value));
      return String(value);
  }
}

/** An integer column's value as digits, however the driver handed it over (number, bigint, string). */
function integerText(value: unknown): string {
  try {
    return BigInt(value as number | bigint | string).toString();
  } catch {
    // SQLite keeps whatever it was given; a non-integer then shows up as a mismatch, not a crash.
    return `not an integer: ${String(value)}`;
  }
}
