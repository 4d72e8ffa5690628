/**
 * The sandbox's payments: it charges customers' cards, runs subscriptions
 * period by period, and settles pending payments later. How a payment ends is
 * the test card's behaviour (test-cards.ts). Each change and the webhook event
 * reporting it are written in one transaction.
 */
import type { SandboxDb, SandboxInterval, SandboxSubscriptionStatus } from './sandbox-schema';
import {
  chargeJson,
  subscriptionJson,
  type SandboxChargeJson,
  type SandboxSubscriptionJson,
} from './sandbox-resources';
import { sandboxErrors } from './sandbox-errors';
import { DECLINES, outcomeOf, type PaymentOutcome } from './test-cards';
import * as store from './sandbox-store';
import { recordEvent } from './sandbox-webhooks';

/** A month is 30 days and a year 365: simple, and the same for every member. */
export const PERIOD_MS: Record<SandboxInterval, number> = {
  month: 30 * 24 * 60 * 60 * 1000,
  year: 365 * 24 * 60 * 60 * 1000,
};

/** The answer of an operation that may take the hang card's long time to give it. */
export interface Slow<T> {
  result: T;
  hang: boolean;
}

export class SandboxProcessor {
  constructor(
    private readonly db: SandboxDb,
    private readonly now: () => number,
    private readonly settleDelayMs: number,
    /** Told after a transaction recorded webhook events, so they go out at once. */
    private readonly eventsRecorded: () => void,
  ) {}

  /** A one-off payment. A declined one is recorded too (status failed). */
  async createCharge(input: {
    customer: string;
    amount: number;
    description: string | null;
    reference: string | null;
  }): Promise<Slow<SandboxChargeJson>> {
    return this.transaction(async (db) => {
      const customer = await store.findCustomer(db, input.customer);
      if (!customer) throw sandboxErrors.missing('customer', input.customer, 'customer');
      const outcome = outcomeOf(customer.behaviour, customer.cardPayments);
      const charge = {
        ...this.chargeRow(customer.id, null, 'charge', input.amount, input.description, outcome),
        reference: input.reference,
      };
      await store.insertCharge(db, charge);
      if (outcome.status === 'succeeded') await store.countCardPayment(db, customer.id);
      const hang = outcome.status === 'failed' && outcome.hang;
      // Whoever asked will have given up waiting: the event is how they learn the outcome.
      if (hang) await recordEvent(db, this.now(), 'charge.failed', chargeJson(charge));
      return { result: chargeJson(charge), hang };
    });
  }

  async charge(id: string): Promise<SandboxChargeJson> {
    const row = await store.findCharge(this.db, id);
    if (!row) throw sandboxErrors.missing('charge', id);
    return chargeJson(row);
  }

  /** Starts a subscription: its first period is charged at once and starts when paid. */
  async createSubscription(input: {
    customer: string;
    plan: string;
    amount: number;
    interval: SandboxInterval;
    reference: string | null;
  }): Promise<Slow<SandboxSubscriptionJson>> {
    return this.transaction(async (db) => {
      const now = this.now();
      const customer = await store.findCustomer(db, input.customer);
      if (!customer) throw sandboxErrors.missing('customer', input.customer, 'customer');
      const outcome = outcomeOf(customer.behaviour, customer.cardPayments);
      const subscriptionId = store.sandboxId('sub');
      const charge = this.chargeRow(
        customer.id,
        subscriptionId,
        'subscription_start',
        input.amount,
        input.plan,
        outcome,
      );
      const paid = outcome.status === 'succeeded';
      const subscription = {
        id: subscriptionId,
        customerId: customer.id,
        plan: input.plan,
        amount: input.amount,
        planInterval: input.interval,
        status: (paid ? 'active' : outcome.status) as SandboxSubscriptionStatus,
        currentPeriodStart: paid ? now : null,
        currentPeriodEnd: paid ? now + PERIOD_MS[input.interval] : null,
        failureMessage: charge.failureMessage,
        latestChargeId: charge.id,
        reference: input.reference,
        createdAt: now,
        updatedAt: now,
      };
      await store.insertSubscription(db, subscription);
      await store.insertCharge(db, charge);
      if (paid) await store.countCardPayment(db, customer.id);
      const hang = outcome.status === 'failed' && outcome.hang;
      if (hang) await recordEvent(db, now, 'subscription.updated', subscriptionJson(subscription));
      return { result: subscriptionJson(subscription), hang };
    });
  }

