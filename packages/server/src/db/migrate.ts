import { Migrator, type Migration } from 'kysely';
import type { Db } from './database';
import * as initial from './migrations/0001-initial';

/** Migrations in order; a new one is added here under the next number. */
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
};

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
