import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { CheckedInputs } from './checked-inputs';

const schema = z.object({
  limit: z.string().transform(Number),
  sort: z.string().transform((text) => text.split(',')),
});

describe('CheckedInputs', () => {
  test('checks an input once and hands every later request the same frozen result', () => {
    const inputs = new CheckedInputs();
    let checks = 0;
    const counted = schema.transform((value) => {
      checks += 1;
      return value;
    });
    const first = inputs.check('room.directory_rooms', counted, { limit: '20', sort: 'listeners,created' });
    const again = inputs.check('room.directory_rooms', counted, { limit: '20', sort: 'listeners,created' });
    expect(first.success && first.data).toEqual({ limit: 20, sort: ['listeners', 'created'] });
    expect(again).toBe(first);
    expect(checks).toBe(1);
    // Shared by every request with this input: no handler may change it.
    expect(Object.isFrozen(again.data)).toBe(true);
    expect(Object.isFrozen((again.data as { sort: string[] }).sort)).toBe(true);
  });

  test('another input, or the same fields of another call, is checked on its own', () => {
    const inputs = new CheckedInputs();
    const a = inputs.check('room.directory_rooms', schema, { limit: '20', sort: 'hotness' });
    const b = inputs.check('room.directory_rooms', schema, { limit: '40', sort: 'hotness' });
    const c = inputs.check('room.search', schema, { limit: '20', sort: 'hotness' });
    expect(new Set([a, b, c]).size).toBe(3);
    expect(b.success && b.data).toEqual({ limit: 40, sort: ['hotness'] });
  });

  test('an input that fails is checked again each time (its message stays exact)', () => {
    const inputs = new CheckedInputs();
    const first = inputs.check('room.directory_rooms', schema, { limit: 20 });
    const again = inputs.check('room.directory_rooms', schema, { limit: 20 });
    expect(first.success).toBe(false);
    expect(again.success).toBe(false);
    expect(again).not.toBe(first);
  });
});
