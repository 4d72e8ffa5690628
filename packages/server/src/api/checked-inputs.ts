/**
 * Checked inputs kept for reuse, for the calls that ask for it
 * (`reuseCheckedInput` in the contract). The lobby's pages are asked for
 * thousands of times a second with the same few inputs, and checking one
 * against its schema costs more than the rest of the call. Only inputs that
 * pass are kept, frozen, since every request with that input shares them.
 */
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';

export class CheckedInputs {
  private readonly kept = new LRUCache<string, z.ZodSafeParseSuccess<unknown>>({ max: 1_000 });

  check(name: string, schema: z.ZodType, fields: Record<string, unknown>): z.ZodSafeParseResult<unknown> {
    const key = `${name}\n${JSON.stringify(fields)}`;
    const kept = this.kept.get(key);
    if (kept) return kept;
    const checked = schema.safeParse(fields);
    if (checked.success) this.kept.set(key, deepFreeze(checked));
    return checked;
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
