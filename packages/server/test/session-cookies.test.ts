/** POST /email_login/, /guest_login/ and /logout/: the routes that set and clear the session cookies. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SESSION_COOKIE_DAYS, type Credentials } from '@platter/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest, aMember, type Member } from './support/factories';
import { failureOf, readResponse } from './support/envelopes';
import { FROM_ELSEWHERE, FROM_HERE, REFUSED_AS_CROSS_SITE } from './support/cross-site';

interface SetCookie {
  name: string;
  value: string;
  attributes: Map<string, string>;
}

/** The response's Set-Cookie headers, by cookie name; attribute names lower-cased. */
function setCookies(response: Response): Map<string, SetCookie> {
  const cookies = new Map<string, SetCookie>();
  for (const header of response.headers.getSetCookie()) {
    const [pair = '', ...rest] = header.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    const attributes = new Map<string, string>();
    for (const attribute of rest) {
      const at = attribute.indexOf('=');
      if (at === -1) attributes.set(attribute.toLowerCase(), '');
      else attributes.set(attribute.slice(0, at).toLowerCase(), attribute.slice(at + 1));
    }
    const name = pair.slice(0, eq);
    cookies.set(name, { name, value: decodeURIComponent(pair.slice(eq + 1)), attributes });
  }
  return cookies;
}

