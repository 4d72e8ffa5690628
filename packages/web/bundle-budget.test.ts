import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { firstLoadFiles, measure, table, type Manifest } from './bundle-budget';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], dynamicImports: ['room.tsx'] },
  '_react.js': { file: 'assets/react.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
  'room.tsx': { file: 'assets/room.js', imports: ['_shared.js', '_react.js'], dynamicImports: ['renderer.ts'] },
  'renderer.ts': { file: 'assets/renderer.js' },
};

test('a first load follows static imports only, each file once', () => {
  expect(firstLoadFiles(manifest, ['index.html'])).toEqual(['assets/index.js', 'assets/react.js']);
  expect(firstLoadFiles(manifest, ['index.html', 'room.tsx'])).toEqual([
    'assets/index.js',
    'assets/react.js',
    'assets/room.js',
    'assets/shared.js',
  ]);
});

test('sizes are the Brotli twins where there are some; a figure over its budget says OVER', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'budget-'));
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  for (const name of ['index', 'react', 'shared', 'room', 'renderer']) {
    fs.writeFileSync(path.join(dist, `assets/${name}.js`), 'x'.repeat(5000));
  }
  fs.writeFileSync(path.join(dist, 'assets/index.js.br'), 'x'.repeat(1000));
  fs.writeFileSync(path.join(dist, 'assets/room.js.br'), 'x'.repeat(2000));
  const results = measure(dist, [
    { name: 'Lobby', chunks: ['index.html'], limit: 6000 },
    { name: 'Room', chunks: ['index.html', 'room.tsx'], limit: 12_000, target: 10_000 },
  ]);
  expect(results.map(({ bytes }) => bytes)).toEqual([1000 + 5000, 1000 + 5000 + 2000 + 5000]);
  const printed = table(results);
  expect(printed).toMatch(/\| Lobby +\| 6\.0 KB +\| 6\.0 KB +\| +\| 2 +\| ok +\|/);
  expect(printed).toMatch(/\| Room +\| 13\.0 KB +\| 12\.0 KB +\| 10\.0 KB +\| 4 +\| OVER \|/);
  fs.rmSync(dist, { recursive: true });
});

test('a chunk the manifest does not have is an error, not a small figure', () => {
  expect(() => firstLoadFiles(manifest, ['missing.tsx'])).toThrow("The build's manifest has no missing.tsx.");
});
