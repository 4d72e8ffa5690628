/**
 * Social connections against a real OpenID Connect provider on loopback
 * (spec §2 Social modal and other paths, §4 Connect banner and Registration,
 * §5 disconnect rule, §8 connect failure; docs/social.md): connect, log in
 * and sign up through a provider, friends feeding the buddy list, the
 * disconnect rule, and every way a callback can be refused.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SESSION_COOKIES, type Credentials, type SocialAccount } from '@platter/contract';
import { loadConfig, ConfigError } from '../src/config';
import { updateUser } from '../src/features/accounts/store';
import { enterRoom } from '../src/features/rooms/membership';
import { safeReturnPath } from '../src/features/social/routes';
import { cleanProviderName } from '../src/features/social/social-name';
import { CookieBrowser } from './support/cookie-browser';
import { failureOf, readResponse } from './support/envelopes';
import { FROM_ELSEWHERE, FROM_HERE, REFUSED_AS_CROSS_SITE } from './support/cross-site';
import { aGuest, aMember, aRoom } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';
import {
  startTestIdentityProvider,
  type TestAccount,
  type TestIdentityProvider,
} from './support/test-identity-provider';

const FACEBOOK = { clientId: 'platter-facebook', clientSecret: 'facebook-client-secret-for-tests' };
const TWITTER = { clientId: 'platter-twitter', clientSecret: 'twitter-client-secret-for-tests' };

const EXPLICIT = { clientId: 'platter-explicit', clientSecret: 'explicit-client-secret-for-tests' };

let idp: TestIdentityProvider;
let t: TestApp;
/** Twitter set up with explicit endpoints instead of discovery, and claims at other paths. */
let explicit: TestApp;
let people = 0;

/** A person with an account at the provider (not yet here). */
function aProviderAccount(overrides: Partial<TestAccount> = {}): TestAccount {
  people += 1;
  const account: TestAccount = {
    sub: `person-${people}-${Date.now().toString(36)}`,
    name: `Provider Person ${people}`,
    picture: `https://pictures.example/${people}.png`,
    preferred_username: `person${people}`,
    ...overrides,
  };
  idp.addAccount(account);
  return account;
}

/** A browser: signed in as `who` (the three session cookies), or with no session. */
function aBrowser(who?: Credentials & { registered?: boolean }): CookieBrowser {
  const browser = new CookieBrowser(t.baseUrl);
  if (who) {
    browser.setCookie(t.baseUrl, SESSION_COOKIES.userId, who.userid);
    browser.setCookie(t.baseUrl, SESSION_COOKIES.userAuth, who.userauth);
    browser.setCookie(t.baseUrl, SESSION_COOKIES.named, who.registered === false ? '0' : '1');
  }
  return browser;
}

function sessionOf(browser: CookieBrowser): Credentials {
  const userid = browser.cookie(t.baseUrl, SESSION_COOKIES.userId);
  const userauth = browser.cookie(t.baseUrl, SESSION_COOKIES.userAuth);
  if (!userid || !userauth) throw new Error('no session cookies');
  return { userid, userauth };
}

const params = (url: URL) => Object.fromEntries(url.searchParams);

async function accountsOf(who: Credentials): Promise<Record<string, SocialAccount>> {
  const { accounts } = await t.ok('social.get_accounts', {}, who);
  return Object.fromEntries(accounts.map((a) => [a.id, a]));
}

async function unattach(path: string, who: Credentials, headers: Record<string, string> = {}) {
  return readResponse(
    await t.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(who),
    }),
  );
}

