import { expect, test } from 'vitest';
import { andThen } from './maybe-promise';

test('andThen goes on at once with a value, and after it settles with a promise', async () => {
  expect(andThen(2, (n) => n * 3)).toBe(6);
  const later = andThen(Promise.resolve(2), (n) => n * 3);
  expect(later).toBeInstanceOf(Promise);
  await expect(later).resolves.toBe(6);
  await expect(andThen(Promise.reject(new Error('no')), (n: number) => n)).rejects.toThrow('no');
});

test('a module of this name can be imported dynamically (it exports no `then`)', async () => {
  const module = await import('./maybe-promise');
  expect(typeof module.andThen).toBe('function');
});
