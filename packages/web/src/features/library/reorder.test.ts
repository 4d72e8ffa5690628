import fc from 'fast-check';
import { expect, test } from 'vitest';
import { dropIndex, moveItem, shiftFor, type RowBox } from './reorder';

test('moveItem takes the item out and puts it where it then stands at `to`', () => {
  expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
  expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
  expect(moveItem(['a', 'b', 'c', 'd'], 1, 3)).toEqual(['a', 'c', 'd', 'b']);
  expect(moveItem(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
});

test('moveItem leaves the list as it was for indexes out of range, and never changes its input', () => {
  const list = ['a', 'b', 'c'];
  expect(moveItem(list, -1, 0)).toEqual(list);
  expect(moveItem(list, 0, 3)).toEqual(list);
  expect(moveItem(list, 0.5, 1)).toEqual(list);
  expect(moveItem([], 0, 0)).toEqual([]);
  moveItem(list, 0, 2);
  expect(list).toEqual(['a', 'b', 'c']);
});

test('moveItem keeps every item once, puts the moved one at `to`, and moving back undoes it', () => {
  fc.assert(
    fc.property(fc.uniqueArray(fc.integer(), { minLength: 1, maxLength: 30 }), fc.nat(), fc.nat(), (list, a, b) => {
      const from = a % list.length;
      const to = b % list.length;
      const moved = moveItem(list, from, to);
      expect([...moved].sort()).toEqual([...list].sort());
      expect(moved[to]).toBe(list[from]);
      expect(moveItem(moved, to, from)).toEqual(list);
    }),
  );
});

/** Rows of 50 px from the top of the list. */
const rows = (count: number): RowBox[] => Array.from({ length: count }, (_, i) => ({ top: i * 50, height: 50 }));

test('dropIndex moves past a neighbour once the pointer crosses its middle', () => {
  const boxes = rows(4);
  // Held on its own row: stays.
  expect(dropIndex(boxes, 1, 70)).toBe(1);
  // Down: row 2's middle is at 125.
  expect(dropIndex(boxes, 1, 124)).toBe(1);
  expect(dropIndex(boxes, 1, 126)).toBe(2);
  expect(dropIndex(boxes, 1, 190)).toBe(3);
  // Below the list: the end.
  expect(dropIndex(boxes, 1, 900)).toBe(3);
  // Up: row 0's middle is at 25.
  expect(dropIndex(boxes, 2, 26)).toBe(1);
  expect(dropIndex(boxes, 2, 24)).toBe(0);
  expect(dropIndex(boxes, 2, -400)).toBe(0);
  expect(dropIndex([], 0, 10)).toBe(0);
});

test('dropIndex always answers a place in the list, and the row under the pointer is where it lands', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 40 }), fc.nat(), fc.integer({ min: -500, max: 2500 }), (count, f, y) => {
      const boxes = rows(count);
      const from = f % count;
      const to = dropIndex(boxes, from, y);
      expect(to).toBeGreaterThanOrEqual(0);
      expect(to).toBeLessThan(count);
      const under = Math.min(count - 1, Math.max(0, Math.floor(y / 50)));
      // Within half a row of the row under the pointer.
      expect(Math.abs(to - under)).toBeLessThanOrEqual(1);
    }),
  );
});

test('shiftFor makes room between the two places, and nowhere else', () => {
  // Row 1 dragged to 3: rows 2 and 3 move up one row.
  expect([0, 1, 2, 3, 4].map((i) => shiftFor(i, 1, 3, 50))).toEqual([0, 0, -50, -50, 0]);
  // Row 3 dragged to 1: rows 1 and 2 move down.
  expect([0, 1, 2, 3, 4].map((i) => shiftFor(i, 3, 1, 50))).toEqual([0, 50, 50, 0, 0]);
  expect([0, 1, 2].map((i) => shiftFor(i, 1, 1, 50))).toEqual([0, 0, 0]);
});