beforeAll(async () => {
  idp = await startTestIdentityProvider();
  const env = { ...idp.env('FACEBOOK', FACEBOOK), ...idp.env('TWITTER', TWITTER) };
  t = await startTestApp({ social: loadConfig(env).social });
  explicit = await startTestApp({
    social: loadConfig({
      SOCIAL_TWITTER_ISSUER: idp.issuer,
      SOCIAL_TWITTER_CLIENT_ID: EXPLICIT.clientId,
      SOCIAL_TWITTER_CLIENT_SECRET: EXPLICIT.clientSecret,
      SOCIAL_TWITTER_AUTHORIZATION_URL: `${idp.issuer}/auth`,
      SOCIAL_TWITTER_TOKEN_URL: `${idp.issuer}/token`,
      SOCIAL_TWITTER_USERINFO_URL: `${idp.issuer}/me`,
      SOCIAL_TWITTER_SCOPES: 'openid profile',
      // The handle as the name: a provider whose "name" is elsewhere.
      SOCIAL_TWITTER_CLAIMS: 'name=preferred_username,screen_name=name',
    }).social,
  });
  // The redirect URIs name the ports the test apps got.
  t.app.services.config.publicUrl = t.baseUrl;
  explicit.app.services.config.publicUrl = explicit.baseUrl;
  idp.registerClients([
    { ...FACEBOOK, redirectUris: [`${t.baseUrl}/facebook_login/callback`] },
    { ...TWITTER, redirectUris: [`${t.baseUrl}/twitter_login/callback`] },
    { ...EXPLICIT, redirectUris: [`${explicit.baseUrl}/twitter_login/callback`] },
  ]);
});
afterAll(async () => {
  await t?.close();
  await explicit?.close();
  await idp?.close();
});

describe('social.get_accounts', () => {
  test('a member sees both providers, set up, reachable and not connected', async () => {
    const member = await aMember(t);
    expect(await t.ok('social.get_accounts', {}, member)).toEqual({
      accounts: [
        {
          id: 'facebook',
          name: 'Facebook',
          available: true,
          reachable: true,
          connected: false,
          profile_image: null,
          screen_name: null,
          login_path: '/facebook_login',
          unattach_path: '/facebook_unattach/',
        },
        {
          id: 'twitter',
          name: 'Twitter',
          available: true,
          reachable: true,
          connected: false,
          profile_image: null,
          screen_name: null,
          login_path: '/twitter_login/',
          unattach_path: '/twitter_unattach/',
        },
      ],
    });
  });

  test('a guest may ask (the sign-up step shows the providers); no session may not', async () => {
    const guest = await aGuest(t);
    expect((await accountsOf(guest)).facebook?.available).toBe(true);
    expect(failureOf(await t.call('social.get_accounts', {})).errcode).toBe('not_authenticated');
  });
});

