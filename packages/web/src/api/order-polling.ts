/**
 * Order polling (spec §4): after order.subscribe or order.buy, read the
 * order's state every 2 seconds until it has succeeded (or is active), has
 * failed, or 30 seconds have passed (§9). Used by Gold and by the sticker
 * editor's Checkout alike.
 */
import { ORDER_POLL_INTERVAL_MS, ORDER_POLL_TIMEOUT_MS, type OrderStateBody } from '@platter/contract';
import { ApiCallError, errorText } from './client';

export type OrderOutcome =
  | { kind: 'succeeded'; state: OrderStateBody }
  | { kind: 'failed'; message: string }
  /** 30 s without an answer either way: the order may still go through. */
  | { kind: 'slow'; message: string };

/** A failed order whose provider gave no words of its own. */
export const ORDER_FAILED = "Sorry, your payment didn't go through. Please check your card and try again.";

/** Spec §4: the 30 s are up. The same attempt may be retried: its idempotency key makes it the same order. */
export const ORDER_SLOW =
  "This is taking longer than expected. Please try again in a minute: you won't be charged twice.";

const SUCCEEDED = new Set<OrderStateBody['state']>(['succeeded', 'active', 'pendcancel']);
const FAILED = new Set<OrderStateBody['state']>(['failed', 'canceled']);

export interface PollOptions {
  intervalMs?: number;
  timeoutMs?: number;
  /** Stops polling (the screen went away); the promise then settles as slow. */
  signal?: AbortSignal;
  now?: () => number;
}

/** What one reading of the order says: done either way, or still pending. */
export function readOutcome(state: OrderStateBody): OrderOutcome | null {
  if (SUCCEEDED.has(state.state)) return { kind: 'succeeded', state };
  if (FAILED.has(state.state)) return { kind: 'failed', message: state.error?.trim() || ORDER_FAILED };
  return null;
}

export async function pollOrder(read: () => Promise<OrderStateBody>, options: PollOptions = {}): Promise<OrderOutcome> {
  const { intervalMs = ORDER_POLL_INTERVAL_MS, timeoutMs = ORDER_POLL_TIMEOUT_MS, signal, now = Date.now } = options;
  const deadline = now() + timeoutMs;
  for (;;) {
    if (signal?.aborted) break;
    try {
      const outcome = readOutcome(await read());
      if (outcome) return outcome;
    } catch (error) {
      // The server refused to say (not this member's order, say): that is an answer. A lost
      // request is not: the next reading may get through.
      if (error instanceof ApiCallError && error.kind === 'api') return { kind: 'failed', message: errorText(error) };
    }
    const left = deadline - now();
    if (left <= 0) break;
    await wait(Math.min(intervalMs, left), signal);
  }
  return { kind: 'slow', message: ORDER_SLOW };
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}
