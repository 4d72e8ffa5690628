/**
 * A named lease in the database, so that one instance at a time does a job
 * (docs/gold.md, docs/realtime.md). Taking it is one statement, insert-or-update only when the
 * lease is free, expired or already ours, so two instances cannot both hold it.
 */
import type { Db } from '../db/database';

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

export interface KeptLease {
  /** Whether this holder has the lease now (as of its last renewal). */
  held(): boolean;
  /** Stops renewing and lets the lease go, so another holder takes over at once. */
  stop(): Promise<void>;
}

export interface KeepLeaseOptions {
  ttlMs: number;
  now: () => number;
  /** Told when this holder gains or loses the lease. */
  onChange?: (held: boolean) => void;
  onError?: (error: unknown) => void;
}

/**
 * Holds a lease for as long as this holder runs: renews it every third of its life, and
 * while another holds it tries again at the same pace, so that when the holder dies (and
 * stops renewing) another takes over within one lease time. What runs under a lease (a
 * room's timers, the Gold renewals) checks held() before each step.
 */
export function keepLease(db: Db, name: string, holder: string, options: KeepLeaseOptions): KeptLease {
  let holding = false;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const attempt = async () => {
    const now = options.now();
    const got = await takeLease(db, name, holder, now, options.ttlMs);
    if (stopped || got === holding) return;
    holding = got;
    options.onChange?.(got);
  };
  const tick = () => {
    running = attempt().catch((error: unknown) => {
      // Unsure whether it is ours: behave as if it is not.
      if (holding) {
        holding = false;
        options.onChange?.(false);
      }
      options.onError?.(error);
    });
  };
  tick();
  const timer = setInterval(tick, Math.max(10, Math.floor(options.ttlMs / 3)));
  timer.unref();
  return {
    held: () => holding,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      if (holding) {
        holding = false;
        options.onChange?.(false);
        await releaseLease(db, name, holder, options.now());
      }
    },
  };
}
