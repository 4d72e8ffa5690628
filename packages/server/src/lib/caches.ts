/**
 * Named in-memory caches, one set per app (nothing global). What they hold
 * is short-lived and cleared on this instance's writes; another instance's
 * writes show here once the entries expire (see docs/lobby.md).
 */
import { LRUCache } from 'lru-cache';
import type { MaybePromise } from './maybe-promise';

export interface CacheOptions {
  max: number;
  ttlMs: number;
}

/** A load in flight, and its value once it has one. */
interface Remembered<V> {
  loading: Promise<V>;
  loaded: { value: V } | null;
}

export class Caches {
  private readonly byName = new Map<string, LRUCache<string, object>>();

  get<V extends object>(name: string, { max, ttlMs }: CacheOptions): LRUCache<string, V> {
    let cache = this.byName.get(name);
    if (!cache) {
      cache = new LRUCache<string, object>({ max, ttl: ttlMs });
      this.byName.set(name, cache);
    }
    return cache as unknown as LRUCache<string, V>;
  }

  /**
   * The cached value for a key, loading it once when missing. The load in
   * flight is what is cached, so many requests arriving together share one
   * load instead of stampeding the database; a failed load is forgotten. A
   * value already loaded comes back as it is, not wrapped in a promise.
   */
  remember<V>(name: string, options: CacheOptions, key: string, load: () => Promise<V>): MaybePromise<V> {
    const cache = this.get<Remembered<V>>(name, options);
    const hit = cache.get(key);
    if (hit) return hit.loaded ? hit.loaded.value : hit.loading;
    const entry: Remembered<V> = { loading: load(), loaded: null };
    cache.set(key, entry);
    entry.loading.then(
      (value) => {
        entry.loaded = { value };
      },
      () => {
        if (cache.get(key) === entry) cache.delete(key);
      },
    );
    return entry.loading;
  }

  /** Drops the entries of one cache, loaded or loading, that `stale` says are out of date. */
  clearWhere<V>(name: string, stale: (key: string, value: V | null) => boolean): void {
    const cache = this.byName.get(name) as LRUCache<string, Remembered<V>> | undefined;
    if (!cache) return;
    for (const [key, entry] of cache.entries()) {
      if (stale(key, entry.loaded ? entry.loaded.value : null)) cache.delete(key);
    }
  }

  clear(...names: string[]): void {
    for (const name of names) this.byName.get(name)?.clear();
  }
}
