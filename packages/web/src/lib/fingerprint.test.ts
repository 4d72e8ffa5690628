import { expect, test } from 'vitest';
import { fingerprintOf, hashText, probeWithin } from './fingerprint';

test('the hash is 14 hex digits, stable, and changes with its input', () => {
  expect(hashText('platter')).toMatch(/^[0-9a-f]{14}$/);
  expect(hashText('platter')).toBe(hashText('platter'));
  expect(hashText('platter')).not.toBe(hashText('Platter'));
  expect(hashText('')).toMatch(/^[0-9a-f]{14}$/);
});

test('a fingerprint does not depend on the order traits and fonts were gathered in', () => {
  const a = fingerprintOf({ language: 'en', cores: 8 }, ['Arial', 'Menlo']);
  const b = fingerprintOf({ cores: 8, language: 'en' }, ['Menlo', 'Arial']);
  expect(a).toBe(b);
});

test('a fingerprint changes with any trait, and a timed-out font probe differs from no fonts', () => {
  const base = fingerprintOf({ language: 'en', cores: 8 }, []);
  expect(fingerprintOf({ language: 'de', cores: 8 }, [])).not.toBe(base);
  expect(fingerprintOf({ language: 'en', cores: 4 }, [])).not.toBe(base);
  expect(fingerprintOf({ language: 'en', cores: 8 }, ['Arial'])).not.toBe(base);
  expect(fingerprintOf({ language: 'en', cores: 8 }, null)).not.toBe(base);
});

test('a probe that finishes in time returns what it found', async () => {
  let now = 0;
  const found = await probeWithin(
    [1, 2, 3, 4, 5, 6, 7, 8, 9],
    (n) => (n % 2 === 0 ? n : null),
    300,
    () => now,
    async () => {
      now += 10;
    },
  );
  expect(found).toEqual([2, 4, 6, 8]);
});

test('a probe gives up once its time is out (spec §9: 300 ms)', async () => {
  let now = 0;
  const seen: number[] = [];
  const found = await probeWithin(
    Array.from({ length: 40 }, (_, i) => i),
    (n) => {
      seen.push(n);
      return n;
    },
    300,
    () => now,
    async () => {
      now += 120;
    },
  );
  expect(found).toBeNull();
  // Three slices fit in 300 ms of 120 ms each; the fourth is never measured.
  expect(seen.length).toBeLessThan(40);
  expect(seen.length).toBe(12);
});