  async subscription(id: string): Promise<SandboxSubscriptionJson> {
    return subscriptionJson(await this.existingSubscription(id));
  }

  /** Stops renewal at the period end (pendcancel). Asking again changes nothing. */
  async cancelAtPeriodEnd(id: string): Promise<SandboxSubscriptionJson> {
    const subscription = await this.existingSubscription(id);
    if (subscription.status === 'pendcancel') return subscriptionJson(subscription);
    if (subscription.status !== 'active')
      throw sandboxErrors.state(
        `This subscription is ${subscription.status}: only an active subscription can be canceled.`,
      );
    return this.change(subscription, { status: 'pendcancel' }, 'subscription.updated');
  }

  /** Undoes a cancel while the paid period lasts. */
  async reactivate(id: string): Promise<SandboxSubscriptionJson> {
    const subscription = await this.existingSubscription(id);
    if (subscription.status === 'active') return subscriptionJson(subscription);
    if (subscription.status !== 'pendcancel' || (subscription.currentPeriodEnd ?? 0) <= this.now())
      throw sandboxErrors.state('This subscription has ended and cannot be reactivated; start a new one.');
    return this.change(subscription, { status: 'active' }, 'subscription.updated');
  }

  /**
   * At the period end: charges the next period (active → active with a new
   * period end, or failed with the decline's words), or ends a canceled one.
   * Before the period end, or for a subscription that is over, it changes nothing.
   */
  async renew(id: string): Promise<Slow<SandboxSubscriptionJson>> {
    const subscription = await this.existingSubscription(id);
    const periodEnd = subscription.currentPeriodEnd;
    const unchanged = { result: subscriptionJson(subscription), hang: false };
    if (periodEnd === null || periodEnd > this.now()) return unchanged;
    if (subscription.status === 'pendcancel')
      return { result: await this.change(subscription, { status: 'canceled' }, 'subscription.ended'), hang: false };
    if (subscription.status !== 'active') return unchanged;
    return this.transaction(async (db) => {
      const now = this.now();
      const customer = await store.findCustomer(db, subscription.customerId);
      if (!customer) throw sandboxErrors.missing('customer', subscription.customerId);
      const outcome = outcomeOf(customer.behaviour, customer.cardPayments);
      const charge = this.chargeRow(
        customer.id,
        id,
        'subscription_renewal',
        subscription.amount,
        subscription.plan,
        outcome,
      );
      const changes =
        outcome.status === 'succeeded'
          ? { ...nextPeriod(periodEnd, subscription.planInterval, now), failureMessage: null }
          : { status: outcome.status, failureMessage: charge.failureMessage };
      const claimed = await store.updateSubscriptionIf(
        db,
        { id, status: 'active', currentPeriodEnd: periodEnd },
        { ...changes, latestChargeId: charge.id, updatedAt: now },
      );
      // Another instance renewed it meanwhile: its answer stands, nothing is charged twice.
      if (!claimed) return { result: subscriptionJson(await this.existingSubscription(id, db)), hang: false };
      await store.insertCharge(db, charge);
      if (outcome.status === 'succeeded') await store.countCardPayment(db, customer.id);
      const renewed = subscriptionJson(await this.existingSubscription(id, db));
      if (outcome.status !== 'pending')
        await recordEvent(
          db,
          now,
          outcome.status === 'succeeded' ? 'subscription.renewed' : 'subscription.renewal_failed',
          renewed,
        );
      return { result: renewed, hang: outcome.status === 'failed' && outcome.hang };
    });
  }

  /** Settles the pending payments whose delay has passed; each one once, whichever instance gets it. */
  async settleDue(): Promise<void> {
    for (const charge of await store.dueCharges(this.db, this.now())) {
      await this.transaction(async (db) => {
        const succeeded = charge.settleStatus === 'succeeded';
        const outcome = succeeded
          ? { status: 'succeeded' as const, failureCode: null, failureMessage: null }
          : { status: 'failed' as const, failureCode: 'card_declined', failureMessage: DECLINES.card_declined };
        if (!(await store.settleCharge(db, charge.id, outcome))) return;
        if (succeeded) await store.countCardPayment(db, charge.customerId);
        await this.settleConsequences(db, { ...charge, ...outcome });
      });
    }
  }

