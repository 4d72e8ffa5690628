/**
 * Lobby pages are gzipped for clients that take gzip, once a page is asked
 * for a second time (docs/lobby.md): read here as raw HTTP, the way a
 * browser receives them, not through fetch, which decodes on its own.
 */
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';
import { aMember, aRoom } from './support/factories';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  const owner = await aMember(t);
  // A full page of twenty rooms: well over the size worth compressing.
  for (let i = 0; i < 22; i++) await aRoom(t, owner, { room_name: `Compression Lounge ${i}` });
});
afterAll(() => t.close());

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function rawGet(pathname: string, acceptEncoding?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    http
      .get(`${t.baseUrl}${pathname}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

const BROWSER = 'gzip, deflate, br, zstd';

describe('lobby pages', () => {
  test('asked for again, a page goes gzipped to a client that takes gzip, and reads back the same', async () => {
    const page = '/api/room.directory_rooms?client=web&limit=20&skip=0&sort=created';
    const first = await rawGet(page, BROWSER);
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.headers.vary).toBe('accept-encoding');
    const plain = first.body.toString('latin1');
    const [ok, { rooms }] = JSON.parse(plain) as [boolean, { rooms: unknown[] }];
    expect(ok).toBe(true);
    expect(rooms).toHaveLength(20);

    const again = await rawGet(page, BROWSER);
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(again.headers.vary).toBe('accept-encoding');
    expect(Number(again.headers['content-length'])).toBe(again.body.length);
    expect(again.body.length).toBeLessThan(first.body.length / 3);
    expect(gunzipSync(again.body).toString('latin1')).toBe(plain);
  });

  test.each([
    ['no Accept-Encoding', undefined],
    ['identity only', 'identity'],
    ['gzip refused', 'gzip;q=0, deflate'],
    ['an unknown coding', 'compress'],
  ])('%s: the page goes as it is', async (_label, acceptEncoding) => {
    const page = '/api/room.search?client=web&limit=20&skip=0&query=Compression';
    await rawGet(page, BROWSER);
    expect((await rawGet(page, BROWSER)).headers['content-encoding']).toBe('gzip');

    const response = await rawGet(page, acceptEncoding);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toBe('accept-encoding');
    const [ok, { rooms }] = JSON.parse(response.body.toString('latin1')) as [boolean, { rooms: unknown[] }];
    expect(ok).toBe(true);
    expect(rooms).toHaveLength(20);
  });

  test('any coding (*) takes gzip', async () => {
    const page = '/api/room.directory_rooms?client=web&limit=20&skip=1&sort=created';
    await rawGet(page, '*');
    const again = await rawGet(page, '*');
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(again.body).toString('latin1'))).toEqual([true, { rooms: expect.any(Array) }]);
  });

  test('a small answer goes as it is, however often it is asked for', async () => {
    const page = '/api/room.search?client=web&query=nothing%20matches%20this';
    for (let i = 0; i < 3; i++) {
      const response = await rawGet(page, BROWSER);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body.toString('latin1')).toBe('[true,{"rooms":[]}]');
    }
  });

  test('other calls are not compressed', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await rawGet('/api/user.suggest_name?client=web', BROWSER);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(response.body.toString('utf8'))[0]).toBe(true);
    }
  });
});
