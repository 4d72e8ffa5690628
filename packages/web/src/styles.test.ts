/**
 * The stylesheets' cascade layers (styles.css): every sheet puts all its rules in
 * the layer its folder names, since a rule outside any layer would beat every
 * layered one; and every z-index is a stacking token of base/tokens.css.
 */
/// <reference types="node" />
import fs from 'node:fs';
import { expect, test } from 'vitest';

// Read from disk: the test runner hands stylesheets to imports as empty modules.
const src = new URL('./', import.meta.url);
const read = (file: string) => fs.readFileSync(new URL(file, src), 'utf8');
const sheets: Record<string, string> = Object.fromEntries(
  fs
    .readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.css'))
    .map((file) => [`./${file}`, read(file)]),
);

const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '');

function expectedLayer(file: string): string {
  if (file.startsWith('./features/room/')) return 'room';
  if (file.startsWith('./base/')) return 'base';
  if (file.startsWith('./ui/')) return 'ui';
  if (file.startsWith('./features/') || file.startsWith('./app/')) return 'features';
  throw new Error(`${file}: which layer? Add its folder to styles.css and to this test.`);
}

/** The sheet's one `@layer name { … }` block; null when anything stands outside it. */
function onlyLayer(css: string): string | null {
  const text = withoutComments(css).trim();
  const opening = /^@layer ([\w-]+) \{/.exec(text);
  if (!opening) return null;
  let depth = 0;
  for (let i = opening[0].length - 1; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i === text.length - 1 ? (opening[1] ?? null) : null;
  }
  return null;
}

const layered = Object.entries(sheets).filter(([file]) => file !== './styles.css');

test('the layers are declared in one order, by styles.css and by the page before any stylesheet', () => {
  const order = '@layer base, ui, features, room;';
  expect(
    withoutComments(sheets['./styles.css'] ?? '')
      .trim()
      .startsWith(order),
  ).toBe(true);
  // The first mention of a layer fixes its place, and the build may link a shared chunk's sheet
  // ahead of the entry's: so the page's head names the order before any sheet can.
  const page = fs.readFileSync(new URL('../index.html', src), 'utf8');
  const head = page.slice(0, page.indexOf('</head>'));
  expect(/<style>\s*(@layer [^;]+;)\s*<\/style>/.exec(head)?.[1]).toBe(order);
  // And main.tsx still takes styles.css before any component's sheet.
  const imports = [...read('main.tsx').matchAll(/^import .*$/gm)].map((match) => match[0]);
  expect(imports.indexOf("import './styles.css';")).toBeLessThan(imports.indexOf("import { App } from './app/app';"));
  expect(imports.indexOf("import './styles.css';")).toBeGreaterThanOrEqual(0);
});

test.each(layered)('%s keeps all its rules in its layer', (file, css) => {
  expect(onlyLayer(css)).toBe(expectedLayer(file));
});

test('every z-index is a stacking token, and every token is defined', () => {
  const tokens = new Set([...(sheets['./base/tokens.css'] ?? '').matchAll(/(--z-[\w-]+):/g)].map((m) => m[1]));
  expect(tokens.size).toBeGreaterThan(0);
  for (const [file, css] of Object.entries(sheets)) {
    for (const [, value] of withoutComments(css).matchAll(/z-index:\s*([^;}]+)/g)) {
      const token = /^var\((--z-[\w-]+)\)$/.exec(value?.trim() ?? '')?.[1];
      expect(token !== undefined && tokens.has(token), `${file}: z-index: ${value}`).toBe(true);
    }
  }
});
