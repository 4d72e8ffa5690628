/**
 * Private messages in a real browser (docs/pm.md): two members, each in their
 * own browser. One opens the other's profile and sends a message from it; the
 * other sees the unread count on the PM dock, opens the conversation (which
 * reads it) and replies; the first sees the reply arrive live. A refused
 * message (the other has ignored you) is said plainly. The dock's button sits
 * in the top bar of the lobby and of the site's pages, covering nothing at
 * 1280, 375 and 320 px, and its panel opens under the bar within the screen.
 * With SCREENSHOTS_DIR set, the lobby (the panel closed and open) and a
 * profile are photographed at 1280 and 375 px.
 */
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PM_MESSAGE_MAX, pmDockMessages, pmMessages } from '@platter/contract';
import { animationsSettled, launchBrowser } from './support/browser';
import { drawnUnder, pageWidth } from './support/layout';
import { demoMemberPage, messagesButton } from './support/member';
import { apiPost, logIn } from './support/room-members';
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

/** What the dock's button says to a screen reader: "Messages", or "Messages, 2 unread". */
const dockSays = (page: Page) => messagesButton(page).getAttribute('aria-label');
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
  // Too long for one message: told at once, and nothing is cut off or sent.
  await adaInput.fill('x'.repeat(PM_MESSAGE_MAX + 1));
  await ada.getByRole('alert').getByText(pmMessages.tooLong).waitFor();
  expect(await adaInput.inputValue()).toHaveLength(PM_MESSAGE_MAX + 1);
  await adaInput.fill('Hi Echo <b>not bold</b> :wave: https://example.com/mix');
  await adaInput.press('Enter');
  await conversation(ada, 'Echo Park').getByText('not bold').waitFor();

  // Echo's dock counts it, live.
  await expect.poll(() => dockSays(echo)).toBe('Messages, 1 unread');
  await messagesButton(echo).click();
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

test('what is typed while a message is on its way stays in the box', async () => {
  // Cassette writes to Heron (the test above leaves Ada ignored by Echo).
  const heronId = await useridOf('heron@example.com');
  const cass = await memberPage('cassette@example.com');
  // Cassette's socket goes through the test, which holds his message until it says so.
  let letGo = () => {};
  const held = new Promise<void>((resolve) => (letGo = resolve));
  await cass.routeWebSocket(/\/socket$/, (page) => {
    const toServer = page.connectToServer();
    page.onMessage((data) => {
      if (String(data).includes('"pm.send"')) void held.then(() => toServer.send(data));
      else toServer.send(data);
    });
  });
  await cass.goto(`${server.baseUrl}/profile/${heronId}`);
  await cass.getByRole('dialog', { name: 'Hazy Heron' }).getByRole('button', { name: 'Send a message' }).click();
  await cass.getByRole('dialog').waitFor({ state: 'detached' });
  const cassInput = cass.getByLabel('Message to Hazy Heron');
  await cassInput.fill('On its way');
  await cassInput.press('Enter');
  await cassInput.fill('Written meanwhile');
  letGo();
  await conversation(cass, 'Hazy Heron').getByText('On its way').waitFor();
  expect(await cassInput.inputValue()).toBe('Written meanwhile');
  await cass.context().close();
});

/** The box of what the locator finds, which must be shown. */
const boxOf = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not shown');
  return box;
};

test('the Messages button sits in the top bar, covering nothing, and its panel opens under the bar within the screen', async () => {
  // A message waiting, so the button carries its count.
  const ada = await login('ada@example.com');
  const otter = await login('otter@example.com');
  await apiPost(server.baseUrl, 'pm.send', { ...ada, receiverid: otter.userid, text: 'Fancy a listen?' });
  const page = await memberPage('otter@example.com');
  const shoot = async (name: string, width: number) => {
    if (!process.env.SCREENSHOTS_DIR) return;
    await animationsSettled(page);
    await page.screenshot({ path: path.join(process.env.SCREENSHOTS_DIR, `pm-${name}-${width}.png`) });
  };

  /** Opens the page once its button carries the count (and, in the lobby, the rooms are listed). */
  const open = async (address: string) => {
    await page.goto(`${server.baseUrl}${address}`);
    await expect.poll(() => dockSays(page), { message: address }).toBe(pmDockMessages.buttonLabel(1));
    if (address === '/') await page.locator('.room-tile').first().waitFor();
    await animationsSettled(page);
  };
  /** The button is in the page's top bar, covers nothing, and the page does not scroll sideways. */
  const checkPlace = async (where: string, width: number) => {
    expect(await messagesButton(page).evaluate((button) => button.closest('header') !== null), where).toBe(true);
    expect(await drawnUnder(messagesButton(page)), where).toEqual([]);
    expect(await pageWidth(page), where).toBeLessThanOrEqual(width);
  };

  for (const width of [1280, 375, 320]) {
    await page.setViewportSize({ width, height: 760 });
    // One of the site's own pages.
    await open('/about');
    await checkPlace(`/about at ${width} px`, width);

    // The lobby, scrolled down and at its top.
    await open('/');
    await page.evaluate(() => window.scrollTo(0, 400));
    await checkPlace(`the lobby scrolled at ${width} px`, width);
    await page.evaluate(() => window.scrollTo(0, 0));
    await checkPlace(`the lobby at ${width} px`, width);
    await shoot('lobby', width);

    await messagesButton(page).click();
    const panel = page.getByRole('region', { name: pmDockMessages.button, exact: true });
    await panel.getByRole('list', { name: pmDockMessages.listLabel }).getByText('Fancy a listen?').waitFor();
    await animationsSettled(page);
    // Under the lobby's bar, by its button, and all of it on the screen.
    const bar = await boxOf(page.locator('header.topbar'));
    const shown = await boxOf(panel);
    expect(shown.y).toBeGreaterThanOrEqual(bar.y + bar.height);
    expect(shown.x).toBeGreaterThanOrEqual(0);
    expect(shown.x + shown.width).toBeLessThanOrEqual(width);
    expect(shown.y + shown.height).toBeLessThanOrEqual(760);
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);
    await shoot('lobby-open', width);
    await panel.getByRole('button', { name: pmDockMessages.close }).click();
    await panel.waitFor({ state: 'detached' });

    await page.goto(`${server.baseUrl}/profile/${ada.userid}`);
    await page
      .getByRole('dialog', { name: 'Ada Vinyl' })
      .getByRole('button', { name: pmDockMessages.sendMessage })
      .waitFor();
    await shoot('profile', width);
  }
});
