import { expect, test } from 'vitest';
import { hotness, HOTNESS_TIME_SCALE_S } from './hotness';

const now = Date.UTC(2026, 10, 22);
const room = { listeners: 0, djcount: 0, upvotes: 0, downvotes: 0, activeAt: now };

test('a livelier room at the same moment is hotter', () => {
  expect(hotness({ ...room, listeners: 40 })).toBeGreaterThan(hotness({ ...room, listeners: 4 }));
  expect(hotness({ ...room, listeners: 4, djcount: 2 })).toBeGreaterThan(hotness({ ...room, listeners: 4 }));
  expect(hotness({ ...room, listeners: 4, upvotes: 3 })).toBeGreaterThan(hotness({ ...room, listeners: 4 }));
});

test('liveliness long ago decays below liveliness now', () => {
  const yesterday = now - 86_400_000;
  expect(hotness({ ...room, listeners: 10, activeAt: now })).toBeGreaterThan(
    hotness({ ...room, listeners: 100, activeAt: yesterday }),
  );
});

test('ten times the liveliness is worth one time scale of recency', () => {
  const a = hotness({ ...room, listeners: 99, activeAt: now - HOTNESS_TIME_SCALE_S * 1000 });
  const b = hotness({ ...room, listeners: 9, activeAt: now });
  expect(a).toBeCloseTo(b, 9);
});
