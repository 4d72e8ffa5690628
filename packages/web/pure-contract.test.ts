import { parseAst } from 'rolldown/parseAst';
import { expect, test } from 'vitest';
import { markPure } from './pure-contract';

const marked = (code: string) => markPure(code, parseAst(code) as never)?.toString() ?? code;

test('a top-level value that is computed becomes a pure call, evaluated where it was', () => {
  expect(marked('export const name = z.string().trim().min(1);')).toBe(
    'export const name = /* @__PURE__ */ (() => (z.string().trim().min(1)))();',
  );
  expect(marked('const all = { ...a, ...b };')).toBe('const all = /* @__PURE__ */ (() => ({ ...a, ...b }))();');
  expect(marked('export const metadata = song.shape.metadata;')).toBe(
    'export const metadata = /* @__PURE__ */ (() => (song.shape.metadata))();',
  );
});

test('plain data, functions and statements are left as they are', () => {
  const plain = [
    "export const messages = { title: 'Hi', count: (n) => `${n} songs`, list: ['a', 'b'] };",
    'export function check(value) { return schema.safeParse(value); }',
    'const limit = 20;',
    'register(thing);',
  ].join('\n');
  expect(markPure(plain, parseAst(plain) as never)).toBeNull();
});
