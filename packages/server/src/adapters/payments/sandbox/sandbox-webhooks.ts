/**
 * Signed webhooks from the sandbox to Platter. An event is written in the
 * same transaction as the change it reports, then delivered: POSTed to the
 * webhook URL with a Sandbox-Signature header. A delivery that fails is
 * tried again with a growing wait, up to MAX_ATTEMPTS, then given up (and
 * logged). Deliveries live in the database, so a restart resumes them, and
 * each try is claimed with a conditional UPDATE so two instances never send
 * the same try twice.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { SandboxDb } from './sandbox-schema';
import type {
  SandboxChargeJson,
  SandboxEventJson,
  SandboxEventType,
  SandboxSubscriptionJson,
} from './sandbox-resources';
import { exchange } from './sandbox-http';
import { sandboxId } from './sandbox-store';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from './sandbox-signature';

export const MAX_ATTEMPTS = 5;
/** The wait after the first failed try; it doubles after each further one. */
export const RETRY_BASE_MS = 2_000;
const DELIVERY_TIMEOUT_MS = 10_000;
/** How long a claimed try may take before another instance may try again. */
const CLAIM_MS = DELIVERY_TIMEOUT_MS + 5_000;

/** Records an event for delivery; call it inside the transaction that made the change. */
export async function recordEvent(
  db: SandboxDb,
  now: number,
  type: SandboxEventType,
  object: SandboxChargeJson | SandboxSubscriptionJson,
): Promise<void> {
  const event: SandboxEventJson = { id: sandboxId('evt'), object: 'event', type, created: now, data: { object } };
  await db
    .insertInto('sandboxWebhookDeliveries')
    .values({
      id: event.id,
      type,
      payload: JSON.stringify(event),
      state: 'pending',
      nextAttemptAt: now,
      lastError: null,
      createdAt: now,
      deliveredAt: null,
    })
    .execute();
}

export interface WebhookSenderOptions {
  db: SandboxDb;
  now: () => number;
  log: FastifyBaseLogger;
  webhookUrl: () => string;
  webhookSecret: () => Promise<string>;
  retryBaseMs: number;
}

export class WebhookSender {
  constructor(private readonly options: WebhookSenderOptions) {}

  /** Sends every delivery that is due, one at a time, in the order the events happened. */
  async deliverDue(signal: AbortSignal): Promise<void> {
    const { db, now } = this.options;
    let url: string;
    try {
      url = this.options.webhookUrl();
    } catch {
      return; // Not listening yet: nothing can be delivered; the next sweep tries again.
    }
    const due = await db
      .selectFrom('sandboxWebhookDeliveries')
      .select(['id', 'type', 'payload', 'attempts', 'nextAttemptAt'])
      .where('state', '=', 'pending')
      .where('nextAttemptAt', '<=', now())
      .orderBy('createdAt')
      .limit(20)
      .execute();
    for (const delivery of due) {
      if (signal.aborted) return;
      const claimed = await db
        .updateTable('sandboxWebhookDeliveries')
        .set({ nextAttemptAt: now() + CLAIM_MS })
        .where('id', '=', delivery.id)
        .where('state', '=', 'pending')
        .where('nextAttemptAt', '=', delivery.nextAttemptAt)
        .executeTakeFirst();
      if (claimed.numUpdatedRows === 0n) continue;
      const failure = await this.send(url, delivery.payload, signal);
      await this.record(delivery, failure);
    }
  }

  /** Whether a delivery is still to be tried (keeps the sweep running). */
  async hasPending(): Promise<boolean> {
    const row = await this.options.db
      .selectFrom('sandboxWebhookDeliveries')
      .select('id')
      .where('state', '=', 'pending')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** One try; the reason it failed, or null when the receiver took it (any 2xx). */
  private async send(url: string, payload: string, signal: AbortSignal): Promise<string | null> {
    try {
      const secret = await this.options.webhookSecret();
      const { status } = await exchange(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(secret, payload, this.options.now()),
        },
        body: payload,
        timeoutMs: DELIVERY_TIMEOUT_MS,
        signal,
      });
      return status >= 200 && status < 300 ? null : `HTTP ${status}`;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  private async record(
    delivery: { id: string; type: string; attempts: number },
    failure: string | null,
  ): Promise<void> {
    const { db, now, log, retryBaseMs } = this.options;
    const attempts = delivery.attempts + 1;
    if (failure === null) {
      await db
        .updateTable('sandboxWebhookDeliveries')
        .set({ state: 'delivered', attempts, deliveredAt: now(), lastError: null })
        .where('id', '=', delivery.id)
        .execute();
      return;
    }
    const givingUp = attempts >= MAX_ATTEMPTS;
    await db
      .updateTable('sandboxWebhookDeliveries')
      .set({
        state: givingUp ? 'failed' : 'pending',
        attempts,
        lastError: failure.slice(0, 500),
        nextAttemptAt: now() + retryBaseMs * 2 ** (attempts - 1),
      })
      .where('id', '=', delivery.id)
      .execute();
    if (givingUp)
      log.error(
        { event: delivery.id, type: delivery.type, attempts, reason: failure },
        'sandbox payments: gave up delivering a webhook',
      );
    else
      log.warn(
        { event: delivery.id, type: delivery.type, attempts, reason: failure },
        'sandbox payments: webhook not delivered, will retry',
      );
  }
}