describe('connecting a provider to a member', () => {
  test('the journey goes to the provider and back to Manage Social, and the account is linked', async () => {
    const member = await aMember(t);
    const person = aProviderAccount({ name: 'Ada Lovelace', picture: 'https://pictures.example/ada.png' });
    idp.signInAs(person.sub);
    const browser = aBrowser(member);

    const journey = await browser.navigate('/facebook_login');
    expect(journey.hops[1]?.origin).toBe(new URL(idp.issuer).origin);
    const authorization = journey.hops[1]!.searchParams;
    expect(authorization.get('code_challenge_method')).toBe('S256');
    expect(authorization.get('scope')).toBe('openid profile email');
    expect(authorization.get('redirect_uri')).toBe(`${t.baseUrl}/facebook_login/callback`);
    expect(authorization.get('state')).toBeTruthy();
    expect(authorization.get('nonce')).toBeTruthy();
    expect(journey.url.pathname).toBe('/account/social');
    expect(params(journey.url)).toEqual({ social_connected: 'facebook', social_outcome: 'connected' });
    // The pending flow is spent.
    expect(browser.cookie(t.baseUrl, 'platter_social_flow')).toBeUndefined();

    const accounts = await accountsOf(member);
    expect(accounts.facebook).toMatchObject({
      connected: true,
      screen_name: 'Ada Lovelace',
      profile_image: 'https://pictures.example/ada.png',
    });
    expect(accounts.twitter?.connected).toBe(false);
    const info = await t.ok('user.info', {}, member);
    expect(info.fbid).toBe(person.sub);
    expect(info.twitterid).toBeNull();
  });

  test("twitter's id and picture are the user's twitterid and twitter_profile_image", async () => {
    const member = await aMember(t);
    const person = aProviderAccount({ picture: 'https://pictures.example/tweety.png' });
    idp.signInAs(person.sub);
    const journey = await aBrowser(member).navigate('/twitter_login/');
    expect(params(journey.url)).toEqual({ social_connected: 'twitter', social_outcome: 'connected' });
    const info = await t.ok('user.info', {}, member);
    expect(info.twitterid).toBe(person.sub);
    expect(info.twitter_profile_image).toBe('https://pictures.example/tweety.png');
  });

  test('connecting again refreshes the name and picture', async () => {
    const member = await aMember(t);
    const person = aProviderAccount({ name: 'Old Name' });
    idp.signInAs(person.sub);
    const browser = aBrowser(member);
    await browser.navigate('/facebook_login');
    idp.addAccount({ ...person, name: 'New Name', picture: 'https://pictures.example/new.png' });
    await browser.navigate('/facebook_login');
    expect((await accountsOf(member)).facebook).toMatchObject({
      screen_name: 'New Name',
      profile_image: 'https://pictures.example/new.png',
    });
  });

  test('a provider account linked to another member is refused with "taken"', async () => {
    const owner = await aMember(t);
    const other = await aMember(t);
    const person = aProviderAccount();
    idp.signInAs(person.sub);
    await aBrowser(owner).navigate('/facebook_login');
    const journey = await aBrowser(other).navigate('/facebook_login');
    expect(journey.url.pathname).toBe('/account/social');
    expect(params(journey.url)).toEqual({ social_error: 'taken', social_provider: 'facebook' });
    expect((await accountsOf(other)).facebook?.connected).toBe(false);
    expect((await t.ok('user.info', {}, owner)).fbid).toBe(person.sub);
  });

  test('return_to brings the browser back where it asked, on this site only', async () => {
    const member = await aMember(t);
    idp.signInAs(aProviderAccount().sub);
    const journey = await aBrowser(member).navigate('/facebook_login?return_to=%2F%3Fview%3Dfavorites');
    expect(journey.url.pathname).toBe('/');
    expect(params(journey.url)).toEqual({
      view: 'favorites',
      social_connected: 'facebook',
      social_outcome: 'connected',
    });

    expect(safeReturnPath('/account/social')).toBe('/account/social');
    expect(safeReturnPath('/?social_error=failed&x=1')).toBe('/?x=1');
    for (const unsafe of [
      '//evil.example/',
      '/\\evil.example',
      'https://evil.example/',
      'account',
      '/facebook_login',
      '/a\nb',
      5,
    ]) {
      expect(safeReturnPath(unsafe)).toBeNull();
    }
  });

  test('saying no at the provider comes back with "denied" and links nothing', async () => {
    const member = await aMember(t);
    idp.signInAs(aProviderAccount().sub);
    idp.denyNext();
    const journey = await aBrowser(member).navigate('/facebook_login');
    expect(params(journey.url)).toEqual({ social_error: 'denied', social_provider: 'facebook' });
    expect((await accountsOf(member)).facebook?.connected).toBe(false);
  });
});

test('a provider set up with explicit endpoints (no discovery) and other claim paths works alike', async () => {
  const person = aProviderAccount({ name: 'Long Display Name', preferred_username: 'handle_here' });
  idp.signInAs(person.sub);
  const browser = new CookieBrowser(explicit.baseUrl);
  const journey = await browser.navigate('/twitter_login/');
  expect(params(journey.url)).toEqual({ social_connected: 'twitter', social_outcome: 'signup' });
  const session = {
    userid: browser.cookie(explicit.baseUrl, SESSION_COOKIES.userId)!,
    userauth: browser.cookie(explicit.baseUrl, SESSION_COOKIES.userAuth)!,
  };
  expect((await explicit.ok('user.info', {}, session)).name).toBe('handle_here');
  const { accounts } = await explicit.ok('social.get_accounts', {}, session);
  expect(accounts.find((a) => a.id === 'twitter')).toMatchObject({ connected: true, screen_name: 'handle_here' });
  // Facebook is not set up on that app.
  expect(accounts.find((a) => a.id === 'facebook')).toMatchObject({ available: false, connected: false });
});

