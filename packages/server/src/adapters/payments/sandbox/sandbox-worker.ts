/**
 * The sandbox's background work: settling pending payments when their delay
 * has passed, and delivering (or retrying) webhooks. A sweep runs once at
 * start, so whatever a previous run left pending is picked up, then every
 * SWEEP_INTERVAL_MS while anything is still pending; it sleeps otherwise and
 * is woken when a request records something.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { SandboxProcessor } from './sandbox-processor';
import { hasPendingCharges } from './sandbox-store';
import type { SandboxDb } from './sandbox-schema';
import type { WebhookSender } from './sandbox-webhooks';

export const SWEEP_INTERVAL_MS = 500;

export class SandboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly abort = new AbortController();

  constructor(
    private readonly db: SandboxDb,
    private readonly processor: SandboxProcessor,
    private readonly webhooks: WebhookSender,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.wake();
  }

  /** Sweeps soon: something was just recorded. */
  wake(): void {
    this.schedule(0);
  }

  /** Stops the timer and waits for a sweep under way (its webhook tries are cut short). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.abort.abort();
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) {
      if (delayMs > 0) return;
      clearTimeout(this.timer);
    }
    this.timer = setTimeout(() => this.sweep(), delayMs);
    this.timer.unref();
  }

  private sweep(): void {
    this.timer = null;
    this.again = false;
    this.running = this.sweepOnce()
      .catch((error: unknown) => this.log.error({ err: error }, 'sandbox payments: sweep failed'))
      .then(() => this.pending())
      .then((pending) => {
        this.running = null;
        if (this.again) this.schedule(0);
        else if (pending) this.schedule(SWEEP_INTERVAL_MS);
      });
  }

  private async sweepOnce(): Promise<void> {
    await this.processor.settleDue();
    await this.webhooks.deliverDue(this.abort.signal);
  }

  private async pending(): Promise<boolean> {
    if (this.stopped) return false;
    try {
      return (await hasPendingCharges(this.db)) || (await this.webhooks.hasPending());
    } catch (error) {
      this.log.error({ err: error }, 'sandbox payments: could not look for pending work');
      return true;
    }
  }
}
