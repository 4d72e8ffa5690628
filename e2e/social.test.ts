/**
 * Social connections in a real browser against a real OpenID provider
 * (oidc-provider on loopback, as both "Facebook" and "Twitter"), with the
 * server started as `npm start` does: connect from Manage Social, log out,
 * log in through the provider, the disconnect rule, disconnect; sign-up
 * through a provider; the connect banner's failure, close and success.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  startTestIdentityProvider,
  type TestIdentityProvider,
} from '../packages/server/test/support/test-identity-provider';
import { launchBrowser } from './support/browser';
import { createRoomButton, logInAsDemoMember } from './support/member';
import { freePort, startServer, type RunningServer } from './support/server';

const FACEBOOK = { clientId: 'platter-facebook', clientSecret: 'facebook-secret-for-the-browser-test' };
const TWITTER = { clientId: 'platter-twitter', clientSecret: 'twitter-secret-for-the-browser-test' };
/** Screenshots for people to look at; not compared. */
const SHOTS = process.env.SCREENSHOT_DIR;

/** Two providers, as in life: each keeps its own session of who is signed in there. */
let facebook: TestIdentityProvider;
let twitter: TestIdentityProvider;
let server: RunningServer;
let browser: Browser;
let base: string;

const disconnectRule = (service: string) =>
  `Please set and verify your email address and password before disconnecting your ${service} account.`;

beforeAll(async () => {
  facebook = await startTestIdentityProvider();
  twitter = await startTestIdentityProvider();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  facebook.registerClients([{ ...FACEBOOK, redirectUris: [`${base}/facebook_login/callback`] }]);
  twitter.registerClients([{ ...TWITTER, redirectUris: [`${base}/twitter_login/callback`] }]);
  // Pictures from the app's own avatar art: the page's CSP lets images come from itself (or https).
  const picture = (id: number) => `${base}/roommanager_assets/avatars/${id}/headfront.png`;
  facebook.addAccount({ sub: 'ada-at-facebook', name: 'Ada at Facebook', picture: picture(4) });
  twitter.addAccount({ sub: 'ada-tweets', name: 'Ada Tweets', picture: picture(34) });
  twitter.addAccount({ sub: 'newcomer', name: 'Nova Newcomer', picture: picture(1) });
  twitter.addAccount({ sub: 'banner-tester', name: 'Banner Tester There' });
  server = await startServer(
    {
      PUBLIC_URL: base,
      RATE_LIMIT_PER_MINUTE: '500',
      ...facebook.env('FACEBOOK', FACEBOOK),
      ...twitter.env('TWITTER', TWITTER),
    },
    port,
  );
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await facebook?.close();
  await twitter?.close();
});

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

function socialDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Manage Social' });
}

async function openManageSocial(page: Page) {
  await page.goto(`${base}/account/social`);
  const dialog = socialDialog(page);
  await dialog.waitFor();
  await dialog.getByText('We never post to your newsfeed or tweet unless you explicitly tell us to').waitFor();
  return dialog;
}

test('a member connects Facebook, logs out, logs back in through Facebook, and disconnects', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await logInAsDemoMember(page, base);

  // The connect banner invites a member with unlinked accounts (spec §4).
  const banner = page.getByRole('region', { name: 'Connect your accounts' });
  await banner.getByText('Connect Facebook and Twitter to see which rooms your friends are in.').waitFor();
  await shoot(page, 'banner-invite-1280');

  // The sign-up social step offers each provider this server is set up for, by its login route.
  await page.goto(`${base}/signup/social`);
  const step = page.getByRole('dialog', { name: 'Platter is awesome with friends!' });
  expect(await step.getByRole('link', { name: 'Connect with Facebook' }).getAttribute('href')).toBe('/facebook_login');
  expect(await step.getByRole('link', { name: 'Connect with Twitter' }).getAttribute('href')).toBe('/twitter_login/');
  await page.goto(base);

  let dialog = await openManageSocial(page);
  await expect.poll(() => page.title()).toBe('Platter: Manage Social');
  await dialog.getByText('Not connected').first().waitFor();
  expect(await dialog.getByText('Not connected').count()).toBe(2);
  await shoot(page, 'manage-social-disconnected-1280');

  // Connect: a full-page journey through the provider, back to Manage Social.
  facebook.signInAs('ada-at-facebook');
  await dialog.getByRole('link', { name: 'Connect Facebook' }).click();
  dialog = socialDialog(page);
  await dialog.getByText('Connected as Ada at Facebook').waitFor();
  await dialog.getByText('Your Facebook account is connected.').waitFor();
  await expect.poll(() => page.url()).toBe(`${base}/account/social`);
  const picture = dialog.locator('.social-account--facebook img');
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await shoot(page, 'manage-social-connected-1280');

  // Log out (spec §4 Logout): a guest again.
  await page.goto(`${base}/`);
  await page.getByRole('button', { name: /Ada Vinyl/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log in' }).waitFor();

  // Log in through the provider (what the sign-up step's buttons do): the provider remembers
  // Ada, so the journey goes straight back, signed in as the member it is linked to.
  await page.goto(`${base}/facebook_login`);
  await createRoomButton(page).waitFor();
  await page.getByRole('button', { name: /Ada Vinyl/ }).waitFor();
  await page.getByText('Welcome back! You logged in with Facebook.').waitFor();
  await expect.poll(() => page.url()).toBe(`${base}/`);

  // Disconnect: Ada has a verified email and a password, so she may (spec §5).
  dialog = await openManageSocial(page);
  await dialog.getByText('Connected as Ada at Facebook').waitFor();
  await dialog.getByRole('button', { name: 'Disconnect Facebook' }).click();
  await dialog.locator('.social-account--facebook').getByText('Not connected').waitFor();
  expect(await dialog.getByRole('link', { name: 'Connect Facebook' }).getAttribute('href')).toBe('/facebook_login');

  // Twitter connected, for the narrow screenshot with a picture.
  twitter.signInAs('ada-tweets');
  await dialog.getByRole('link', { name: 'Connect Twitter' }).click();
  dialog = socialDialog(page);
  await dialog.getByText('Connected as Ada Tweets').waitFor();

  await page.setViewportSize({ width: 375, height: 740 });
  await shoot(page, 'manage-social-375');
  await context.close();
});

test('a newcomer signs up through Twitter and cannot disconnect it before setting an email and password (spec §5)', async () => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log in' }).waitFor();

  twitter.signInAs('newcomer');
  await page.goto(`${base}/twitter_login/`);
  await page.getByText('Welcome to Platter! You signed up with Twitter.').waitFor();
  await createRoomButton(page).waitFor();
  expect((await context.cookies()).find((c) => c.name === 'platterUserNamed')?.value).toBe('1');
  await shoot(page, 'banner-welcome-375');

  const dialog = await openManageSocial(page);
  await dialog.getByText('Connected as Nova Newcomer').waitFor();
  await dialog.getByRole('button', { name: 'Disconnect Twitter' }).click();
  await dialog
    .getByRole('alert')
    .filter({ hasText: disconnectRule('Twitter') })
    .waitFor();
  await context.close();
});