describe('logging in through a provider', () => {
  test('a linked provider account logs its member in on a browser with no session', async () => {
    const member = await aMember(t);
    const person = aProviderAccount();
    idp.signInAs(person.sub);
    await aBrowser(member).navigate('/facebook_login');

    const stranger = aBrowser();
    const journey = await stranger.navigate('/facebook_login');
    expect(journey.url.pathname).toBe('/');
    expect(params(journey.url)).toEqual({ social_connected: 'facebook', social_outcome: 'login' });
    const session = sessionOf(stranger);
    expect(session.userid).toBe(member.userid);
    expect(session.userauth).not.toBe(member.userauth);
    expect(stranger.cookie(t.baseUrl, SESSION_COOKIES.named)).toBe('1');
    expect(await t.ok('user.authenticate', {}, session)).toEqual({ userid: member.userid, registered: true });
  });

  test("a guest logging in leaves the guest's session behind", async () => {
    const member = await aMember(t);
    const person = aProviderAccount();
    idp.signInAs(person.sub);
    await aBrowser(member).navigate('/twitter_login/');

    const guest = await aGuest(t);
    const browser = aBrowser({ ...guest, registered: false });
    const journey = await browser.navigate('/twitter_login');
    expect(params(journey.url)).toEqual({ social_connected: 'twitter', social_outcome: 'login' });
    expect(sessionOf(browser).userid).toBe(member.userid);
    expect(failureOf(await t.call('user.authenticate', {}, guest)).errcode).toBe('not_authenticated');
  });
});

describe('signing up through a provider', () => {
  test('a guest becomes a member with the same id, named after the provider name, with no email or password', async () => {
    const guest = await aGuest(t);
    const person = aProviderAccount({ name: 'Grace Hopper' });
    idp.signInAs(person.sub);
    const browser = aBrowser({ ...guest, registered: false });
    const journey = await browser.navigate('/facebook_login');
    expect(journey.url.pathname).toBe('/');
    expect(params(journey.url)).toEqual({ social_connected: 'facebook', social_outcome: 'signup' });

    const session = sessionOf(browser);
    expect(session.userid).toBe(guest.userid);
    expect(browser.cookie(t.baseUrl, SESSION_COOKIES.named)).toBe('1');
    const info = await t.ok('user.info', {}, session);
    expect(info).toMatchObject({
      name: 'Grace Hopper',
      registered: true,
      email: null,
      unverified_email: null,
      has_tt_password: false,
      avatarid: 8,
      fbid: person.sub,
    });
    // The guest's secret no longer works: a new identity, a new secret.
    expect(failureOf(await t.call('user.authenticate', {}, guest)).errcode).toBe('not_authenticated');
  });

  test('with no session at all a new member is made; a taken name gets a number', async () => {
    const first = aProviderAccount({ name: 'Same Name' });
    const second = aProviderAccount({ name: 'Same Name' });
    idp.signInAs(first.sub);
    const one = aBrowser();
    await one.navigate('/facebook_login');
    idp.signInAs(second.sub);
    const two = aBrowser();
    const journey = await two.navigate('/facebook_login');
    expect(params(journey.url).social_outcome).toBe('signup');
    expect((await t.ok('user.info', {}, sessionOf(one))).name).toBe('Same Name');
    expect((await t.ok('user.info', {}, sessionOf(two))).name).toBe('Same Name 2');
  });

  test('a name with characters a DJ name may not have is cleaned, and a useless one replaced', async () => {
    const person = aProviderAccount({ name: '<Zoë>  "The" Coder/Hacker of Everything' });
    idp.signInAs(person.sub);
    const browser = aBrowser();
    await browser.navigate('/facebook_login');
    expect((await t.ok('user.info', {}, sessionOf(browser))).name).toBe('Zoë The Coder Hacker');

    expect(cleanProviderName('   ')).toBeNull();
    expect(cleanProviderName('<<>>')).toBeNull();
    expect(cleanProviderName('Ünïcödé Ñame')).toBe('Ünïcödé Ñame');
    const nameless = aProviderAccount({ name: '<<>>', preferred_username: '///' });
    idp.signInAs(nameless.sub);
    const other = aBrowser();
    await other.navigate('/facebook_login');
    expect((await t.ok('user.info', {}, sessionOf(other))).name).toMatch(/\S/);
  });
});

