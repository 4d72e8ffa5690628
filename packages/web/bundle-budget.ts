/**
 * The JavaScript budgets of issue 32 (docs/web-weight.md), checked over the build in `npm test`:
 * what a first visit downloads, as served (the Brotli twins precompress.ts writes), following
 * each chunk's static imports from Vite's manifest. It prints a table and exits 1 when a
 * figure is over its budget. Run after `npm run build`: `npm run budget`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One entry of Vite's build manifest (dist/.vite/manifest.json), keyed by source path. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

export interface Budget {
  name: string;
  /** The manifest keys of what the page has run before it can paint: an entry, then lazy chunks it starts with. */
  chunks: readonly string[];
  /** Bytes of JavaScript as served, compressed (1 KB = 1000 bytes, as Vite prints them). */
  limit: number;
  /** The target, printed beside a limit that had to stay above it for now. */
  target?: number;
}

export const BUDGETS: readonly Budget[] = [
  { name: 'Lobby, first load', chunks: ['index.html'], limit: 120_000 },
  {
    name: 'Room, first paint',
    // The room's own chunk arrives with the page on a room's address (room-preload); the
    // renderer and My music come after the first paint.
    chunks: ['index.html', 'src/features/room/room-page.tsx'],
    limit: 160_000,
  },
];

/** The files a page loads for these chunks: each one and, transitively, what it imports statically. */
export function firstLoadFiles(manifest: Manifest, keys: readonly string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build's manifest has no ${key}.`);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files].filter((file) => file.endsWith('.js'));
}

/** A file's size as served to a browser that takes Brotli: its twin, or itself when too small to have one. */
export function servedBytes(dist: string, file: string): number {
  const twin = path.join(dist, `${file}.br`);
  return fs.statSync(fs.existsSync(twin) ? twin : path.join(dist, file)).size;
}

export interface BudgetResult {
  budget: Budget;
  bytes: number;
  files: string[];
}

export function measure(dist: string, budgets: readonly Budget[] = BUDGETS): BudgetResult[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  return budgets.map((budget) => {
    const files = firstLoadFiles(manifest, budget.chunks);
    return { budget, files, bytes: files.reduce((sum, file) => sum + servedBytes(dist, file), 0) };
  });
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

export function table(results: readonly BudgetResult[]): string {
  const rows = results.map(({ budget, bytes, files }) => [
    budget.name,
    kb(bytes),
    kb(budget.limit),
    budget.target === undefined ? '' : kb(budget.target),
    String(files.length),
    bytes <= budget.limit ? 'ok' : 'OVER',
  ]);
  const header = ['JavaScript, Brotli', 'size', 'budget', 'target', 'files', ''];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = measure(path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'dist'));
  console.log(table(results));
  const over = results.filter(({ budget, bytes }) => bytes > budget.limit);
  for (const { budget, bytes } of over) {
    console.error(`${budget.name}: ${kb(bytes)} of JavaScript, over its budget of ${kb(budget.limit)}.`);
  }
  process.exitCode = over.length > 0 ? 1 : 0;
}
