import { beforeEach, expect, test, vi } from 'vitest';
import type * as client from './client';
import { ApiCallError } from './client';
import { AttemptKey, mayHaveCharged, newIdempotencyKey, placeOrder } from './orders';

const sent: Array<{ name: string; input: Record<string, unknown> }> = [];
const answers: Record<string, Array<unknown | Error>> = {};

vi.mock('./client', async (original) => ({
  ...(await original<typeof client>()),
  call: vi.fn(async (name: string, input: Record<string, unknown>) => {
    sent.push({ name, input });
    const queue = answers[name] ?? [];
    const answer = queue.length > 1 ? queue.shift() : queue[0];
    if (answer instanceof Error) throw answer;
    return answer;
  }),
}));

beforeEach(() => {
  sent.length = 0;
  for (const name of Object.keys(answers)) delete answers[name];
});

const keysOf = (name: string) => sent.filter((s) => s.name === name).map((s) => s.input.idempotency_key);
const fast = { intervalMs: 1, timeoutMs: 20 };

test('a key is a UUID, and fits the contract (8 to 100 word characters or dashes)', () => {
  const key = newIdempotencyKey();
  expect(key).toMatch(/^[\w-]{8,100}$/);
  expect(newIdempotencyKey()).not.toBe(key);
});

test('the same order asked for again is the same attempt until it ends; another order is another', () => {
  let n = 0;
  const key = new AttemptKey(() => `key-${++n}`);
  expect(key.keyFor(['gold-monthly'])).toBe('key-1');
  expect(key.keyFor(['gold-monthly'])).toBe('key-1');
  expect(key.keyFor(['b', 'a'])).toBe('key-2');
  expect(key.keyFor(['a', 'b'])).toBe('key-2');
  key.finish();
  expect(key.keyFor(['a', 'b'])).toBe('key-3');
});

test('only a try that may have reached the provider unseen keeps the attempt open', () => {
  expect(mayHaveCharged(new ApiCallError('offline', 'request'))).toBe(true);
  expect(mayHaveCharged(new ApiCallError('slow provider', 'api', 'payment_unavailable'))).toBe(true);
  expect(mayHaveCharged(new ApiCallError('oops', 'api', 'internal'))).toBe(true);
  expect(mayHaveCharged(new TypeError('boom'))).toBe(true);
  expect(mayHaveCharged(new ApiCallError('Wrong password', 'api', 'forbidden'))).toBe(false);
  expect(mayHaveCharged(new ApiCallError('Your card was declined.', 'api', 'payment_declined'))).toBe(false);
});

test('subscribing: order.subscribe, then order.subscription_state until active', async () => {
  answers['order.subscribe'] = [{ subid: 'sub_1' }];
  answers['order.subscription_state'] = [
    { state: 'pending', level: 0 },
    { state: 'active', level: 1 },
  ];
  const placed = vi.fn();
  const outcome = await placeOrder({
    kind: 'subscribe',
    password: 'platter-demo',
    order: ['gold-monthly'],
    key: new AttemptKey(() => 'key-1'),
    onPlaced: placed,
    poll: fast,
  });
  expect(outcome).toMatchObject({ kind: 'succeeded', state: { level: 1 } });
  expect(placed).toHaveBeenCalledOnce();
  expect(sent[0]).toEqual({
    name: 'order.subscribe',
    input: { password: 'platter-demo', order: ['gold-monthly'], idempotency_key: 'key-1' },
  });
  expect(sent.slice(1).map((s) => s.input)).toEqual([{ subid: 'sub_1' }, { subid: 'sub_1' }]);
});

test('a retry after a lost answer or a slow payment sends the same key; after an end, a new one', async () => {
  let n = 0;
  const key = new AttemptKey(() => `key-${++n}`);
  const buy = () => placeOrder({ kind: 'buy', password: 'pw', order: ['s1'], key, poll: fast });

  answers['order.buy'] = [new ApiCallError('offline', 'request')];
  await expect(buy()).rejects.toThrow('offline');
  answers['order.buy'] = [{ orderid: 'o1' }];
  answers['order.state'] = [{ state: 'pending', level: 0 }];
  expect((await buy()).kind).toBe('slow');
  answers['order.state'] = [{ state: 'failed', level: 0, error: 'Your card was declined.' }];
  expect(await buy()).toEqual({ kind: 'failed', message: 'Your card was declined.' });
  answers['order.state'] = [{ state: 'succeeded', level: 0 }];
  expect((await buy()).kind).toBe('succeeded');
  expect(keysOf('order.buy')).toEqual(['key-1', 'key-1', 'key-1', 'key-2']);
});

test('a refused order (wrong password) ends the attempt', async () => {
  let n = 0;
  const key = new AttemptKey(() => `key-${++n}`);
  answers['order.buy'] = [new ApiCallError("That password isn't right. Please try again.", 'api', 'forbidden')];
  await expect(placeOrder({ kind: 'buy', password: 'nope', order: ['s1'], key, poll: fast })).rejects.toThrow(
    "That password isn't right",
  );
  answers['order.buy'] = [{ orderid: 'o1' }];
  answers['order.state'] = [{ state: 'succeeded', level: 0 }];
  await placeOrder({ kind: 'buy', password: 'pw', order: ['s1'], key, poll: fast });
  expect(keysOf('order.buy')).toEqual(['key-1', 'key-2']);
});
