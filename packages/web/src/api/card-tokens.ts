/**
 * The browser's side of the card provider (spec §7: a card payment provider
 * is called directly to create a card token, POST, and read it back, GET by
 * token id; §4: the call ends in success, time-out or error; §9: 40 s).
 * The card number goes from this page to the provider and nowhere else:
 * Platter's own server only ever sees the token.
 *
 * Two providers speak the same token API: the built-in sandbox (JSON) and
 * Stripe (form-encoded, as Stripe.js v2 sent it). Stripe's current library,
 * @stripe/stripe-js, only makes tokens from its own hosted card fields
 * (Elements), not from fields of ours, so it is not used here (docs/gold-web.md).
 */
import {
  CARD_TOKEN_TIMEOUT_MS,
  cardDigits,
  fullYear,
  orderMessages,
  type CardEntry,
  type PaymentProviderInfo,
} from '@platter/contract';

/** What the provider says about the card behind a token (never the number). */
export interface CardToken {
  id: string;
  last4: string | null;
  brand: string | null;
}

/**
 * `provider`: the provider refused the card, in its own words (spec §8);
 * `timeout`: no answer within 40 s; `unexpected`: anything else (network,
 * an answer we cannot read): the spec's "unexpected error" message.
 */
export type CardTokenFailure = 'provider' | 'timeout' | 'unexpected';

export class CardTokenError extends Error {
  constructor(
    readonly failure: CardTokenFailure,
    message: string,
  ) {
    super(message);
    this.name = 'CardTokenError';
  }
}

export interface CardTokenOptions {
  timeoutMs?: number;
  /** Aborts the call (the screen went away). */
  signal?: AbortSignal;
  /** Only unit tests pass their own. */
  fetch?: typeof fetch;
  /** What a path-absolute api_url ('/sandbox-pay') is resolved against. */
  baseUrl?: string;
}

/** Turns a card entry into a provider token: POST the card, then read the token back by its id. */
export async function createCardToken(
  provider: PaymentProviderInfo,
  entry: CardEntry,
  options: CardTokenOptions = {},
): Promise<CardToken> {
  const { timeoutMs = CARD_TOKEN_TIMEOUT_MS, signal } = options;
  const send = options.fetch ?? globalThis.fetch.bind(globalThis);
  const base = tokensUrl(provider.api_url, options.baseUrl ?? globalThis.location?.href);
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const abort = () => timeout.abort();
  signal?.addEventListener('abort', abort, { once: true });
  if (signal?.aborted) timeout.abort();
  const headers = { authorization: `Bearer ${provider.publishable_key}` };
  const card = cardBody(provider, entry);
  try {
    const created = await readToken(
      send(base, { method: 'POST', headers: { ...headers, ...card.headers }, body: card.body, signal: timeout.signal }),
    );
    const readBack = await readToken(
      send(`${base}/${encodeURIComponent(created.id)}`, { method: 'GET', headers, signal: timeout.signal }),
    );
    if (readBack.id !== created.id) throw new CardTokenError('unexpected', orderMessages.unexpected);
    return readBack;
  } catch (error) {
    if (error instanceof CardTokenError) throw error;
    if (timeout.signal.aborted && !signal?.aborted) {
      throw new CardTokenError('timeout', orderMessages.providerTimeout);
    }
    throw new CardTokenError('unexpected', orderMessages.unexpected);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

/** `{api_url}/v1/tokens`, the api_url resolved against the page when it is a path ('/sandbox-pay'). */
export function tokensUrl(apiUrl: string, baseUrl: string | undefined): string {
  const root = new URL(apiUrl, baseUrl).href.replace(/\/+$/, '');
  return `${root}/v1/tokens`;
}

/** The card as each provider takes it: the digits only, the year in full (spec §5). */
export function cardBody(
  provider: PaymentProviderInfo,
  entry: CardEntry,
): { headers: Record<string, string>; body: string } {
  const card = {
    number: cardDigits(entry.number),
    exp_month: Number(entry.exp_month.trim()),
    exp_year: fullYear(entry.exp_year),
    cvc: entry.cvc.trim(),
    address_zip: entry.address_zip.trim(),
  };
  if (provider.provider === 'stripe') {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(card)) form.set(`card[${key}]`, String(value));
    return { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() };
  }
  return { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ card }) };
}

async function readToken(pending: Promise<Response>): Promise<CardToken> {
  const response = await pending;
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new CardTokenError('unexpected', orderMessages.unexpected);
  }
  const refusal = providerMessage(body);
  if (!response.ok || refusal !== null) {
    // A refusal the provider explains is shown as it is (spec §8); one it does not, as unexpected.
    throw refusal
      ? new CardTokenError('provider', refusal)
      : new CardTokenError('unexpected', orderMessages.unexpected);
  }
  const token = body as { id?: unknown; card?: { last4?: unknown; brand?: unknown } };
  if (typeof token.id !== 'string' || !token.id) throw new CardTokenError('unexpected', orderMessages.unexpected);
  return {
    id: token.id,
    last4: typeof token.card?.last4 === 'string' ? token.card.last4 : null,
    brand: typeof token.card?.brand === 'string' ? token.card.brand : null,
  };
}

/** The provider's own words in an `{error: {message}}` answer, or null. */
function providerMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const error = (body as { error: unknown }).error;
  if (typeof error === 'object' && error !== null) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message.trim();
  }
  return '';
}
