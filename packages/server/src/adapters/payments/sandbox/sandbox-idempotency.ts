/**
 * Idempotency-Key, as processors honour it: the first request with a key is
 * carried out and its answer kept; a retry with the same key and the same
 * request gets that answer again, and nothing happens twice. The same key
 * with another request is refused (409), and so is a retry while the first
 * is still being answered. Keys are kept a day, per secret key.
 */
import { createHash } from 'node:crypto';
import type { SandboxDb } from './sandbox-schema';
import { sandboxErrors } from './sandbox-errors';

export const IDEMPOTENCY_LIFETIME_MS = 24 * 60 * 60 * 1000;

export type IdempotentStart = { kind: 'first' } | { kind: 'replay'; status: number; body: unknown };

/** Identifies a request by what it asks: method, path and body (keys sorted, so order does not matter). */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${canonicalJson(body)}`)
    .digest('hex');
}

/** Which account a key belongs to, without storing the secret key again. */
export function keyScope(secretKey: string): string {
  return createHash('sha256').update(secretKey).digest('hex').slice(0, 16);
}

export async function beginIdempotent(
  db: SandboxDb,
  scope: string,
  key: string,
  fingerprint: string,
  now: number,
): Promise<IdempotentStart> {
  const inserted = await db
    .insertInto('sandboxIdempotency')
    .values({ scope, idempotencyKey: key, fingerprint, statusCode: null, responseBody: null, createdAt: now })
    .onConflict((conflict) => conflict.columns(['scope', 'idempotencyKey']).doNothing())
    .executeTakeFirst();
  if ((inserted.numInsertedOrUpdatedRows ?? 0n) > 0n) return { kind: 'first' };
  const existing = await db
    .selectFrom('sandboxIdempotency')
    .selectAll()
    .where('scope', '=', scope)
    .where('idempotencyKey', '=', key)
    .executeTakeFirst();
  // Forgotten meanwhile (expired and pruned): carry it out as a first request.
  if (!existing) return beginIdempotent(db, scope, key, fingerprint, now);
  if (existing.fingerprint !== fingerprint) throw sandboxErrors.idempotencyMismatch();
  if (existing.statusCode === null || existing.responseBody === null) throw sandboxErrors.idempotencyBusy();
  return { kind: 'replay', status: existing.statusCode, body: JSON.parse(existing.responseBody) as unknown };
}

export async function finishIdempotent(
  db: SandboxDb,
  scope: string,
  key: string,
  status: number,
  body: unknown,
): Promise<void> {
  await db
    .updateTable('sandboxIdempotency')
    .set({ statusCode: status, responseBody: JSON.stringify(body) })
    .where('scope', '=', scope)
    .where('idempotencyKey', '=', key)
    .execute();
}

/** The request failed inside the sandbox: a retry with the key may try again. */
export async function abandonIdempotent(db: SandboxDb, scope: string, key: string): Promise<void> {
  await db
    .deleteFrom('sandboxIdempotency')
    .where('scope', '=', scope)
    .where('idempotencyKey', '=', key)
    .where('statusCode', 'is', null)
    .execute();
}

export async function pruneIdempotency(db: SandboxDb, now: number): Promise<void> {
  await db
    .deleteFrom('sandboxIdempotency')
    .where('createdAt', '<', now - IDEMPOTENCY_LIFETIME_MS)
    .execute();
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
