/**
 * A newcomer's first minutes: they become a guest without asking, log in as a
 * member, find their settings, log out, and are a guest again.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser';
import { logInAsDemoMember } from './support/member';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function cookie(page: Page, name: string): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === name)?.value;
}

test('npm start on an empty data folder serves the built app and the seeded members', async () => {
  const html = await (await fetch(`${server.baseUrl}/`)).text();
  expect(html).toContain('<title>Platter: play music together</title>');
  expect(html).toMatch(/<script type="module"[^>]+src="\/assets\/index-/);
  const [ok, body] = (await (await fetch(`${server.baseUrl}/api/user.get_id?name=Ada%20Vinyl`)).json()) as [
    boolean,
    unknown,
  ];
  expect(ok).toBe(true);
  expect(body).toMatchObject({ userid: expect.stringMatching(/^[0-9a-f]{24}$/) });
});

test('a newcomer becomes a guest, logs in as a member, sees the settings, and logs out', async () => {
  const page = await browser.newPage();
  await page.goto(`${server.baseUrl}/`);

  // A guest, without asking: the cookies are set and the guest's header shows.
  await expect.poll(() => page.title()).toBe('Platter: play music together');
  await page.getByRole('link', { name: 'Log in' }).waitFor();
  await expect.poll(() => cookie(page, 'platterUserNamed')).toBe('0');
  const guestId = await cookie(page, 'platterUserId');
  expect(guestId).toMatch(/^[0-9a-f]{24}$/);
  await page.getByText('Play Music Together', { exact: true }).waitFor();

  // The login modal opens over the lobby.
  await page.getByRole('link', { name: 'Log in' }).click();
  await expect.poll(() => page.url()).toBe(`${server.baseUrl}/login`);
  const dialog = page.getByRole('dialog', { name: 'Sign in to Platter' });
  await dialog.waitFor();
  await expect.poll(() => page.title()).toBe('Platter: Sign in');
  expect(await dialog.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
    '/reset-password',
  );
  expect(await dialog.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');

  // A wrong password is refused with a message, and nothing changes.
  await dialog.getByLabel('Email').fill('ada@example.com');
  await dialog.getByLabel('Password').fill('not the password');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await dialog.getByRole('alert').filter({ hasText: "Sorry, that email and password don't match" }).waitFor();

  await dialog.getByLabel('Password').fill('platter-demo');
  await dialog.getByRole('button', { name: 'Log in' }).click();

  // A member now: create-room and the settings dropdown with the spec's links.
  const settings = page.getByRole('button', { name: /Ada Vinyl/ });
  await settings.waitFor();
  await expect.poll(() => page.url()).toBe(`${server.baseUrl}/`);
  expect(
    await page
      .getByRole('navigation', { name: 'Account' })
      .getByRole('link', { name: 'Create a room' })
      .getAttribute('href'),
  ).toBe('/create-room');
  await expect.poll(() => cookie(page, 'platterUserNamed')).toBe('1');
  const memberId = await cookie(page, 'platterUserId');
  expect(memberId).not.toBe(guestId);

  await settings.click();
  const menu = page.getByRole('menu', { name: 'Settings' });
  const hrefs = await menu
    .getByRole('menuitem')
    .evaluateAll((items) => items.map((item) => [item.textContent, item.getAttribute('href')]));
  expect(hrefs).toEqual([
    ['Change Avatar', '/profile/avatar'],
    ['Laptop Stickers', '/profile/stickers'],
    ['Profile', `/profile/${memberId}`],
    ['Contact Settings', '/account/contact'],
    ['Manage Account', '/account'],
    ['Logout', null],
  ]);

  // Logging out forgets the member and makes a fresh guest.
  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('link', { name: 'Log in' }).waitFor();
  await expect.poll(() => cookie(page, 'platterUserNamed')).toBe('0');
  const newGuestId = await cookie(page, 'platterUserId');
  expect(newGuestId).not.toBe(memberId);
  expect(newGuestId).not.toBe(guestId);
  await page.close();
});

test("a member's lobby and room visit puts their session in no URL, only in the Authorization header", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const urls: string[] = [];
  const apiCalls: { url: string; authorization: string | undefined }[] = [];
  page.on('websocket', (socket) => urls.push(socket.url()));
  page.on('request', (request) => {
    urls.push(request.url(), request.headers()['referer'] ?? '');
    if (new URL(request.url()).pathname.startsWith('/api/'))
      apiCalls.push({ url: request.url(), authorization: request.headers()['authorization'] });
  });

  await logInAsDemoMember(page, server.baseUrl);
  const userauth = await cookie(page, 'platterUserAuth');
  expect(userauth).toBeTruthy();
  const tile = page.locator('.room-tile').first();
  await tile.click();
  await page.getByRole('region', { name: 'Stage' }).waitFor();
  await page.getByRole('link', { name: 'Back to the lobby' }).click();
  await page.locator('.room-tile').first().waitFor();

  expect(urls.filter((url) => /userauth/i.test(url) || url.includes(userauth ?? '?'))).toEqual([]);
  // The calls made as Ada carry her session where access logs do not look.
  const signed = apiCalls.filter((call) => call.authorization?.startsWith('Platter '));
  expect(signed.length).toBeGreaterThan(3);
  expect(signed.at(-1)?.authorization).toContain(`:${userauth}`);
  await context.close();
});
