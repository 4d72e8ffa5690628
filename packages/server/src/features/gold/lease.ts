/**
 * A named lease in the database, so that one instance at a time does a job
 * (docs/gold.md). Taking it is one statement, insert-or-update only when the
 * lease is free, expired or already ours, so two instances cannot both hold it.
 */
import type { Db } from '../../db/database';

export async function takeLease(db: Db, name: string, holder: string, now: number, ttlMs: number): Promise<boolean> {
  const expiresAt = now + ttlMs;
  await db
    .insertInto('jobLeases')
    .values({ name, holder, expiresAt })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, expiresAt })
        .where((eb) => eb.or([eb('jobLeases.expiresAt', '<=', now), eb('jobLeases.holder', '=', holder)])),
    )
    .execute();
  const row = await db.selectFrom('jobLeases').select('holder').where('name', '=', name).executeTakeFirst();
  return row?.holder === holder;
}

export async function releaseLease(db: Db, name: string, holder: string, now: number): Promise<void> {
  await db
    .updateTable('jobLeases')
    .set({ expiresAt: now })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .execute();
}
