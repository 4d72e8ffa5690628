/**
 * Named in-memory caches, one set per app (nothing global). What they hold
 * is short-lived and cleared on this instance's writes; another instance's
 * writes show here once the entries expire (see docs/lobby.md).
 */
import { LRUCache } from 'lru-cache';

export interface CacheOptions {
  max: number;
  ttlMs: number;
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
   * The cached value for a key, loading it once when missing. The promise is
   * what is cached, so many requests arriving together share one load
   * instead of stampeding the database; a failed load is forgotten.
   */
  remember<V>(name: string, options: CacheOptions, key: string, load: () => Promise<V>): Promise<V> {
    const cache = this.get<Promise<V>>(name, options);
    const hit = cache.get(key);
    if (hit) return hit;
    const loading = load();
    cache.set(key, loading);
    loading.catch(() => {
      if (cache.get(key) === loading) cache.delete(key);
    });
    return loading;
  }

  clear(...names: string[]): void {
    for (const name of names) this.byName.get(name)?.clear();
  }
}
