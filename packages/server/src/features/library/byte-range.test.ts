import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseRange } from './byte-range';

describe('parseRange', () => {
  test('the forms RFC 9110 names', () => {
    expect(parseRange(undefined, 1000)).toBeNull();
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange('bytes=10-99999', 1000)).toEqual({ start: 10, end: 999 });
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
    // Several ranges, other units, nonsense: the whole file, as a server may answer.
    expect(parseRange('bytes=0-1,5-9', 1000)).toBeNull();
    expect(parseRange('items=0-1', 1000)).toBeNull();
    expect(parseRange('bytes=9-1', 1000)).toBeNull();
  });

  test('whatever is asked, a range is inside the file, or the answer is the whole file or 416', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.option(fc.nat(2e9), { nil: undefined }),
        fc.option(fc.nat(2e9), { nil: undefined }),
        (size, from, to) => {
          const range = parseRange(`bytes=${from ?? ''}-${to ?? ''}`, size);
          if (range === null || range === 'unsatisfiable') return;
          expect(range.start).toBeGreaterThanOrEqual(0);
          expect(range.start).toBeLessThanOrEqual(range.end);
          expect(range.end).toBeLessThan(size);
        },
      ),
    );
  });
});
