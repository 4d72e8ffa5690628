/**
 * Limits a person meets in the browser: a page that cannot make its guest
 * because its address made too many just now says why, in the server's words.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { guestMessages } from '@platter/contract';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ GUESTS_PER_ADDRESS_PER_MINUTE: '2' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('the third new visitor from one address in a minute is told to wait, not that the server is down', async () => {
  // The limit counts in whole minutes of the clock: three visits across a minute's end would be
  // counted in two minutes (and the third let in), so they start early in one.
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 40_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 250));
  for (let n = 1; n <= 2; n++) {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    await page.context().close();
  }
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${server.baseUrl}/`);
  const alert = page.getByRole('alert').filter({ hasText: guestMessages.tooManyGuests });
  await alert.waitFor();
  expect(await page.getByText("Sorry, we couldn't reach the server.").count()).toBe(0);
  await page.context().close();
});