function post(app: TestApp, pathname: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return app.fetch(pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const NAMES = ['platterUserId', 'platterUserAuth', 'platterUserNamed'];
const MAX_AGE = String(SESSION_COOKIE_DAYS * 24 * 60 * 60);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

function expectSessionCookie(cookie: SetCookie | undefined, value: string, secure: boolean) {
  expect(cookie, 'cookie set').toBeDefined();
  expect(cookie?.value).toBe(value);
  expect(cookie?.attributes.get('path')).toBe('/');
  expect(cookie?.attributes.get('samesite')).toBe('Lax');
  expect(cookie?.attributes.get('max-age')).toBe(MAX_AGE);
  expect(cookie?.attributes.has('secure')).toBe(secure);
  // The page reads them to sign each call (docs/sessions.md).
  expect(cookie?.attributes.has('httponly')).toBe(false);
}

describe('POST /email_login/', () => {
  let member: Member;
  beforeAll(async () => {
    member = await aMember(t);
  });

  test('logs in and sets the three session cookies', async () => {
    const response = await post(t, '/email_login/', { email: member.email.toUpperCase(), password: member.password });
    const { status, body } = await readResponse(response);
    expect(status).toBe(200);
    const [ok, session] = body as [boolean, Credentials];
    expect(ok).toBe(true);
    expect(session.userid).toBe(member.userid);

    const cookies = setCookies(response);
    expect([...cookies.keys()].sort()).toEqual([...NAMES].sort());
    expectSessionCookie(cookies.get('platterUserId'), member.userid, false);
    expectSessionCookie(cookies.get('platterUserAuth'), session.userauth, false);
    expectSessionCookie(cookies.get('platterUserNamed'), '1', false);
    expect(response.headers.get('cache-control')).toBe('no-store');

    // The userauth in the cookie is a working session.
    expect(await t.ok('user.authenticate', {}, session)).toEqual({ userid: member.userid, registered: true });
  });

  test('a wrong password sets no cookies', async () => {
    const response = await post(t, '/email_login/', { email: member.email, password: 'wrong password' });
    const { status, body } = await readResponse(response);
    expect(status).toBe(400);
    expect(body).toEqual([
      false,
      { err: "Sorry, that email and password don't match. Please try again.", errcode: 'invalid' },
    ]);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  test('an unknown email sets no cookies', async () => {
    const response = await post(t, '/email_login/', { email: 'nobody@example.com', password: member.password });
    expect((await readResponse(response)).status).toBe(400);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  test('missing fields set no cookies and say what is missing', async () => {
    const response = await post(t, '/email_login/', { email: member.email });
    const { status, body } = await readResponse(response);
    expect(status).toBe(400);
    expect(body).toEqual([false, { err: "The field 'password' is required.", errcode: 'invalid' }]);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  test('a body that is not JSON sets no cookies and is no server error', async () => {
    const response = await t.fetch('/email_login/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    const { status, body } = await readResponse(response);
    expect(status).toBe(400);
    expect(failureOf(body as never).errcode).toBe('bad_request');
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe('POST /guest_login/', () => {
  test("remembers a guest's session with named=0", async () => {
    const guest = await aGuest(t);
    const response = await post(t, '/guest_login/', guest);
    const { status, body } = await readResponse(response);
    expect(status).toBe(200);
    expect(body).toEqual([true, { userid: guest.userid, registered: false }]);

    const cookies = setCookies(response);
    expect([...cookies.keys()].sort()).toEqual([...NAMES].sort());
    expectSessionCookie(cookies.get('platterUserId'), guest.userid, false);
    expectSessionCookie(cookies.get('platterUserAuth'), guest.userauth, false);
    expectSessionCookie(cookies.get('platterUserNamed'), '0', false);
  });

  test("remembers a member's session with named=1", async () => {
    const member = await aMember(t);
    const response = await post(t, '/guest_login/', { userid: member.userid, userauth: member.userauth });
    expect((await readResponse(response)).status).toBe(200);
    expect(setCookies(response).get('platterUserNamed')?.value).toBe('1');
  });

  test('bad credentials set no cookies', async () => {
    const guest = await aGuest(t);
    const response = await post(t, '/guest_login/', { userid: guest.userid, userauth: 'not-the-secret' });
    const { status, body } = await readResponse(response);
    expect(status).toBe(401);
    expect(failureOf(body as never).errcode).toBe('not_authenticated');
    expect(response.headers.getSetCookie()).toEqual([]);

    const empty = await post(t, '/guest_login/', {});
    expect((await readResponse(empty)).status).toBe(401);
    expect(empty.headers.getSetCookie()).toEqual([]);
  });
});

describe('POST /logout/', () => {
  test('clears the three cookies and kills the session', async () => {
    const member = await aMember(t);
    const response = await post(t, '/logout/', { userid: member.userid, userauth: member.userauth });
    const { status, body } = await readResponse(response);
    expect(status).toBe(200);
    expect(body).toEqual([true, {}]);

    const cookies = setCookies(response);
    expect([...cookies.keys()].sort()).toEqual([...NAMES].sort());
    for (const cookie of cookies.values()) {
      expect(cookie.value).toBe('');
      expect(cookie.attributes.get('path')).toBe('/');
      const expired =
        cookie.attributes.get('max-age') === '0' || Date.parse(cookie.attributes.get('expires') ?? '') <= Date.now();
      expect(expired, `${cookie.name} expires`).toBe(true);
    }

    expect(failureOf(await t.call('user.authenticate', {}, member)).errcode).toBe('not_authenticated');
  });

  test('clears the cookies even when the credentials are already dead', async () => {
    const response = await post(t, '/logout/', { userid: 'gone', userauth: 'gone' });
    expect((await readResponse(response)).status).toBe(200);
    expect(setCookies(response).size).toBe(3);
  });
});

describe("only this site's pages (docs/sessions.md)", () => {
  /** A refused request: 403, the envelope, and not one cookie set or cleared. */
  async function expectRefused(response: Response) {
    expect(await readResponse(response)).toEqual({ status: 403, body: REFUSED_AS_CROSS_SITE });
    expect(response.headers.getSetCookie()).toEqual([]);
  }

  for (const [from, headers] of Object.entries(FROM_ELSEWHERE)) {
    describe(`from another site (${from})`, () => {
      test('logging in is refused and sets no cookie', async () => {
        const member = await aMember(t);
        await expectRefused(
          await post(t, '/email_login/', { email: member.email, password: member.password }, headers),
        );
      });

      test('remembering a session is refused and sets no cookie', async () => {
        const guest = await aGuest(t);
        await expectRefused(await post(t, '/guest_login/', guest, headers));
      });

      test('logging out is refused: no cookie cleared, and the session still works', async () => {
        const member = await aMember(t);
        await expectRefused(await post(t, '/logout/', { userid: member.userid, userauth: member.userauth }, headers));
        expect(await t.ok('user.authenticate', {}, member)).toEqual({ userid: member.userid, registered: true });
      });
    });
  }

  test('a form another site posts to /logout/ (text/plain or urlencoded, no preflight) is refused', async () => {
    const member = await aMember(t);
    const forms: Record<string, string>[] = [
      // A current browser, then an older one that sends only Origin.
      { 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { 'content-type': 'text/plain', origin: 'https://evil.example' },
      { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    ];
    for (const headers of forms) {
      const response = await t.fetch('/logout/', { method: 'POST', headers, body: 'anything=at all' });
      await expectRefused(response);
    }
    expect(await t.ok('user.info', {}, member)).toMatchObject({ userid: member.userid, registered: true });
  });

  for (const [from, headers] of Object.entries(FROM_HERE)) {
    describe(`from this site (${from})`, () => {
      test('logging in sets the cookies', async () => {
        const member = await aMember(t);
        const body = { email: member.email, password: member.password };
        const response = await post(t, '/email_login/', body, headers(t.baseUrl));
        expect((await readResponse(response)).status).toBe(200);
        expect([...setCookies(response).keys()].sort()).toEqual([...NAMES].sort());
      });

      test('remembering a session sets the cookies', async () => {
        const guest = await aGuest(t);
        const response = await post(t, '/guest_login/', guest, headers(t.baseUrl));
        expect(await readResponse(response)).toEqual({
          status: 200,
          body: [true, { userid: guest.userid, registered: false }],
        });
        expect(setCookies(response).get('platterUserAuth')?.value).toBe(guest.userauth);
      });

      test('logging out clears the cookies and ends the session', async () => {
        const member = await aMember(t);
        const response = await post(t, '/logout/', member, headers(t.baseUrl));
        expect(await readResponse(response)).toEqual({ status: 200, body: [true, {}] });
        expect(setCookies(response).size).toBe(3);
        expect(failureOf(await t.call('user.authenticate', {}, member)).errcode).toBe('not_authenticated');
      });
    });
  }
});

describe('over https', () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await startTestApp({ publicUrl: 'https://x.example' });
  });
  afterAll(() => secure.close());

  test('the session cookies are Secure', async () => {
    const member = await aMember(secure);
    const login = await post(secure, '/email_login/', { email: member.email, password: member.password });
    const { body } = await readResponse(login);
    const [, session] = body as [true, Credentials];
    const cookies = setCookies(login);
    expectSessionCookie(cookies.get('platterUserId'), member.userid, true);
    expectSessionCookie(cookies.get('platterUserAuth'), session.userauth, true);
    expectSessionCookie(cookies.get('platterUserNamed'), '1', true);

    const guest = await aGuest(secure);
    const guestLogin = await post(secure, '/guest_login/', guest);
    for (const cookie of setCookies(guestLogin).values()) expect(cookie.attributes.has('secure')).toBe(true);

    const logout = await post(secure, '/logout/', session);
    for (const cookie of setCookies(logout).values()) expect(cookie.attributes.has('secure')).toBe(true);
  });

  test('PUBLIC_URL is this site too, whatever Host the request came to; its http twin is not', async () => {
    const guest = await aGuest(secure);
    const own = await post(secure, '/guest_login/', guest, { origin: 'https://x.example' });
    expect((await readResponse(own)).status).toBe(200);
    expect(setCookies(own).size).toBe(3);

    const plain = await post(secure, '/guest_login/', guest, { origin: 'http://x.example' });
    expect(await readResponse(plain)).toEqual({ status: 403, body: REFUSED_AS_CROSS_SITE });
    expect(plain.headers.getSetCookie()).toEqual([]);
  });
});
