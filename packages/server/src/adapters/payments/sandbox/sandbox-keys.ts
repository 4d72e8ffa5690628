/**
 * The sandbox account's three keys, like a processor's dashboard shows them:
 * a publishable key (the browser may make card tokens with it, nothing else),
 * a secret key (Platter's server, everything else) and a webhook signing
 * secret. Made with randomBytes on first use and kept in one row, so every
 * instance on the database shares them. They are secrets: never log them.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SandboxDb } from './sandbox-schema';

export interface SandboxKeys {
  publishableKey: string;
  secretKey: string;
  webhookSecret: string;
}

const ROW_ID = 'account';

/** Reads the keys, making them if this is the sandbox's first use. Safe when instances race. */
export async function loadSandboxKeys(db: SandboxDb, now: () => number): Promise<SandboxKeys> {
  const existing = await readKeys(db);
  if (existing) return existing;
  await db
    .insertInto('sandboxKeys')
    .values({
      id: ROW_ID,
      publishableKey: `pk_sandbox_${randomBytes(24).toString('base64url')}`,
      secretKey: `sk_sandbox_${randomBytes(24).toString('base64url')}`,
      webhookSecret: `whsec_sandbox_${randomBytes(24).toString('base64url')}`,
      createdAt: now(),
    })
    // Another instance may have made them meanwhile: theirs win, everyone reads the one row.
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  const made = await readKeys(db);
  if (!made) throw new Error('The sandbox keys could not be stored.');
  return made;
}

async function readKeys(db: SandboxDb): Promise<SandboxKeys | undefined> {
  return db
    .selectFrom('sandboxKeys')
    .select(['publishableKey', 'secretKey', 'webhookSecret'])
    .where('id', '=', ROW_ID)
    .executeTakeFirst();
}

/** Compares a presented key with the real one in constant time. */
export function sameKey(presented: string, actual: string): boolean {
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(actual).digest();
  return timingSafeEqual(a, b);
}