test('the connect banner reports a failed connection with the FAQ link, and closing it is for good', async () => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await logInAsDemoMember(page, base);
  const banner = page.getByRole('region', { name: 'Connect your accounts' });
  await banner.waitFor();
  await shoot(page, 'banner-invite-375');

  // The person says no at the provider: spec §8's words, with the FAQ.
  facebook.signInAs('ada-at-facebook');
  facebook.denyNext();
  // A new browser context has no provider session: the provider asks, and is told no.
  await banner.getByRole('link', { name: 'Connect Facebook' }).click();
  const failure = page.getByRole('alert').filter({ hasText: 'Facebook connect error' });
  await failure.waitFor();
  await failure.getByText('Sorry, an error occurred while trying to connect your Facebook account.').waitFor();
  expect(await failure.getByRole('link', { name: 'Read the FAQ' }).getAttribute('href')).toBe('/static/faq.html');
  await expect.poll(() => page.url()).toBe(`${base}/`);
  await shoot(page, 'banner-error-375');

  // Closing hides banner and error for good (setting_ cookies), across reloads.
  await page.getByRole('button', { name: 'Hide the connect banner' }).click();
  await failure.waitFor({ state: 'detached' });
  const settings = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
  expect(settings.setting_hideConnectBanner).toBe('1');
  expect(settings.setting_hideConnectError).toBe('1');
  await page.goto(`${base}/?social_error=failed&social_provider=twitter`);
  await createRoomButton(page).waitFor();
  await page.waitForTimeout(500);
  expect(await page.getByRole('region', { name: 'Connect your accounts' }).count()).toBe(0);
  expect(await page.getByText('Twitter connect error').count()).toBe(0);
  await context.close();
});

test('a connection started at the banner is reported there, and the report closes itself after 7 seconds', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  // A member with no linked accounts: sign up afresh through the API, then log in.
  const member = { name: 'Banner Tester', email: 'banner@example.com', password: 'banner-password' };
  const [ok] = (await (
    await fetch(`${base}/api/user.email_register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...member, avatarid: 8 }),
    })
  ).json()) as [boolean];
  expect(ok).toBe(true);
  const login = page.getByRole('dialog', { name: 'Sign in to Platter' });
  await login.getByLabel('Email').fill(member.email);
  await login.getByLabel('Password').fill(member.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await createRoomButton(page).waitFor();
  // A new member with no points or fans gets the welcome tour first.
  await page.getByRole('button', { name: 'Skip tour' }).click();

  twitter.signInAs('banner-tester');
  await page
    .getByRole('region', { name: 'Connect your accounts' })
    .getByRole('link', { name: 'Connect Twitter' })
    .click();
  const done = page.getByText('Your Twitter account is connected.', { exact: false });
  await done.waitFor();
  const shownAt = Date.now();
  await shoot(page, 'banner-connected-1280');
  await done.waitFor({ state: 'detached', timeout: 12_000 });
  expect(Date.now() - shownAt).toBeGreaterThan(5_500);
  expect(await page.getByRole('region', { name: 'Connect your accounts' }).count()).toBe(0);
  // Closing by itself is for this visit: Facebook is still unlinked, so the next visit invites again.
  await page.reload();
  await page.getByText('Connect Facebook to see which rooms your friends are in.').waitFor();
  await context.close();
});
