/**
 * Placing an order (spec §4, §7): order.subscribe for Gold, order.buy for
 * stickers, each with the member's password, the order list and an
 * idempotency key, then polling its state. The key belongs to the attempt:
 * it is made once and sent again when the same attempt is retried, so a
 * retry after a lost answer or a slow payment is the same order on the
 * server and never a second charge ("you won't be charged twice").
 */
import { ApiCallError, call } from './client';
import { pollOrder, type OrderOutcome, type PollOptions } from './order-polling';

export type OrderKind = 'subscribe' | 'buy';

/** A fresh key: a UUID where the browser makes one (secure pages), else 128 random bits in hex. */
export function newIdempotencyKey(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One attempt's key. The same order asked for again, while its last try
 * ended without an answer either way, is the same attempt and keeps its key;
 * an attempt that ended (bought, refused, declined) or another order gets a new one.
 */
export class AttemptKey {
  private current: { order: string; key: string } | null = null;

  constructor(private readonly makeKey: () => string = newIdempotencyKey) {}

  keyFor(order: readonly string[]): string {
    const signature = [...order].sort().join(',');
    if (this.current?.order !== signature) this.current = { order: signature, key: this.makeKey() };
    return this.current.key;
  }

  /** The attempt reached an end: the next one is new. */
  finish(): void {
    this.current = null;
  }
}

/**
 * Whether a failed try may have reached the provider without our knowing:
 * then the next try must be the same attempt. A request that got no answer,
 * a provider that did not answer the server, or the server's own trouble.
 */
export function mayHaveCharged(error: unknown): boolean {
  if (!(error instanceof ApiCallError)) return true;
  if (error.kind === 'request') return true;
  return error.code === 'payment_unavailable' || error.code === 'internal';
}

export interface PlaceOrder {
  kind: OrderKind;
  password: string;
  order: readonly string[];
  key: AttemptKey;
  /** Told when the order is placed and its state is being watched. */
  onPlaced?: () => void;
  poll?: PollOptions;
}

/** Places the order and waits for its outcome; a refusal of the order itself is thrown (ApiCallError). */
export async function placeOrder({ kind, password, order, key, onPlaced, poll }: PlaceOrder): Promise<OrderOutcome> {
  const input = { password, order: [...order], idempotency_key: key.keyFor(order) };
  let read: () => ReturnType<typeof call<'order.state'>>;
  try {
    if (kind === 'subscribe') {
      const { subid } = await call('order.subscribe', input);
      read = () => call('order.subscription_state', { subid });
    } else {
      const { orderid } = await call('order.buy', input);
      read = () => call('order.state', { orderid });
    }
  } catch (error) {
    if (!mayHaveCharged(error)) key.finish();
    throw error;
  }
  onPlaced?.();
  const outcome = await pollOrder(read, poll);
  if (outcome.kind !== 'slow') key.finish();
  return outcome;
}
