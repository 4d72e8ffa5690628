import { describe, expect, test } from 'vitest';
import { Caches } from './caches';

const OPTIONS = { max: 10, ttlMs: 60_000 };

describe('Caches.remember', () => {
  test('loads once while a load is in flight, then answers with the value itself', async () => {
    const caches = new Caches();
    let loads = 0;
    const load = async () => {
      loads += 1;
      return { page: 1 };
    };
    const first = caches.remember('pages', OPTIONS, 'k', load);
    const second = caches.remember('pages', OPTIONS, 'k', load);
    expect(first).toBeInstanceOf(Promise);
    expect(second).toBe(first);
    const value = await first;
    // Settled: the value, not a promise, so a hot path goes on without a turn of the microtask queue.
    expect(caches.remember('pages', OPTIONS, 'k', load)).toBe(value);
    expect(loads).toBe(1);
  });

  test('forgets a failed load, so the next caller tries again', async () => {
    const caches = new Caches();
    await expect(caches.remember('pages', OPTIONS, 'k', () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    await expect(caches.remember('pages', OPTIONS, 'k', async () => 'up')).resolves.toBe('up');
    expect(caches.remember('pages', OPTIONS, 'k', async () => 'other')).toBe('up');
  });

  test('clear drops the named caches only', async () => {
    const caches = new Caches();
    await caches.remember('pages', OPTIONS, 'k', async () => 'page');
    await caches.remember('sessions', OPTIONS, 'k', async () => 'session');
    caches.clear('pages');
    expect(caches.remember('sessions', OPTIONS, 'k', async () => 'new')).toBe('session');
    await expect(caches.remember('pages', OPTIONS, 'k', async () => 'new page')).resolves.toBe('new page');
  });
});
