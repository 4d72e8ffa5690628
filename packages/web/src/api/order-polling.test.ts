import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { OrderStateBody } from '@platter/contract';
import { ApiCallError } from './client';
import { ORDER_FAILED, ORDER_SLOW, pollOrder } from './order-polling';

const aState = (state: OrderStateBody['state'], changes: Partial<OrderStateBody> = {}): OrderStateBody => ({
  state,
  level: 0,
  ...changes,
});

/** Answers in turn, the last one forever; records when each reading happened. */
function anOrder(...answers: Array<OrderStateBody | Error>) {
  const readAt: number[] = [];
  const read = vi.fn(async () => {
    readAt.push(Date.now());
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (answer instanceof Error) throw answer;
    return answer!;
  });
  return { read, readAt };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => vi.useRealTimers());

test('reads every 2 seconds until the order has succeeded', async () => {
  const order = anOrder(aState('pending'), aState('pending'), aState('succeeded', { orderid: 'o1' }));
  const outcome = pollOrder(order.read);
  await vi.advanceTimersByTimeAsync(10_000);
  expect(await outcome).toEqual({ kind: 'succeeded', state: aState('succeeded', { orderid: 'o1' }) });
  expect(order.readAt).toEqual([0, 2000, 4000]);
});

test('an active subscription is a success', async () => {
  const order = anOrder(aState('pending'), aState('active', { level: 1, subid: 's1' }));
  const outcome = pollOrder(order.read);
  await vi.advanceTimersByTimeAsync(2000);
  expect(await outcome).toMatchObject({ kind: 'succeeded', state: { level: 1 } });
});

test("a failed order fails with the provider's words, or a plain sentence without them", async () => {
  const declined = pollOrder(anOrder(aState('failed', { error: 'Your card was declined.' })).read);
  await vi.advanceTimersByTimeAsync(0);
  expect(await declined).toEqual({ kind: 'failed', message: 'Your card was declined.' });
  const silent = pollOrder(anOrder(aState('pending'), aState('failed')).read);
  await vi.advanceTimersByTimeAsync(2000);
  expect(await silent).toEqual({ kind: 'failed', message: ORDER_FAILED });
});

test('after 30 seconds without an end it says so: it is taking longer, and no second charge', async () => {
  const order = anOrder(aState('pending'));
  const outcome = pollOrder(order.read);
  await vi.advanceTimersByTimeAsync(30_000);
  expect(await outcome).toEqual({ kind: 'slow', message: ORDER_SLOW });
  expect(ORDER_SLOW).toContain("you won't be charged twice");
  expect(order.readAt).toHaveLength(16);
  expect(order.readAt.at(-1)).toBe(30_000);
});

test('a lost reading is tried again; a refusal from the server ends it', async () => {
  const lost = anOrder(new ApiCallError('offline', 'request'), aState('succeeded'));
  const recovered = pollOrder(lost.read);
  await vi.advanceTimersByTimeAsync(2000);
  expect(await recovered).toMatchObject({ kind: 'succeeded' });

  const refused = pollOrder(anOrder(new ApiCallError("We couldn't find that order", 'api', 'not_found')).read);
  await vi.advanceTimersByTimeAsync(0);
  expect(await refused).toEqual({ kind: 'failed', message: "We couldn't find that order." });
});

test('leaving the screen stops the polling', async () => {
  const order = anOrder(aState('pending'));
  const controller = new AbortController();
  const outcome = pollOrder(order.read, { signal: controller.signal });
  await vi.advanceTimersByTimeAsync(2000);
  controller.abort();
  await vi.advanceTimersByTimeAsync(10_000);
  expect((await outcome).kind).toBe('slow');
  expect(order.read).toHaveBeenCalledTimes(2);
});