describe('the disconnect rule (spec §5)', () => {
  const blocked = (service: string) =>
    `Please set and verify your email address and password before disconnecting your ${service} account.`;

  async function socialOnlyMember(): Promise<Credentials> {
    idp.signInAs(aProviderAccount().sub);
    const browser = aBrowser();
    await browser.navigate('/facebook_login');
    return sessionOf(browser);
  }

  test('a member who signed up through a provider cannot disconnect it', async () => {
    const member = await socialOnlyMember();
    expect(await unattach('/facebook_unattach/', member)).toEqual({
      status: 403,
      body: [false, { err: blocked('Facebook'), errcode: 'forbidden' }],
    });
    expect(failureOf(await t.call('social.disconnect', { provider: 'facebook' }, member))).toEqual({
      err: blocked('Facebook'),
      errcode: 'forbidden',
    });
    expect((await accountsOf(member)).facebook?.connected).toBe(true);
  });

  test('with the other provider connected, it can', async () => {
    const member = await socialOnlyMember();
    idp.signInAs(aProviderAccount().sub);
    const browser = aBrowser(member);
    await browser.navigate('/twitter_login/');
    expect(await unattach('/facebook_unattach/', member)).toEqual({ status: 200, body: [true, {}] });
    const accounts = await accountsOf(member);
    expect(accounts.facebook?.connected).toBe(false);
    expect(accounts.twitter?.connected).toBe(true);
    // Now twitter is the only way in: it stays.
    expect(failureOf(await t.call('social.disconnect', { provider: 'twitter' }, member)).err).toBe(blocked('Twitter'));
  });

  test('an unverified email is not enough; a verified email and a password are', async () => {
    const member = await aMember(t);
    idp.signInAs(aProviderAccount().sub);
    await aBrowser(member).navigate('/facebook_login');
    expect(failureOf(await t.call('social.disconnect', { provider: 'facebook' }, member)).err).toBe(
      blocked('Facebook'),
    );
    // Following the verification link makes the address the member's email.
    await updateUser(t.app.services.db, member.userid, {
      email: member.email,
      emailLower: member.email.toLowerCase(),
      unverifiedEmail: null,
      unverifiedEmailLower: null,
    });
    expect(await t.ok('social.disconnect', { provider: 'facebook' }, member)).toEqual({});
    expect((await t.ok('user.info', {}, member)).fbid).toBeNull();
  });

  test('disconnecting what is not connected is fine; guests and strangers may not', async () => {
    const member = await aMember(t);
    expect(await unattach('/twitter_unattach/', member)).toEqual({ status: 200, body: [true, {}] });
    const guest = await aGuest(t);
    expect((await unattach('/twitter_unattach/', guest)).body).toEqual([
      false,
      { err: 'Please sign up or log in to do that.', errcode: 'members_only' },
    ]);
    expect((await unattach('/twitter_unattach/', { userid: member.userid, userauth: 'wrong' })).status).toBe(401);
  });

  test('a GET of an unattach path changes nothing: it opens Manage Social', async () => {
    const member = await aMember(t);
    idp.signInAs(aProviderAccount().sub);
    const browser = aBrowser(member);
    await browser.navigate('/facebook_login');
    const response = await t.fetch('/facebook_unattach/', {
      redirect: 'manual',
      headers: { cookie: browser.cookieHeader(new URL(`${t.baseUrl}/facebook_unattach/`)) },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/account/social');
    expect((await accountsOf(member)).facebook?.connected).toBe(true);
  });
});

describe('refused callbacks', () => {
  /** Starts a flow and stops at the provider's redirect back to Platter: the callback URL, not yet visited. */
  async function callbackUrlFor(browser: CookieBrowser, sub: string): Promise<URL> {
    idp.signInAs(sub);
    const start = await fetch(`${t.baseUrl}/facebook_login`, {
      redirect: 'manual',
      headers: { cookie: browser.cookieHeader(new URL(`${t.baseUrl}/facebook_login`)) },
    });
    // The sealed flow cookie, kept like a browser would.
    const flow = /platter_social_flow=([^;]+)/.exec(start.headers.getSetCookie().join('\n'))?.[1];
    if (flow) browser.setCookie(t.baseUrl, 'platter_social_flow', flow, '/facebook_login');
    const atProvider = new CookieBrowser(idp.issuer);
    let url = new URL(start.headers.get('location')!);
    for (let hop = 0; hop < 10 && url.origin !== t.baseUrl; hop++) {
      const response = await fetch(url, {
        redirect: 'manual',
        headers: { cookie: atProvider.cookieHeader(url) },
      });
      for (const header of response.headers.getSetCookie()) {
        const [pair = ''] = header.split(';');
        const at = pair.indexOf('=');
        if (!/max-age=0|expires=thu, 01 jan 1970/i.test(header))
          atProvider.setCookie(
            url.href,
            pair.slice(0, at),
            pair.slice(at + 1),
            /path=([^;]+)/i.exec(header)?.[1] ?? '/',
          );
      }
      url = new URL(response.headers.get('location')!, url);
    }
    return url;
  }

  async function visitCallback(browser: CookieBrowser, url: URL) {
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: browser.cookieHeader(url) } });
    return new URL(response.headers.get('location')!, t.baseUrl);
  }

  test('a state that does not match the browser’s flow is refused', async () => {
    const member = await aMember(t);
    const browser = aBrowser(member);
    const callback = await callbackUrlFor(browser, aProviderAccount().sub);
    expect(callback.pathname).toBe('/facebook_login/callback');
    callback.searchParams.set('state', 'forged-state');
    const back = await visitCallback(browser, callback);
    expect(params(back)).toEqual({ social_error: 'failed', social_provider: 'facebook' });
    expect((await accountsOf(member)).facebook?.connected).toBe(false);
  });

  test("a callback taken to another browser (no flow cookie) is refused: no one is linked to the attacker's account", async () => {
    const attacker = await aMember(t);
    const victim = await aMember(t);
    const callback = await callbackUrlFor(aBrowser(attacker), aProviderAccount().sub);
    const back = await visitCallback(aBrowser(victim), callback);
    expect(params(back)).toEqual({ social_error: 'failed', social_provider: 'facebook' });
    expect((await accountsOf(victim)).facebook?.connected).toBe(false);
  });

  test('a flow cookie that was tampered with is refused', async () => {
    const member = await aMember(t);
    const browser = aBrowser(member);
    const callback = await callbackUrlFor(browser, aProviderAccount().sub);
    const sealed = browser.cookie(t.baseUrl, 'platter_social_flow')!;
    browser.setCookie(t.baseUrl, 'platter_social_flow', `${sealed.slice(0, -4)}AAAA`, '/facebook_login');
    expect(params(await visitCallback(browser, callback)).social_error).toBe('failed');
  });

  test('a browser that signed in as someone else meanwhile cannot finish the flow', async () => {
    const first = await aMember(t);
    const second = await aMember(t);
    const browser = aBrowser(first);
    const callback = await callbackUrlFor(browser, aProviderAccount().sub);
    browser.setCookie(t.baseUrl, SESSION_COOKIES.userId, second.userid);
    browser.setCookie(t.baseUrl, SESSION_COOKIES.userAuth, second.userauth);
    expect(params(await visitCallback(browser, callback)).social_error).toBe('failed');
    expect((await accountsOf(second)).facebook?.connected).toBe(false);
    expect((await accountsOf(first)).facebook?.connected).toBe(false);
  });

  test('a replayed callback (the same flow cookie and code) is refused: a code works once', async () => {
    const member = await aMember(t);
    const browser = aBrowser(member);
    const callback = await callbackUrlFor(browser, aProviderAccount().sub);
    // visitCallback keeps no cookies, so the second visit still carries the spent flow.
    expect(params(await visitCallback(browser, callback)).social_outcome).toBe('connected');
    expect(params(await visitCallback(browser, callback)).social_error).toBe('failed');
  });
});

