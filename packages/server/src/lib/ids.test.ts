import { describe, expect, it } from 'vitest';
import { newId, newSecret } from './ids';

describe('newId', () => {
  it('gives 24 hex characters, never the same twice, across many refills of its pool', () => {
    // 341 ids fit in one 4 KiB draw: 20,000 take about 59 draws.
    const ids = Array.from({ length: 20_000 }, newId);
    expect(ids.every((id) => /^[0-9a-f]{24}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('spreads its bytes evenly (a pool read twice or left unfilled would not)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2_000; i++) for (const digit of newId()) counts.set(digit, (counts.get(digit) ?? 0) + 1);
    // 48,000 digits: each of the 16 expects 3,000; a run of zeros or repeats would skew this far.
    expect(counts.size).toBe(16);
    for (const count of counts.values()) expect(Math.abs(count - 3_000)).toBeLessThan(300);
  });
});

describe('newSecret', () => {
  it('gives 32 random bytes, URL-safe, never the same twice', () => {
    const secrets = Array.from({ length: 1_000 }, newSecret);
    expect(secrets.every((secret) => /^[A-Za-z0-9_-]{43}$/.test(secret))).toBe(true);
    expect(new Set(secrets).size).toBe(secrets.length);
  });
});
