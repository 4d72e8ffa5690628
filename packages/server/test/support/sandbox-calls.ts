/**
 * Calls to the sandbox payment provider's HTTP API as its clients make them:
 * the browser (card tokens, publishable key) and Platter's server (secret key).
 */
export interface SandboxResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export interface SandboxCaller {
  <T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<SandboxResponse<T>>;
}

/** `base`: the sandbox's URL (…/sandbox-pay); `key`: the key to send, or null for none. */
export function sandboxCaller(base: string, key: string | null): SandboxCaller {
  return async (method, path, body, headers = {}) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  };
}

export interface CardInput {
  number: string;
  exp_month?: string;
  exp_year?: string;
  cvc?: string;
  address_zip?: string;
}

/** A good card entry for `number`: expiry three years ahead, a CVC of the brand's size. */
export function cardEntry(card: CardInput): Required<CardInput> {
  const amex = /^3[47]/.test(card.number);
  return {
    exp_month: '7',
    exp_year: String(new Date().getFullYear() + 3),
    cvc: amex ? '1234' : '123',
    address_zip: '02139',
    ...card,
  };
}

/** Makes a card token as the browser does; fails the test if the sandbox refuses. */
export async function cardToken(base: string, publishableKey: string, card: CardInput): Promise<string> {
  const response = await sandboxCaller(base, publishableKey)<{ id: string }>('POST', '/v1/tokens', {
    card: cardEntry(card),
  });
  if (response.status !== 200) throw new Error(`token refused: ${JSON.stringify(response.body)}`);
  return response.body.id;
}