describe("only this site's pages start a flow or unlink (docs/sessions.md)", () => {
  test('a journey from a link on the page, or a typed address, still goes through: the way back is cross-site', async () => {
    const member = await aMember(t);
    idp.signInAs(aProviderAccount().sub);
    const fromPage = await aBrowser(member).navigate('/facebook_login', 'same-origin');
    expect(params(fromPage.url)).toEqual({ social_connected: 'facebook', social_outcome: 'connected' });

    idp.signInAs(aProviderAccount().sub);
    const typed = aBrowser();
    const journey = await typed.navigate('/twitter_login/', 'none');
    expect(params(journey.url)).toEqual({ social_connected: 'twitter', social_outcome: 'signup' });
    expect((await t.ok('user.info', {}, sessionOf(typed))).registered).toBe(true);
  });

  for (const [from, headers] of Object.entries(FROM_ELSEWHERE)) {
    test(`a start from another site (${from}) is refused: no flow, no trip to the provider`, async () => {
      const member = await aMember(t);
      idp.signInAs(aProviderAccount().sub);
      const browser = aBrowser(member);
      const start = await t.fetch('/facebook_login', {
        redirect: 'manual',
        headers: { ...headers, cookie: browser.cookieHeader(new URL(`${t.baseUrl}/facebook_login`)) },
      });
      expect(await readResponse(start)).toEqual({ status: 403, body: REFUSED_AS_CROSS_SITE });
      expect(start.headers.getSetCookie()).toEqual([]);
      expect((await accountsOf(member)).facebook?.connected).toBe(false);
    });

    test(`unlinking from another site (${from}) is refused and unlinks nothing`, async () => {
      const member = await aMember(t);
      idp.signInAs(aProviderAccount().sub);
      await aBrowser(member).navigate('/twitter_login/');
      expect(await unattach('/twitter_unattach/', member, headers)).toEqual({
        status: 403,
        body: REFUSED_AS_CROSS_SITE,
      });
      expect((await accountsOf(member)).twitter?.connected).toBe(true);
    });
  }

  test('a link on another site to a start goes nowhere', async () => {
    const guest = await aGuest(t);
    idp.signInAs(aProviderAccount().sub);
    const journey = await aBrowser({ ...guest, registered: false }).navigate('/facebook_login', 'cross-site');
    expect(journey.status).toBe(403);
    expect(journey.hops).toHaveLength(1);
    // Still a guest: no sign-up through the provider happened.
    expect(await t.ok('user.authenticate', {}, guest)).toEqual({ userid: guest.userid, registered: false });
  });

  for (const [from, headers] of Object.entries(FROM_HERE)) {
    test(`unlinking from this site (${from}) works`, async () => {
      const member = await aMember(t);
      for (const path of ['/facebook_login', '/twitter_login/']) {
        idp.signInAs(aProviderAccount().sub);
        await aBrowser(member).navigate(path, 'same-origin');
      }
      expect(await unattach('/facebook_unattach/', member, headers(t.baseUrl))).toEqual({
        status: 200,
        body: [true, {}],
      });
      expect((await accountsOf(member)).facebook?.connected).toBe(false);
    });
  }
});

