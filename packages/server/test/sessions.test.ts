/** Holding a session: user.authenticate, user.info, user.get_prefs and user.logout. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiMessages, avatarImageUrls, credentialsHeader } from '@platter/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest, aMember } from './support/factories';
import { failureOf } from './support/envelopes';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const NOT_AUTHENTICATED = {
  err: 'Your session has ended. Please reload the page and log in again.',
  errcode: 'not_authenticated',
};

describe('user.authenticate', () => {
  test('says who a guest is', async () => {
    const guest = await aGuest(t);
    expect(await t.ok('user.authenticate', {}, guest)).toEqual({ userid: guest.userid, registered: false });
  });

  test('says who a member is', async () => {
    const member = await aMember(t);
    expect(await t.ok('user.authenticate', {}, member)).toEqual({ userid: member.userid, registered: true });
  });

  test('refuses a call without credentials', async () => {
    expect(failureOf(await t.call('user.authenticate', {}))).toEqual(NOT_AUTHENTICATED);
  });

  test('refuses a wrong userauth', async () => {
    const guest = await aGuest(t);
    expect(failureOf(await t.call('user.authenticate', {}, { userid: guest.userid, userauth: 'guessed' }))).toEqual(
      NOT_AUTHENTICATED,
    );
  });

  test("refuses one user's userauth presented with another's userid", async () => {
    const [a, b] = await Promise.all([aGuest(t), aGuest(t)]);
    expect(failureOf(await t.call('user.authenticate', {}, { userid: b.userid, userauth: a.userauth }))).toEqual(
      NOT_AUTHENTICATED,
    );
  });

  test('refuses half the credentials', async () => {
    const guest = await aGuest(t);
    expect(failureOf(await t.call('user.authenticate', { userid: guest.userid })).errcode).toBe('not_authenticated');
    expect(failureOf(await t.call('user.authenticate', { userauth: guest.userauth })).errcode).toBe(
      'not_authenticated',
    );
  });
});

describe('the Authorization header (the web app keeps its session out of URLs)', () => {
  const envelopeOf = async (response: Response) => [response.status, await response.json()] as const;

  test('authenticates a GET and a POST call, with nothing secret in the address or body', async () => {
    const member = await aMember(t);
    const authorization = credentialsHeader(member);
    expect(
      await envelopeOf(await t.fetch('/api/user.authenticate?client=web', { headers: { authorization } })),
    ).toEqual([200, [true, { userid: member.userid, registered: true }]]);
    const logout = await t.fetch('/api/user.logout', {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ client: 'web' }),
    });
    expect((await envelopeOf(logout))[0]).toBe(200);
    expect(failureOf(await t.call('user.authenticate', {}, member))).toEqual(NOT_AUTHENTICATED);
  });

  test('a wrong session in the header is refused as any wrong session is, and outranks the query', async () => {
    const member = await aMember(t);
    const wrong = credentialsHeader({ userid: member.userid, userauth: 'guessed' });
    const query = new URLSearchParams({ userid: member.userid, userauth: member.userauth });
    expect(
      await envelopeOf(await t.fetch(`/api/user.authenticate?${query}`, { headers: { authorization: wrong } })),
    ).toEqual([401, [false, NOT_AUTHENTICATED]]);
  });

  test('a malformed Platter header gets the envelope, not a 500; another scheme is not ours', async () => {
    const refusal = [400, [false, { err: apiMessages.badAuthorization, errcode: 'bad_request' }]];
    for (const authorization of [
      'Platter',
      'Platter nocolon',
      'Platter :auth',
      'Platter id:',
      `Platter id:${'x'.repeat(300)}`,
    ]) {
      expect(await envelopeOf(await t.fetch('/api/user.authenticate', { headers: { authorization } }))).toEqual(
        refusal,
      );
    }
    const basic = await t.fetch('/api/user.authenticate', { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(await envelopeOf(basic)).toEqual([401, [false, NOT_AUTHENTICATED]]);
  });
});

describe('user.info', () => {
  test('describes a member to themselves', async () => {
    const member = await aMember(t);
    const info = await t.ok('user.info', {}, member);
    expect(info).toEqual({
      userid: member.userid,
      name: member.name,
      registered: true,
      email: null,
      unverified_email: member.email,
      has_tt_password: true,
      avatarid: 8,
      custom_avatar: null,
      images: avatarImageUrls(8),
      points: 0,
      fans: 0,
      fanofs: 0,
      acl: 0,
      bot: false,
      fbid: null,
      twitterid: null,
      twitter_profile_image: null,
      laptop: 'mac',
      subscription_level: 0,
      status: 'available',
      created: expect.any(Number) as number,
    });
    expect(Math.abs(info.created - Date.now())).toBeLessThan(60_000);
  });

  test('never gives out the password hash or any session secret', async () => {
    const member = await aMember(t);
    const other = await t.ok('user.email_login', { email: member.email, password: member.password });
    const response = await t.fetch(
      `/api/user.info?${new URLSearchParams({ userid: member.userid, userauth: member.userauth })}`,
    );
    const text = await response.text();
    expect(text).toContain(member.userid);
    expect(text).not.toMatch(/argon2/i);
    expect(text).not.toContain(member.userauth);
    expect(text).not.toContain(other.userauth);
    expect(text).not.toContain(member.password);
    expect(text).not.toMatch(/"(password|password_?hash|token_?hash|userauth|sessions?)"/i);
  });

  test('needs a session', async () => {
    expect(failureOf(await t.call('user.info', {}))).toEqual(NOT_AUTHENTICATED);
  });
});

describe('user.get_prefs', () => {
  test('gives the defaults to someone who has saved none', async () => {
    const expected = {
      layout: 'dual',
      miniplayer: false,
      disable_zoom: false,
      disable_animation: false,
      disable_webgl: false,
    };
    expect(await t.ok('user.get_prefs', {}, await aGuest(t))).toEqual(expected);
    expect(await t.ok('user.get_prefs', {}, await aMember(t))).toEqual(expected);
  });

  test('needs a session', async () => {
    expect(failureOf(await t.call('user.get_prefs', {}))).toEqual(NOT_AUTHENTICATED);
  });
});

describe('user.logout', () => {
  test('ends the session: its userauth is dead afterwards', async () => {
    const member = await aMember(t);
    expect(await t.ok('user.logout', {}, member)).toEqual({});
    expect(failureOf(await t.call('user.authenticate', {}, member))).toEqual(NOT_AUTHENTICATED);
    expect(failureOf(await t.call('user.info', {}, member))).toEqual(NOT_AUTHENTICATED);
    expect(failureOf(await t.call('user.logout', {}, member))).toEqual(NOT_AUTHENTICATED);
  });

  test('ends only that session, not the member’s others', async () => {
    const member = await aMember(t);
    const elsewhere = await t.ok('user.email_login', { email: member.email, password: member.password });
    await t.ok('user.logout', {}, elsewhere);
    expect(failureOf(await t.call('user.authenticate', {}, elsewhere)).errcode).toBe('not_authenticated');
    expect(await t.ok('user.authenticate', {}, member)).toEqual({ userid: member.userid, registered: true });
  });

  test('the member can log in again afterwards', async () => {
    const member = await aMember(t);
    await t.ok('user.logout', {}, member);
    const login = await t.ok('user.email_login', { email: member.email, password: member.password });
    expect(await t.ok('user.authenticate', {}, login)).toEqual({ userid: member.userid, registered: true });
  });

  test('a guest can log out too', async () => {
    const guest = await aGuest(t);
    await t.ok('user.logout', {}, guest);
    expect(failureOf(await t.call('user.authenticate', {}, guest)).errcode).toBe('not_authenticated');
  });

  test('needs a session', async () => {
    expect(failureOf(await t.call('user.logout', {}))).toEqual(NOT_AUTHENTICATED);
  });
});
