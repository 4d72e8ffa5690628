import { afterEach, describe, expect, test, vi } from 'vitest';
import { orderMessages, type CardEntry, type PaymentProviderInfo } from '@platter/contract';
import { cardBody, CardTokenError, createCardToken, tokensUrl } from './card-tokens';

const sandbox: PaymentProviderInfo = { provider: 'sandbox', publishable_key: 'pk_sandbox_1', api_url: '/sandbox-pay' };
const stripe: PaymentProviderInfo = {
  provider: 'stripe',
  publishable_key: 'pk_test_1',
  api_url: 'https://api.stripe.com',
};
const PAGE = 'http://platter.test/account/payment';

const aCard = (changes: Partial<CardEntry> = {}): CardEntry => ({
  number: '4242 4242 4242 4242',
  exp_month: '4',
  exp_year: '31',
  cvc: '123',
  address_zip: '94107',
  ...changes,
});

interface Sent {
  url: string;
  init: RequestInit;
}

/** A stand-in for the provider: answers POST /v1/tokens and GET /v1/tokens/{id} from a script. */
function aProvider(answers: Array<(sent: Sent) => Response | Promise<Response>>) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init: RequestInit = {}) => {
    const request = { url: String(url), init };
    sent.push(request);
    const answer = answers.shift();
    if (!answer) throw new Error('no more answers');
    return answer(request);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, sent };
}

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const aToken = { id: 'tok_1', card: { last4: '4242', brand: 'Visa' } };

afterEach(() => vi.useRealTimers());

test('api_url may be a path on this server or a full address', () => {
  expect(tokensUrl('/sandbox-pay', PAGE)).toBe('http://platter.test/sandbox-pay/v1/tokens');
  expect(tokensUrl('/sandbox-pay/', PAGE)).toBe('http://platter.test/sandbox-pay/v1/tokens');
  expect(tokensUrl('https://api.stripe.com', PAGE)).toBe('https://api.stripe.com/v1/tokens');
});

describe('the sandbox', () => {
  test('gets the card as JSON with the publishable key, then the token is read back by its id', async () => {
    const provider = aProvider([json(200, aToken), json(200, aToken)]);
    const token = await createCardToken(sandbox, aCard(), { fetch: provider.fetch, baseUrl: PAGE });
    expect(token).toEqual({ id: 'tok_1', last4: '4242', brand: 'Visa' });
    const [post, get] = provider.sent;
    expect(post?.url).toBe('http://platter.test/sandbox-pay/v1/tokens');
    expect(post?.init.method).toBe('POST');
    expect(post?.init.headers).toMatchObject({
      authorization: 'Bearer pk_sandbox_1',
      'content-type': 'application/json',
    });
    expect(JSON.parse(String(post?.init.body))).toEqual({
      card: { number: '4242424242424242', exp_month: 4, exp_year: 2031, cvc: '123', address_zip: '94107' },
    });
    expect(get?.url).toBe('http://platter.test/sandbox-pay/v1/tokens/tok_1');
    expect(get?.init.method).toBe('GET');
    expect(get?.init.headers).toMatchObject({ authorization: 'Bearer pk_sandbox_1' });
  });

  test("a refused card fails with the provider's own words", async () => {
    const provider = aProvider([
      json(402, { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } }),
    ]);
    const failure = await createCardToken(sandbox, aCard(), { fetch: provider.fetch, baseUrl: PAGE }).catch((e) => e);
    expect(failure).toBeInstanceOf(CardTokenError);
    expect(failure).toMatchObject({ failure: 'provider', message: 'Your card was declined.' });
    expect(provider.sent).toHaveLength(1);
  });

  test('an answer without words, or one we cannot read, is the unexpected error', async () => {
    for (const answer of [
      json(500, { error: {} }),
      () => new Response('<html>bad gateway</html>', { status: 502 }),
      json(200, { nothing: true }),
    ]) {
      const provider = aProvider([answer]);
      await expect(createCardToken(sandbox, aCard(), { fetch: provider.fetch, baseUrl: PAGE })).rejects.toMatchObject({
        failure: 'unexpected',
        message: orderMessages.unexpected,
      });
    }
  });

  test('a network failure is the unexpected error ("you won\'t be charged twice")', async () => {
    const provider = aProvider([
      () => {
        throw new TypeError('Failed to fetch');
      },
    ]);
    await expect(createCardToken(sandbox, aCard(), { fetch: provider.fetch, baseUrl: PAGE })).rejects.toMatchObject({
      failure: 'unexpected',
      message: expect.stringContaining("you won't be charged twice"),
    });
  });

  test('a read-back of another token is not trusted', async () => {
    const provider = aProvider([json(200, aToken), json(200, { ...aToken, id: 'tok_2' })]);
    await expect(createCardToken(sandbox, aCard(), { fetch: provider.fetch, baseUrl: PAGE })).rejects.toMatchObject({
      failure: 'unexpected',
    });
  });
});

test('Stripe gets the card form-encoded, as Stripe.js v2 sent it', async () => {
  const provider = aProvider([json(200, aToken), json(200, aToken)]);
  await createCardToken(stripe, aCard({ number: '5555-5555-5555-4444', exp_year: '2030' }), {
    fetch: provider.fetch,
    baseUrl: PAGE,
  });
  const [post, get] = provider.sent;
  expect(post?.url).toBe('https://api.stripe.com/v1/tokens');
  expect(post?.init.headers).toMatchObject({
    authorization: 'Bearer pk_test_1',
    'content-type': 'application/x-www-form-urlencoded',
  });
  expect(Object.fromEntries(new URLSearchParams(String(post?.init.body)))).toEqual({
    'card[number]': '5555555555554444',
    'card[exp_month]': '4',
    'card[exp_year]': '2030',
    'card[cvc]': '123',
    'card[address_zip]': '94107',
  });
  expect(get?.url).toBe('https://api.stripe.com/v1/tokens/tok_1');
});

test('a provider that does not answer within 40 s times out, and the request is aborted', async () => {
  vi.useFakeTimers();
  let aborted = false;
  const provider = aProvider([
    ({ init }) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => {
          aborted = true;
          reject(new DOMException('The operation was aborted.', 'AbortError'));
        });
      }),
  ]);
  const pending = createCardToken(sandbox, aCard(), { fetch: provider.fetch, baseUrl: PAGE }).catch((e) => e);
  await vi.advanceTimersByTimeAsync(39_999);
  expect(aborted).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(aborted).toBe(true);
  expect(await pending).toMatchObject({ failure: 'timeout', message: orderMessages.providerTimeout });
});

test('the card body never carries spaces or dashes in the number', () => {
  expect(cardBody(sandbox, aCard({ number: '3782 822463 10005' })).body).toContain('"number":"378282246310005"');
});