describe('friends from a linked account feed the buddy list', () => {
  test("a provider friend who is a member here and in a public room shows in the caller's directory graph", async () => {
    const friendAccount = aProviderAccount({ name: 'Fiona Friend' });
    const viewerAccount = aProviderAccount({ name: 'Vera Viewer', friends: [friendAccount.sub, 'not-a-member-here'] });
    const friend = await aMember(t, { name: 'Fiona Here' });
    const viewer = await aMember(t, { name: 'Vera Here' });
    idp.signInAs(friendAccount.sub);
    await aBrowser(friend).navigate('/facebook_login');
    idp.signInAs(viewerAccount.sub);
    await aBrowser(viewer).navigate('/facebook_login');

    const room = await aRoom(t, friend, { room_name: 'Friends Corner' });
    await enterRoom(t.app.services, friend.userid, room.roomid);
    const { rooms } = await t.ok('room.directory_graph', {}, viewer);
    const entry = rooms.find(([r]) => r.roomid === room.roomid);
    expect(entry?.[1]).toEqual([
      expect.objectContaining({ userid: friend.userid, name: 'Fiona Here', type: 'friends' }),
    ]);

    // Disconnecting takes those friends away.
    await updateUser(t.app.services.db, viewer.userid, { email: viewer.email, emailLower: viewer.email.toLowerCase() });
    await t.ok('social.disconnect', { provider: 'facebook' }, viewer);
    const after = await t.ok('room.directory_graph', {}, viewer);
    expect(after.rooms.find(([r]) => r.roomid === room.roomid)).toBeUndefined();
  });
});

