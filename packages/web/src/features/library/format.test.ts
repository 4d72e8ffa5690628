import { expect, test } from 'vitest';
import { formatBytes, quotaShare } from './format';

test.each([
  [0, '0 bytes'],
  [-5, '0 bytes'],
  [Number.NaN, '0 bytes'],
  [1, '1 byte'],
  [1023, '1023 bytes'],
  [1024, '1 KB'],
  [1536, '1.5 KB'],
  [1024 * 1024 - 1, '1 MB'],
  [4.24 * 1024 * 1024, '4.2 MB'],
  [9.96 * 1024 * 1024, '10 MB'],
  [120.4 * 1024 * 1024, '120 MB'],
  [2000 * 1024 * 1024, '2 GB'],
  [5 * 1024 ** 4, '5 TB'],
  [3000 * 1024 ** 4, '3000 TB'],
])('formatBytes(%d) is %j', (bytes, text) => {
  expect(formatBytes(bytes)).toBe(text);
});

test('quotaShare stays within 0..1, and a quota of nothing is full once anything is used', () => {
  expect(quotaShare(0, 100)).toBe(0);
  expect(quotaShare(25, 100)).toBe(0.25);
  expect(quotaShare(150, 100)).toBe(1);
  expect(quotaShare(0, 0)).toBe(0);
  expect(quotaShare(1, 0)).toBe(1);
});
