import { Migrator, PostgresAdapter, sql, type Migration } from 'kysely';
import type { Db } from './database';
import * as initial from './migrations/0001-initial';
import * as roomDirectory from './migrations/0002-room-directory';
import * as sandboxPayments from './migrations/0003-sandbox-payments';
import * as gold from './migrations/0004-gold';
import * as paymentReferences from './migrations/0005-payment-references';
import * as roomSequence from './migrations/0006-room-sequence';
import * as roomChat from './migrations/0007-room-chat';
import * as roomModeration from './migrations/0008-room-moderation';
import * as privateMessages from './migrations/0009-private-messages';
import * as music from './migrations/0010-music';
import * as roomRules from './migrations/0011-room-rules';
import * as roomChatRecent from './migrations/0012-room-chat-recent';
import * as votePacing from './migrations/0013-vote-pacing';
import * as reportEvidence from './migrations/0014-report-evidence';
import * as nameSkeleton from './migrations/0015-name-skeleton';
import * as chatReplay from './migrations/0016-chat-replay';

/** Migrations in order; a new one is added here under the next number. */
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-room-directory': roomDirectory,
  '0003-sandbox-payments': sandboxPayments,
  '0004-gold': gold,
  '0005-payment-references': paymentReferences,
  '0006-room-sequence': roomSequence,
  '0007-room-chat': roomChat,
  '0008-room-moderation': roomModeration,
  '0009-private-messages': privateMessages,
  '0010-music': music,
  '0011-room-rules': roomRules,
  '0012-room-chat-recent': roomChatRecent,
  '0013-vote-pacing': votePacing,
  '0014-report-evidence': reportEvidence,
  '0015-name-skeleton': nameSkeleton,
  '0016-chat-replay': chatReplay,
};

export async function migrateToLatest(db: Db): Promise<void> {
  // Kysely's PostgreSQL introspection reads every schema's tables by name: a schema dropped at that
  // moment by someone else sharing the database (tests, a second install) fails the read with
  // invalid_schema_name. Nothing was migrated yet (migrations run in a transaction): read again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrateOnce(db);
    } catch (error) {
      if (attempt >= 5 || !isSchemaGone(error)) throw error;
    }
  }
}

/** PostgreSQL's invalid_schema_name, as the migrator reports it (its cause, or its message). */
function isSchemaGone(error: unknown): boolean {
  const { cause, message } = error as { cause?: { code?: unknown }; message?: unknown };
  return cause?.code === '3F000' || (typeof message === 'string' && /schema ".*" does not exist/.test(message));
}

async function migrateOnce(db: Db): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: await postgresSchemaOf(db),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}

/**
 * Unless told a schema, Kysely looks for its bookkeeping tables in every schema
 * of a PostgreSQL database, so one that shares the database with another
 * schema already migrated (tests, or a second install) would skip creating its own.
 */
async function postgresSchemaOf(db: Db): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}