describe('providers that are not set up or cannot be reached', () => {
  let bare: TestApp;
  beforeAll(async () => {
    // Facebook points at a port where nothing listens; Twitter is not set up at all.
    const env = {
      SOCIAL_FACEBOOK_ISSUER: 'http://127.0.0.1:9/',
      SOCIAL_FACEBOOK_CLIENT_ID: 'nobody',
      SOCIAL_FACEBOOK_CLIENT_SECRET: 'nothing',
      SOCIAL_TWITTER_NAME: 'Mastodon',
    };
    bare = await startTestApp({ social: loadConfig(env).social });
  });
  afterAll(() => bare?.close());

  test('an unconfigured provider is shown as unavailable, and its login route says so', async () => {
    const member = await aMember(bare);
    const { accounts } = await bare.ok('social.get_accounts', {}, member);
    expect(accounts.find((a) => a.id === 'twitter')).toMatchObject({
      name: 'Mastodon',
      available: false,
      reachable: false,
      connected: false,
    });
    const browser = new CookieBrowser(bare.baseUrl);
    browser.setCookie(bare.baseUrl, SESSION_COOKIES.userId, member.userid);
    browser.setCookie(bare.baseUrl, SESSION_COOKIES.userAuth, member.userauth);
    const journey = await browser.navigate('/twitter_login/');
    expect(journey.url.pathname).toBe('/account/social');
    expect(params(journey.url)).toEqual({ social_error: 'unavailable', social_provider: 'twitter' });
    // A visitor with no session goes back to the lobby.
    const visitor = await new CookieBrowser(bare.baseUrl).navigate('/twitter_login/');
    expect(`${visitor.url.pathname}${visitor.url.search}`).toBe('/?social_error=unavailable&social_provider=twitter');
  });

  test('an unreachable provider is reported as such, not as a crash', async () => {
    const member = await aMember(bare);
    const { accounts } = await bare.ok('social.get_accounts', {}, member);
    expect(accounts.find((a) => a.id === 'facebook')).toMatchObject({ available: true, reachable: false });
    const journey = await new CookieBrowser(bare.baseUrl).navigate('/facebook_login?return_to=/signup/social');
    expect(`${journey.url.pathname}${journey.url.search}`).toBe(
      '/signup/social?social_error=unreachable&social_provider=facebook',
    );
  });
});

describe('configuration', () => {
  const configError = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('expected a ConfigError');
  };

  test('no variables: both providers unavailable under their default names', () => {
    expect(loadConfig({}).social).toEqual({
      facebook: { name: 'Facebook', oauth: null },
      twitter: { name: 'Twitter', oauth: null },
    });
  });

  test('a full provider is read with OpenID Connect defaults', () => {
    const { social } = loadConfig({
      SOCIAL_TWITTER_ISSUER: 'https://id.example.org',
      SOCIAL_TWITTER_CLIENT_ID: 'abc',
      SOCIAL_TWITTER_CLIENT_SECRET: 'shh',
      SOCIAL_TWITTER_CLAIMS: 'id=data.id,name=data.name,image=data.profile_image_url,screen_name=data.username',
      SOCIAL_TWITTER_SCOPES: 'users.read follows.read',
    });
    expect(social.twitter.oauth).toEqual({
      issuer: 'https://id.example.org',
      clientId: 'abc',
      clientSecret: 'shh',
      clientAuth: 'client_secret_basic',
      scopes: 'users.read follows.read',
      authorizationUrl: undefined,
      tokenUrl: undefined,
      userinfoUrl: undefined,
      friendsUrl: undefined,
      claims: { id: 'data.id', name: 'data.name', image: 'data.profile_image_url', screenName: 'data.username' },
    });
    expect(social.facebook.oauth).toBeNull();
  });

  test('a half-configured provider, plain http off this machine, or one endpoint of two stop the server', () => {
    expect(configError({ SOCIAL_FACEBOOK_ISSUER: 'https://id.example.org' })).toMatch(
      /SOCIAL_FACEBOOK_CLIENT_ID: must be set together[\s\S]*SOCIAL_FACEBOOK_CLIENT_SECRET: must be set together/,
    );
    expect(
      configError({
        SOCIAL_TWITTER_ISSUER: 'http://id.example.org',
        SOCIAL_TWITTER_CLIENT_ID: 'a',
        SOCIAL_TWITTER_CLIENT_SECRET: 'b',
      }),
    ).toMatch(/SOCIAL_TWITTER_ISSUER: must be an https:\/\/ URL/);
    expect(
      configError({
        SOCIAL_TWITTER_ISSUER: 'https://id.example.org',
        SOCIAL_TWITTER_CLIENT_ID: 'a',
        SOCIAL_TWITTER_CLIENT_SECRET: 'b',
        SOCIAL_TWITTER_AUTHORIZATION_URL: 'https://id.example.org/authorize',
      }),
    ).toMatch(/SOCIAL_TWITTER_TOKEN_URL: must be set together with SOCIAL_TWITTER_AUTHORIZATION_URL/);
    expect(configError({ SOCIAL_FACEBOOK_CLAIMS: 'id=sub,colour=blue' })).toMatch(/SOCIAL_FACEBOOK_CLAIMS/);
  });
});
