/** The API's envelope (spec §7, §8): every answer is [true, body] or [false, {err, errcode}], never a 5xx. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { calls, type ApiFailure } from '@platter/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest, aMember } from './support/factories';
import { readResponse } from './support/envelopes';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A raw request's status and failure; fails the test on success, a non-envelope, or a 5xx. */
async function failing(pathname: string, init?: RequestInit): Promise<{ status: number; failure: ApiFailure }> {
  const { status, body } = await readResponse(await t.fetch(pathname, init));
  expect(status, `status of ${pathname}`).toBeLessThan(500);
  expect(Array.isArray(body) && body.length === 2 && body[0] === false, JSON.stringify(body)).toBe(true);
  const failure = (body as [false, ApiFailure])[1];
  expect(Object.keys(failure).sort()).toEqual(['err', 'errcode']);
  expect(typeof failure.err).toBe('string');
  expect(failure.err.length).toBeGreaterThan(0);
  return { status, failure };
}

const postJson = (body: string, contentType = 'application/json'): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': contentType },
  body,
});

describe('success', () => {
  test('is [true, body] with status 200, not cached', async () => {
    const response = await t.fetch('/api/user.suggest_name');
    const { status, body } = await readResponse(response);
    expect(status).toBe(200);
    expect(body).toEqual([true, { suggested_name: expect.any(String) as string }]);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('unknown calls', () => {
  test.each(['GET', 'POST'])('%s of an unknown call is unknown_call', async (method) => {
    const { status, failure } = await failing('/api/user.no_such_call', { method });
    expect(status).toBe(404);
    expect(failure).toEqual({ err: "There is no API call named 'user.no_such_call'.", errcode: 'unknown_call' });
  });

  test.each(['toString', '__proto__', 'constructor', 'hasOwnProperty'])(
    'a name borrowed from Object.prototype (%s) is unknown too',
    async (name) => {
      const { failure } = await failing(`/api/${name}`);
      expect(failure.errcode).toBe('unknown_call');
    },
  );

  test('a path outside the API is a not_found envelope', async () => {
    const { status, failure } = await failing('/api/user.info/extra');
    expect(status).toBe(404);
    expect(failure.errcode).toBe('not_found');
  });
});

describe('wrong HTTP method', () => {
  test('GET of a POST call says which method to use', async () => {
    const { status, failure } = await failing('/api/user.email_register?name=x');
    expect(status).toBe(405);
    expect(failure).toEqual({ err: 'user.email_register must be called with POST.', errcode: 'wrong_method' });
  });

  test('POST of a GET call says which method to use', async () => {
    const { status, failure } = await failing('/api/user.info', postJson('{}'));
    expect(status).toBe(405);
    expect(failure).toEqual({ err: 'user.info must be called with GET.', errcode: 'wrong_method' });
  });

  test('every call in the contract refuses the other method', async () => {
    for (const [name, call] of Object.entries(calls)) {
      const other = call.method === 'GET' ? postJson('{}') : { method: 'GET' };
      const { failure } = await failing(`/api/${name}`, other);
      expect(failure.errcode, name).toBe('wrong_method');
    }
  });

  test.each(['PUT', 'DELETE', 'PATCH'])('%s is refused with an envelope', async (method) => {
    const { status, failure } = await failing('/api/user.info', { method });
    expect(status).toBe(405);
    expect(failure).toEqual({ err: 'user.info must be called with GET.', errcode: 'wrong_method' });
  });
});

describe('malformed requests', () => {
  test('a body that is not JSON', async () => {
    const { status, failure } = await failing('/api/user.email_login', postJson('{"email": "a@b.c",'));
    expect(status).toBe(400);
    expect(failure).toEqual({ err: 'The request body is not valid JSON.', errcode: 'bad_request' });
  });

  test('an empty body declared as JSON', async () => {
    const { status, failure } = await failing('/api/user.email_login', postJson(''));
    expect(status).toBe(400);
    expect(failure.errcode).toBe('bad_request');
  });

  test.each(['[]', '[{"email":"a@b.c","password":"secret"}]', '"text"', '42', 'true'])(
    'a JSON body that is not an object: %s',
    async (body) => {
      const { status, failure } = await failing('/api/user.email_login', postJson(body));
      expect(status).toBe(400);
      expect(failure).toEqual({ err: 'The request body must be a JSON object.', errcode: 'bad_request' });
    },
  );

  test('a body that is not sent as JSON', async () => {
    const { status, failure } = await failing(
      '/api/user.guest_create',
      postJson('a=1', 'application/x-www-form-urlencoded'),
    );
    expect(status).toBe(400);
    expect(failure).toEqual({
      err: 'Send the request body as JSON (Content-Type: application/json).',
      errcode: 'bad_request',
    });
  });

  test('a plain-text body is not an object', async () => {
    const { failure } = await failing('/api/user.guest_create', postJson('{}', 'text/plain'));
    expect(failure.errcode).toBe('bad_request');
  });

  test('a body trying to poison prototypes is refused', async () => {
    const { status, failure } = await failing(
      '/api/user.guest_create',
      postJson('{"__proto__": {"registered": true}, "fingerprint": "x"}'),
    );
    expect(status).toBe(400);
    expect(failure.errcode).toBe('bad_request');
    const constructor = await failing(
      '/api/user.guest_create',
      postJson('{"constructor": {"prototype": {"registered": true}}}'),
    );
    expect(constructor.failure.errcode).toBe('bad_request');
  });

  test('a body that is too large', async () => {
    const { status, failure } = await failing(
      '/api/user.guest_create',
      postJson(JSON.stringify({ fingerprint: 'x'.repeat(300 * 1024) })),
    );
    expect(status).toBe(400);
    expect(failure).toEqual({ err: 'The request is too large.', errcode: 'bad_request' });
  });

  test('a wrongly typed field in POST JSON names the field', async () => {
    const { status, failure } = await failing(
      '/api/user.email_register',
      postJson(JSON.stringify({ name: 42, email: 'typed@example.com', password: 'secret-pw' })),
    );
    expect(status).toBe(400);
    expect(failure).toEqual({ err: "The field 'name' must be a string.", errcode: 'invalid' });

    const login = await failing('/api/user.email_login', postJson(JSON.stringify({ email: ['a@b.c'], password: {} })));
    expect(login.failure).toEqual({ err: "The field 'email' must be a string.", errcode: 'invalid' });
  });

  test('a repeated GET parameter is not a string', async () => {
    const { status, failure } = await failing('/api/user.get_id?name=a&name=b');
    expect(status).toBe(400);
    expect(failure).toEqual({ err: "The field 'name' must be a string.", errcode: 'invalid' });
  });

  test('an over-long field is refused, not stored', async () => {
    const { failure } = await failing('/api/user.get_id?name=' + 'n'.repeat(65));
    expect(failure.errcode).toBe('invalid');
    expect(failure.err).toContain('name');
  });

  test('a NUL character in any field is refused the same way on every database', async () => {
    const nul = '\u0000';
    const refused = { err: 'The request holds a NUL character, which no field may contain.', errcode: 'bad_request' };
    const requests: [string, RequestInit?][] = [
      [`/api/user.get_id?${new URLSearchParams({ name: `Ada${nul}Vinyl` })}`],
      [`/api/presence.get?${new URLSearchParams({ uid: `abc${nul}` })}`],
      ['/api/user.email_login', postJson(JSON.stringify({ email: `a${nul}@example.com`, password: 'secret-pw' }))],
      ['/api/user.guest_create', postJson(JSON.stringify({ fingerprint: `fp${nul}` }))],
      ['/api/user.guest_create', postJson(JSON.stringify({ extra: { deeper: [`x${nul}`] } }))],
      ['/email_login/', postJson(JSON.stringify({ email: `a${nul}@example.com`, password: 'secret-pw' }))],
    ];
    for (const [pathname, init] of requests) {
      const { status, failure } = await failing(pathname, init);
      expect(status, pathname).toBe(400);
      expect(failure, pathname).toEqual(refused);
    }
  });

  test('deeply nested unknown fields are no server error', async () => {
    const deep = `{"fingerprint":"fp","extra":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const { status, body } = await readResponse(await t.fetch('/api/user.guest_create', postJson(deep)));
    expect(status).toBeLessThan(500);
    expect((body as [boolean])[0]).toBe(true);
  });
});

describe('credentials', () => {
  const NOT_AUTHENTICATED = {
    err: 'Your session has ended. Please reload the page and log in again.',
    errcode: 'not_authenticated',
  };

  test('bad credentials on a session call are not_authenticated (401)', async () => {
    const guest = await aGuest(t);
    const query = new URLSearchParams({ userid: guest.userid, userauth: `${guest.userauth}x` });
    const { status, failure } = await failing(`/api/user.info?${query}`);
    expect(status).toBe(401);
    expect(failure).toEqual(NOT_AUTHENTICATED);
  });

  test('no credentials on a session call are not_authenticated (401)', async () => {
    const { status, failure } = await failing('/api/user.get_prefs');
    expect(status).toBe(401);
    expect(failure).toEqual(NOT_AUTHENTICATED);
  });

  test('credentials of the wrong type are not_authenticated', async () => {
    const { failure } = await failing(
      '/api/presence.update',
      postJson(JSON.stringify({ userid: 1, userauth: { $ne: null }, status: 'away' })),
    );
    expect(failure).toEqual(NOT_AUTHENTICATED);
  });

  test('credentials are checked before the fields', async () => {
    const { failure } = await failing('/api/presence.update', postJson(JSON.stringify({ status: 'asleep' })));
    expect(failure.errcode).toBe('not_authenticated');
  });

  test('credentials come from parameters, never from cookies', async () => {
    const member = await aMember(t);
    const { failure } = await failing('/api/user.info', {
      headers: { cookie: `platterUserId=${member.userid}; platterUserAuth=${member.userauth}` },
    });
    expect(failure.errcode).toBe('not_authenticated');
  });
});

describe('transport fields', () => {
  test('client and the cache-buster are ignored, whatever they hold', async () => {
    const guest = await aGuest(t);
    const query = new URLSearchParams({ ...guest, client: 'web', _: '1234567890' });
    const { body } = await readResponse(await t.fetch(`/api/user.authenticate?${query}`));
    expect(body).toEqual([true, { userid: guest.userid, registered: false }]);

    const { body: posted } = await readResponse(
      await t.fetch(
        '/api/presence.update',
        postJson(JSON.stringify({ ...guest, client: { odd: true }, _: [1, 2], status: 'away' })),
      ),
    );
    expect(posted).toEqual([true, {}]);

    const { body: anyone } = await readResponse(
      await t.fetch('/api/user.verify_name?client=something-else&_=x&name=Fresh%20Name'),
    );
    expect(anyone).toEqual([true, { name: 'Fresh Name' }]);
  });

  test('a query field named __proto__ is an unknown field like any other, not a prototype', async () => {
    const { body } = await readResponse(
      await t.fetch('/api/room.directory_rooms?__proto__=x&constructor=y&limit=2&sort=created'),
    );
    expect(body).toEqual([true, { rooms: expect.any(Array) }]);
    const { body: named } = await readResponse(await t.fetch('/api/user.verify_name?__proto__=x&name=Proto%20Fan'));
    expect(named).toEqual([true, { name: 'Proto Fan' }]);
  });

  test('unknown extra fields are ignored too', async () => {
    const { body } = await readResponse(await t.fetch('/api/user.suggest_name?foo=bar&limit=3'));
    expect((body as [boolean])[0]).toBe(true);
  });
});

describe('security headers', () => {
  test.each([
    ['a success', '/api/user.suggest_name', undefined],
    ['a failure', '/api/user.info', undefined],
    ['an unknown call', '/api/nope.nothing', undefined],
    ['a transport error', '/api/user.email_login', postJson('{')],
    ['a path outside the API', '/nowhere', undefined],
    ['a cookie route', '/logout/', postJson('{}')],
  ])('%s says nosniff', async (_label, pathname, init) => {
    const response = await t.fetch(pathname, init);
    await response.arrayBuffer();
    expect(response.status).toBeLessThan(500);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin');
  });
});
