/**
 * Private messages in a real browser (docs/pm.md): two members, each in their
 * own browser. One opens the other's profile and sends a message from it; the
 * other sees the unread count on the PM dock, opens the conversation (which
 * reads it) and replies; the first sees the reply arrive live. A refused
 * message (the other has ignored you) is said plainly.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { pmMessages } from '@platter/contract';
import { launchBrowser } from './support/browser';
import { demoMemberPage } from './support/member';
import { logIn } from './support/room-members';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_PER_MINUTE: '0' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const login = (email: string) => logIn(server.baseUrl, email);
const useridOf = async (email: string) => (await login(email)).userid;

const memberPage = (email: string, width = 1280) =>
  demoMemberPage(browser, server.baseUrl, email, { viewport: { width, height: 800 } });

const dockButton = (page: Page) => page.getByRole('button', { name: /^Messages/ });
/** What the dock's button says to a screen reader: "Messages", or "Messages, 2 unread". */
const dockSays = async (page: Page) => (await dockButton(page).textContent())?.replace(/^✉ Messages\d*/, 'Messages');
const conversation = (page: Page, name: string) => page.getByRole('list', { name: `Messages with ${name}` });

test('a message sent from a profile is counted unread, read, answered, and the answer arrives live', async () => {
  const echoId = await useridOf('echo@example.com');
  const ada = await memberPage('ada@example.com');
  // Echo reads on a phone.
  const echo = await memberPage('echo@example.com', 375);
  await expect.poll(() => dockSays(echo)).toBe('Messages');

  // Ada opens Echo's profile and writes from it.
  await ada.goto(`${server.baseUrl}/profile/${echoId}`);
  await ada.getByRole('dialog', { name: 'Echo Park' }).getByRole('button', { name: 'Send a message' }).click();
  await ada.getByRole('dialog').waitFor({ state: 'detached' });
  const adaInput = ada.getByLabel('Message to Echo Park');
  await adaInput.fill('Hi Echo <b>not bold</b> :wave: https://example.com/mix');
  await adaInput.press('Enter');
  await conversation(ada, 'Echo Park').getByText('not bold').waitFor();

  // Echo's dock counts it, live.
  await expect.poll(() => dockSays(echo)).toBe('Messages, 1 unread');
  await dockButton(echo).click();
  const entry = echo.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /Ada Vinyl/ });
  await expect.poll(() => entry.textContent()).toMatch(/^Ada Vinyl1, 1 unread/);
  await entry.click();
  const fromAda = conversation(echo, 'Ada Vinyl').getByRole('listitem').last();
  await expect.poll(() => fromAda.textContent()).toMatch(/^Hi Echo <b>not bold<\/b> 👋 https:\/\/example.com\/mix/);
  // Escaped, with the link made clickable and the emoji drawn.
  expect(await fromAda.locator('b').count()).toBe(0);
  expect(await fromAda.getByRole('link', { name: 'https://example.com/mix' }).getAttribute('href')).toBe(
    'https://example.com/mix',
  );
  // Opening it read it.
  await expect.poll(() => dockSays(echo)).toBe('Messages');

  // Echo answers; Ada sees it arrive without doing anything.
  const echoInput = echo.getByLabel('Message to Ada Vinyl');
  await echoInput.fill('Hey Ada!');
  await echo.getByRole('button', { name: 'Send', exact: true }).click();
  await conversation(ada, 'Echo Park').getByText('Hey Ada!').waitFor();

  // Once Echo ignores Ada, Ada is told why her message does not go, and her text stays.
  const echoAuth = await login('echo@example.com');
  const query = new URLSearchParams({ ...echoAuth, blockedid: await useridOf('ada@example.com') });
  expect((await (await fetch(`${server.baseUrl}/api/block.add?${query}`)).json())[0]).toBe(true);
  await adaInput.fill('Still there?');
  await adaInput.press('Enter');
  await ada.getByRole('alert').filter({ hasText: pmMessages.ignoredYou }).waitFor();
  expect(await adaInput.inputValue()).toBe('Still there?');
});
