/** Every modal route of spec §2 opens over the lobby, with or without a trailing slash; others get a 404 page. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser';
import { GUEST_MODAL_PATHS, MEMBER_MODAL_PATHS } from './support/modal-paths';
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

const MODAL_PATHS = [...MEMBER_MODAL_PATHS, ...GUEST_MODAL_PATHS];

test('each modal route opens a dialog over the lobby, with and without a trailing slash', async () => {
  const page = await browser.newPage();
  for (const path of MODAL_PATHS) {
    for (const url of [`/${path}`, `/${path}/`]) {
      await page.goto(`${server.baseUrl}${url}`);
      await page.getByRole('dialog').waitFor();
      // The lobby is behind it (its top painted once the session and headbands are known: docs/lobby.md).
      await page.locator('.topbar').waitFor();
      expect(await page.locator('.topbar').count(), url).toBe(1);
      expect(await page.getByText("We couldn't find that page.").count(), url).toBe(0);
    }
  }
  await page.close();
});

test('cancel-gold and reactivate-gold are for Gold members only: anyone else goes home (spec §4)', async () => {
  const page = await browser.newPage();
  for (const path of ['account/cancel-gold', 'account/reactivate-gold/']) {
    await page.goto(`${server.baseUrl}/${path}`);
    await expect.poll(() => page.url(), { message: path }).toBe(`${server.baseUrl}/`);
    await page.locator('.topbar').waitFor();
    expect(await page.getByRole('dialog').count(), path).toBe(0);
  }
  await page.close();
});

test('closing a modal returns to the lobby', async () => {
  const page = await browser.newPage();
  await page.goto(`${server.baseUrl}/account`);
  await page.getByRole('dialog', { name: 'Manage Accounts' }).waitFor();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => page.url()).toBe(`${server.baseUrl}/`);
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  await page.close();
});

test('an unknown address shows a page-not-found page with a way home', async () => {
  const page = await browser.newPage();
  await page.goto(`${server.baseUrl}/no/such/page`);
  await page.getByRole('heading', { name: "We couldn't find that page." }).waitFor();
  await expect.poll(() => page.title()).toBe('Platter: page not found');
  await page.getByRole('link', { name: 'Go to the lobby' }).click();
  await expect.poll(() => page.url()).toBe(`${server.baseUrl}/`);
  await page.close();
});

test("the quick start's server says mail reaches nobody, and has no outbox for anyone to read a reset link in", async () => {
  expect(server.output()).toContain(
    "SMTP_URL is not set: mail (sign-up confirmations, password reset links) is kept in the database's outbox and reaches nobody.",
  );
  // ada@example.com is the demo's member (README): her reset link must not be readable by a stranger.
  const reset = await fetch(`${server.baseUrl}/api/user.forgot_password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client: 'web', email: 'ada@example.com' }),
  });
  expect(await reset.json()).toEqual([true, {}]);
  const page = await browser.newPage();
  await page.goto(`${server.baseUrl}/dev/outbox`);
  await page.getByRole('heading', { name: "We couldn't find that page." }).waitFor();
  expect(await page.content()).not.toMatch(/reset_token|outbox/i);
  await page.close();
});

test('on the defaults, the lobby points only at its own pages: the news and the footer name no outside address', async () => {
  const page = await browser.newPage();
  await page.goto(`${server.baseUrl}/`);
  const news = page.locator('.news__text');
  await news.getByText('Running your own Platter takes two commands').waitFor();
  const links = [
    ...(await news.getByRole('link').all()),
    ...(await page.locator('.site-footer').getByRole('link').all()),
  ];
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) {
    const href = (await link.getAttribute('href')) ?? '';
    expect(new URL(href, server.baseUrl).origin, href).toBe(server.baseUrl);
  }
  expect(await page.getByRole('list', { name: 'Platter elsewhere' }).count()).toBe(0);
  await page.close();
});
