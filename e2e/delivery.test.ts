/**
 * How the built web app travels (issue: fast and light): every text file goes
 * compressed to a browser that takes it — Brotli written at build time, gzip
 * for the rest — the page is revalidated, hashed assets are kept a year, and
 * source maps are not served. Read as raw HTTP, the way a browser receives it.
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function rawGet(pathname: string, acceptEncoding?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    http
      .get(`${server.baseUrl}${pathname}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

const decoded = (response: RawResponse): string => {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.body).toString();
  if (encoding === 'gzip') return gunzipSync(response.body).toString();
  return response.body.toString();
};

test('the page goes in Brotli, gzip or as it is, as the browser asks, and is revalidated each time', async () => {
  // A room's address: its page differs from the lobby's only by the room's preloads (next test).
  const plain = await rawGet('/some-room');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.toString()).toContain('<title>Platter: play music together</title>');
  for (const [accept, encoding] of [
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
  ] as const) {
    const response = await rawGet('/some-room', accept);
    expect(response.headers['content-encoding'], accept).toBe(encoding);
    expect(response.headers['cache-control'], accept).toBe('no-cache');
    expect(response.headers.vary, accept).toMatch(/accept-encoding/i);
    expect(decoded(response), accept).toBe(plain.body.toString());
  }
  expect((await rawGet('/some-room', 'br')).body.length).toBeLessThan(plain.body.length / 2);
});

const preloads = (page: string) =>
  [...page.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);

const stylesheets = (page: string) =>
  [...page.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);

test("a room's address preloads the room's code and styles beside the entry; the lobby and the app's own pages do not", async () => {
  const lobbyPage = (await rawGet('/')).body.toString();
  const roomPage = (await rawGet('/some-room?view=mini')).body.toString();
  const lobby = preloads(lobbyPage);
  const room = preloads(roomPage);
  const roomOnly = room.filter((file) => !lobby.includes(file));
  expect(roomOnly.some((file) => /^\/assets\/room-page-[\w-]+\.js$/.test(file))).toBe(true);
  const roomStyles = stylesheets(roomPage).filter((file) => !stylesheets(lobbyPage).includes(file));
  expect(roomStyles.some((file) => /^\/assets\/room-page-[\w-]+\.css$/.test(file))).toBe(true);
  for (const file of [...roomOnly, ...roomStyles]) expect((await rawGet(file)).status, file).toBe(200);
  for (const path of ['/', '/about', '/signup', '/profile/abc123']) {
    expect(preloads((await rawGet(path)).body.toString()), path).toEqual(lobby);
  }
  // The manifest the server reads them from is not served.
  expect((await rawGet('/.vite/manifest.json')).status).toBe(404);
});

test('hashed scripts and styles go pre-compressed and are kept a year; their source maps are not served', async () => {
  const page = (await rawGet('/')).body.toString();
  const assets = [...page.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
  expect(assets.length).toBeGreaterThanOrEqual(2);
  expect(assets.some((asset) => asset.endsWith('.css'))).toBe(true);
  for (const asset of assets) {
    const plain = await rawGet(asset);
    expect(plain.status, asset).toBe(200);
    expect(plain.body.toString(), asset).not.toContain('sourceMappingURL');
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await rawGet(asset, accept);
      // A file under a kilobyte has no twin: compressing it would save next to nothing.
      const expected = plain.body.length < 1024 ? undefined : encoding;
      expect(response.headers['content-encoding'], `${asset} ${accept}`).toBe(expected);
      expect(response.headers['cache-control'], asset).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary, asset).toMatch(/accept-encoding/i);
      expect(decoded(response), `${asset} ${accept}`).toBe(plain.body.toString());
    }
    expect((await rawGet(`${asset}.map`)).status, `${asset}.map`).toBe(404);
  }
});
