/**
 * A room lives at /{shortcut}: every first path segment of the web's own routes
 * must be one the contract reserves, or a room could take it and shadow the page.
 */
import { RESERVED_PATH_SEGMENTS } from '@platter/contract';
import { expect, test } from 'vitest';
import appRoutesSource from './app-routes.tsx?raw';
import { contentPageRoutes } from './content-pages';
import { modalRoutes } from './modal-routes';

/** "/profile/:userId/fans" → "profile"; "/", "*" and parameters ("/:shortcut") have none. */
function fixedFirstSegment(path: string): string | null {
  const first = path.replace(/^\//, '').split('/')[0] ?? '';
  return first === '' || first === '*' || first.startsWith(':') ? null : first;
}

const fixedPagePaths = [...appRoutesSource.matchAll(/\bpath="([^"]*)"/g)].map((match) => match[1] ?? '');

test.each([
  ['modal routes (modal-routes.tsx)', modalRoutes.map((route) => route.path)],
  ['content pages (content-pages.tsx)', contentPageRoutes.map((route) => route.path)],
  ['page routes (app-routes.tsx)', fixedPagePaths],
])('the first segment of every path of the %s is reserved', (_table, paths) => {
  expect(paths.length).toBeGreaterThan(0);
  for (const path of paths) {
    const segment = fixedFirstSegment(path);
    if (segment !== null) expect(RESERVED_PATH_SEGMENTS, path).toContain(segment);
  }
});

test('app-routes.tsx is read as written: its rooms route is /:shortcut', () => {
  expect(fixedPagePaths).toContain('/:shortcut');
});
