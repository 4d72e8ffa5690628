/**
 * `npm run backup -- <file>`: a consistent copy of the SQLite database, taken while Platter
 * runs (SQLite's online backup API, through better-sqlite3). Run it with the same environment
 * as `npm start`. PostgreSQL is backed up with pg_dump (docs/operations.md, "Backup and restore").
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { ConfigError, loadConfig } from '../config';

/** Copies the live database page by page; writers carry on meanwhile (WAL). Returns the pages copied. */
export async function backupSqlite(databaseFile: string, destination: string): Promise<number> {
  if (!fs.existsSync(databaseFile)) throw new Error(`No database at ${databaseFile}.`);
  if (fs.existsSync(destination)) throw new Error(`${destination} already exists: choose a new file name.`);
  fs.mkdirSync(path.dirname(path.resolve(destination)), { recursive: true });
  const db = new SQLite(databaseFile, { fileMustExist: true });
  try {
    const { totalPages } = await db.backup(destination);
    return totalPages;
  } finally {
    db.close();
  }
}

async function main(): Promise<void> {
  const [destination] = process.argv.slice(2);
  if (!destination) {
    console.error('Usage: npm run backup -- <file to write, e.g. backups/platter-2026-11-28.sqlite>');
    process.exit(2);
  }
  try {
    const { database } = loadConfig();
    if (database.kind !== 'sqlite') {
      console.error('DATABASE_URL is PostgreSQL: back it up with pg_dump (docs/operations.md, "Backup and restore").');
      process.exit(2);
    }
    const pages = await backupSqlite(database.file, destination);
    console.log(`Backed up ${database.file} to ${destination} (${pages} pages). Back up DATA_DIR/media too.`);
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : (error as Error).message);
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