  private async settleConsequences(db: SandboxDb, charge: store.ChargeRow): Promise<void> {
    const now = this.now();
    const succeeded = charge.status === 'succeeded';
    if (charge.purpose === 'charge' || !charge.subscriptionId) {
      await recordEvent(db, now, succeeded ? 'charge.succeeded' : 'charge.failed', chargeJson(charge));
      return;
    }
    const subscription = await this.existingSubscription(charge.subscriptionId, db);
    if (subscription.status !== 'pending') return;
    const renewal = charge.purpose === 'subscription_renewal';
    const paidFrom = renewal && subscription.currentPeriodEnd !== null ? subscription.currentPeriodEnd : now;
    const changes = succeeded
      ? renewal
        ? { ...nextPeriod(paidFrom, subscription.planInterval, now), failureMessage: null }
        : {
            status: 'active' as const,
            currentPeriodStart: now,
            currentPeriodEnd: now + PERIOD_MS[subscription.planInterval],
          }
      : { status: 'failed' as const, failureMessage: charge.failureMessage };
    await store.updateSubscriptionIf(db, { id: subscription.id, status: 'pending' }, { ...changes, updatedAt: now });
    const settled = subscriptionJson(await this.existingSubscription(subscription.id, db));
    const type = !renewal ? 'subscription.updated' : succeeded ? 'subscription.renewed' : 'subscription.renewal_failed';
    await recordEvent(db, now, type, settled);
  }

  /** Applies a change to a subscription as it was read, with its event; a lost race answers the winner's state. */
  private async change(
    subscription: store.SubscriptionRow,
    changes: { status: SandboxSubscriptionStatus },
    event: 'subscription.updated' | 'subscription.ended',
  ): Promise<SandboxSubscriptionJson> {
    return this.transaction(async (db) => {
      const now = this.now();
      const changed = await store.updateSubscriptionIf(db, subscription, { ...changes, updatedAt: now });
      const current = subscriptionJson(await this.existingSubscription(subscription.id, db));
      if (changed) await recordEvent(db, now, event, current);
      return current;
    });
  }

  private chargeRow(
    customerId: string,
    subscriptionId: string | null,
    purpose: store.ChargeRow['purpose'],
    amount: number,
    description: string | null,
    outcome: PaymentOutcome,
  ): store.ChargeRow {
    const failed = outcome.status === 'failed';
    const pending = outcome.status === 'pending';
    return {
      id: store.sandboxId('ch'),
      customerId,
      subscriptionId,
      purpose,
      amount,
      currency: 'usd',
      description,
      status: outcome.status,
      failureCode: failed ? outcome.code : null,
      failureMessage: failed ? DECLINES[outcome.code] : null,
      settleAt: pending ? this.now() + this.settleDelayMs : null,
      settleStatus: pending ? outcome.settlesAs : null,
      reference: null,
      createdAt: this.now(),
    };
  }

  private async existingSubscription(id: string, db: SandboxDb = this.db): Promise<store.SubscriptionRow> {
    const row = await store.findSubscription(db, id);
    if (!row) throw sandboxErrors.missing('subscription', id);
    return row;
  }

  /** Runs `work` in a transaction, then lets the webhook sender know there may be events to send. */
  private async transaction<T>(work: (db: SandboxDb) => Promise<T>): Promise<T> {
    const result = await this.db.transaction().execute(work);
    this.eventsRecorded();
    return result;
  }
}

/**
 * The period after one that ended at `end`: periods follow each other without
 * a gap, unless renewal came so late that the next period would be over
 * already, when it starts now (nobody pays for time they could not use).
 */
function nextPeriod(end: number, interval: SandboxInterval, now: number) {
  const start = end + PERIOD_MS[interval] > now ? end : now;
  return { status: 'active' as const, currentPeriodStart: start, currentPeriodEnd: start + PERIOD_MS[interval] };
}
