/**
 * `npm run migrate-data -- --from <SQLite file> --to <postgres url> [--schema <name>]`:
 * copies a Platter SQLite database into an empty PostgreSQL one, then proves the copy
 * (row counts and checksums per table). docs/operations.md, "Moving from SQLite to PostgreSQL".
 */
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { copySqliteToPostgres, MigrateDataError, verifyCopy, type TableCheck } from './migrate-data-copy';

const USAGE =
  'Usage: npm run migrate-data -- --from <SQLite file> --to <postgres://…> [--schema <name>] [--verify-only]';

export interface MigrateDataArgs {
  from: string;
  to: string;
  schema?: string;
  /** Compare an earlier copy with its source again; write nothing. */
  verifyOnly: boolean;
}

export function parseMigrateDataArgs(argv: string[]): MigrateDataArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        from: { type: 'string' },
        to: { type: 'string' },
        schema: { type: 'string' },
        'verify-only': { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new MigrateDataError(`${(error as Error).message}\n${USAGE}`);
  }
  if (!values.from || !values.to) throw new MigrateDataError(USAGE);
  if (!/^postgres(ql)?:\/\//.test(values.to)) throw new MigrateDataError(`--to must be a postgres:// URL.\n${USAGE}`);
  if (values.schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(values.schema)) {
    throw new MigrateDataError('--schema must be a plain lower-case name (letters, digits, _).');
  }
  return { from: values.from, to: values.to, schema: values.schema, verifyOnly: values['verify-only'] === true };
}

/** The verification as a table, one line per table. */
export function formatChecks(checks: TableCheck[]): string {
  const rows = [
    ['table', 'rows (SQLite)', 'rows (PostgreSQL)', 'checksum (SQLite)', 'checksum (PostgreSQL)', ''],
    ...checks.map((c) => [
      c.table,
      String(c.sourceRows),
      String(c.targetRows),
      c.sourceChecksum.slice(0, 16),
      c.targetChecksum.slice(0, 16),
      c.ok ? 'ok' : 'MISMATCH',
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

async function main(): Promise<void> {
  try {
    const args = parseMigrateDataArgs(process.argv.slice(2));
    const run = args.verifyOnly ? verifyCopy : copySqliteToPostgres;
    const result = await run({
      sqliteFile: args.from,
      postgresUrl: args.to,
      schema: args.schema,
      progress: (message) => console.log(message),
    });
    console.log(formatChecks(result.checks));
    const bad = result.checks.filter((c) => !c.ok);
    if (bad.length > 0) {
      console.error(`Verification failed for ${bad.map((c) => c.table).join(', ')}: the copy differs from the source.`);
      process.exit(1);
    }
    console.log(
      `${args.verifyOnly ? 'Verified' : 'Copied'} ${result.checks.reduce((n, c) => n + c.targetRows, 0)} rows in ${result.checks.length} tables; every count and checksum matches.`,
    );
  } catch (error) {
    if (error instanceof MigrateDataError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
