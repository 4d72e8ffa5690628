/**
 * The renewal job (docs/gold.md): at each period end, a pendcancel
 * subscription ends, and an active one is renewed at the provider or, when
 * the card is declined, ends with a mail to its member. One instance at a
 * time runs it (a lease), and each subscription is claimed with a conditional
 * update before anything is asked of the provider, so no renewal happens
 * twice; the provider's idempotency key (subscription and period) makes sure of it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../../api/context';
import type { ProviderSubscription } from '../../adapters/payments/provider';
import { newId } from '../../lib/ids';
import { releaseLease, takeLease } from '../../lib/lease';
import { paymentFailureOf } from './payment-failures';
import { applyCharge, applySubscription, transitionSubscription } from './settle';
import { GOLD_STATES, type SubscriptionRow } from './store';

const LEASE = 'gold-renewals';
const LEASE_MS = 60_000;
/** How long a claimed subscription is left alone, should its instance die mid-renewal. */
const CLAIM_MS = 5 * 60_000;
const BATCH = 100;
/**
 * A first payment or a sticker charge still pending this long is read back
 * from the provider, in case its webhook was lost.
 */
const PENDING_CHECK_MS = 10 * 60_000;

export interface RenewalReport {
  /** False when another instance held the lease. */
  ran: boolean;
  renewed: number;
  ended: number;
  failed: number;
  /** Left for the next run: the provider could not be reached, or has not settled the renewal yet. */
  waiting: number;
}

type Outcome = 'renewed' | 'ended' | 'failed' | 'waiting' | 'skipped';

export interface RenewalOptions {
  /** Who holds the lease: one id per running job (an instance); a new one by default. */
  holder?: string;
  log?: FastifyBaseLogger;
}

/** One run, at `services.now()`. */
export async function runRenewals(services: Services, options: RenewalOptions = {}): Promise<RenewalReport> {
  const { db } = services;
  const holder = options.holder ?? newId();
  const report: RenewalReport = { ran: false, renewed: 0, ended: 0, failed: 0, waiting: 0 };
  if (!(await takeLease(db, LEASE, holder, services.now(), LEASE_MS))) return report;
  report.ran = true;
  try {
    const now = services.now();
    const due = await db
      .selectFrom('subscriptions')
      .selectAll()
      .where('state', 'in', GOLD_STATES)
      .where('periodEnd', '<=', now)
      .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<=', now)]))
      .orderBy('periodEnd')
      .limit(BATCH)
      .execute();
    for (const row of due) {
      const outcome = await renewOne(services, row, options.log);
      if (outcome !== 'skipped') report[outcome]++;
      // Still working: keep the lease.
      await takeLease(db, LEASE, holder, services.now(), LEASE_MS);
    }
    await checkPending(services, options.log);
  } finally {
    await releaseLease(db, LEASE, holder, services.now());
  }
  return report;
}

async function renewOne(services: Services, row: SubscriptionRow, log?: FastifyBaseLogger): Promise<Outcome> {
  const { db } = services;
  const now = services.now();
  const claimed = await db
    .updateTable('subscriptions')
    .set({ claimedUntil: now + CLAIM_MS })
    .where('id', '=', row.id)
    .where('state', '=', row.state)
    .where('periodEnd', '=', row.periodEnd)
    .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<=', now)]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return 'skipped';

  if (row.state === 'pendcancel' || !row.providerRef) {
    // Cancelled: Gold ends with the period it was paid for.
    return (await transitionSubscription(services, row, 'canceled')) ? 'ended' : 'skipped';
  }
  let answer: ProviderSubscription;
  try {
    answer = await services.payments.renew(row.providerRef, `${row.id}:${row.periodEnd}`);
  } catch (error) {
    const failure = paymentFailureOf(error);
    if (failure?.code !== 'payment_declined') {
      log?.warn({ err: error, subscription: row.id }, 'renewal not done: the provider could not be reached');
      await unclaim(services, row);
      return 'waiting';
    }
    answer = {
      ref: row.providerRef,
      status: 'failed',
      periodEnd: row.periodEnd,
      failureMessage: failure.message,
      reference: null,
    };
  }
  const updated = await applySubscription(services, row.id, answer);
  await unclaim(services, row);
  if (!updated) return 'skipped';
  if (updated.state === 'failed' || updated.state === 'canceled')
    return updated.state === 'failed' ? 'failed' : 'ended';
  return (updated.periodEnd ?? 0) > (row.periodEnd ?? 0) ? 'renewed' : 'waiting';
}

async function unclaim(services: Services, row: SubscriptionRow): Promise<void> {
  await services.db.updateTable('subscriptions').set({ claimedUntil: null }).where('id', '=', row.id).execute();
}

/** First payments and sticker charges still pending after PENDING_CHECK_MS, read back from the provider. */
async function checkPending(services: Services, log?: FastifyBaseLogger): Promise<void> {
  const since = services.now() - PENDING_CHECK_MS;
  const subscriptions = await services.db
    .selectFrom('subscriptions')
    .select(['id', 'providerRef'])
    .where('state', '=', 'pending')
    .where('providerRef', 'is not', null)
    .where('updatedAt', '<=', since)
    .limit(BATCH)
    .execute();
  await readBack(
    subscriptions,
    async (id, ref) => applySubscription(services, id, await services.payments.subscription(ref)),
    (error, id) => log?.warn({ err: error, subscription: id }, 'pending subscription not read back'),
  );
  // Sticker orders whose charge is still pending. A charge still pending touches its order, which is
  // then read again ten minutes later.
  const charges = await services.db
    .selectFrom('orders')
    .select(['id', 'providerRef'])
    .where('kind', '=', 'sticker')
    .where('state', '=', 'pending')
    .where('providerRef', 'is not', null)
    .where('updatedAt', '<=', since)
    .limit(BATCH)
    .execute();
  await readBack(
    charges,
    async (id, ref) => applyCharge(services, id, await services.payments.readCharge(ref)),
    (error, id) => log?.warn({ err: error, order: id }, 'pending charge not read back'),
  );
}

/** Settles each stale pending payment as its webhook would have; one that cannot be read waits for the next run. */
async function readBack(
  stale: { id: string; providerRef: string | null }[],
  settle: (id: string, providerRef: string) => Promise<unknown>,
  warn: (error: unknown, id: string) => void,
): Promise<void> {
  for (const { id, providerRef } of stale) {
    try {
      await settle(id, providerRef ?? '');
    } catch (error) {
      warn(error, id);
    }
  }
}

/**
 * Runs the job every `config.renewalIntervalMs` (0: never; tests run it by
 * hand). `stop` resolves once a run under way has finished, so the app closes
 * its database only after it.
 */
export function startRenewalJob(services: Services, log: FastifyBaseLogger): { stop(): Promise<void> } {
  const every = services.config.renewalIntervalMs;
  if (every <= 0) return { stop: async () => {} };
  const holder = newId();
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = runRenewals(services, { holder, log })
      .then(
        () => {},
        (error: unknown) => log.error({ err: error }, 'renewal job failed'),
      )
      .finally(() => {
        running = null;
      });
  }, every);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
