/**
 * The live layer in a real browser (docs/realtime.md): a room page joins its
 * room over the socket and follows it, so two members see each other come and
 * go without a reload; they chat (escaped text, links, emoji, a mention, /me,
 * the flood limit), a mention counts in the hidden tab's title until it is seen,
 * and a member who ignores one of them reads the chat without their lines; a
 * profile opened over the room keeps the room mounted under it, closing it goes
 * back in history rather than forward, and a report made from it carries the
 * room's recent chat; and when the server restarts, the open pages reconnect by
 * themselves and show the room as it was.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { profileMessages } from '@platter/contract';
import { launchBrowser } from './support/browser';
import { demoMemberPage } from './support/member';
import { apiGet, apiPost, echosFreshRoom, logIn } from './support/room-members';
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

/** A new room, so that nobody the seed placed is in it. */
const aFreshRoom = async () => (await echosFreshRoom(server.baseUrl, `Live Test ${Date.now()}`)).shortcut;

/** Each test's pages, closed after it even when it fails: a page left open would rejoin its room after the restart below. */
const opened: Page[] = [];
const memberPage = async (email: string) => {
  const page = await demoMemberPage(browser, server.baseUrl, email);
  opened.push(page);
  return page;
};

afterEach(async () => {
  for (const page of opened.splice(0)) await page.context().close();
});

const people = (page: Page) => page.getByRole('region', { name: 'Crowd' });
const chat = (page: Page) => page.getByRole('region', { name: 'Chat' });
const listeners = (page: Page) => page.getByTestId('room-listeners').textContent();

test('two members in one room see each other come and go, live', async () => {
  const shortcut = await aFreshRoom();
  const ada = await memberPage('ada@example.com');
  await ada.goto(`${server.baseUrl}/${shortcut}`);
  await people(ada).getByRole('link', { name: 'Ada Vinyl' }).waitFor();
  await expect.poll(() => listeners(ada)).toBe('1');

  const bass = await memberPage('basslord@example.com');
  await bass.goto(`${server.baseUrl}/${shortcut}`);
  await people(bass).getByRole('link', { name: 'Ada Vinyl' }).waitFor();
  await people(ada).getByRole('link', { name: 'Basslord' }).waitFor();
  await expect.poll(() => listeners(ada)).toBe('2');

  // Basslord leaves the room (back to the lobby): Ada's page hears it.
  await bass.getByRole('link', { name: 'Back to the lobby' }).click();
  await expect.poll(() => people(ada).getByRole('link', { name: 'Basslord' }).count()).toBe(0);
  await expect.poll(() => listeners(ada)).toBe('1');
});

const say = async (page: Page, text: string) => {
  await chat(page).getByLabel('Chat message').fill(text);
  await chat(page).getByRole('button', { name: 'Send' }).click();
};

/** The reports the server stored about the room, read from its database. */
function storedReports(roomid: string) {
  const db = new Database(path.join(server.dataDir, 'platter.sqlite'), { readonly: true });
  try {
    return db.prepare('SELECT reason, chatlog, chatlog_source FROM reports WHERE room_id = ?').all(roomid) as {
      reason: string;
      chatlog: string;
      chatlog_source: string;
    }[];
  } finally {
    db.close();
  }
}

/** The tab shown (visible) or behind another (hidden), as the Page Visibility API tells the page. */
const seeTab = (page: Page, visible: boolean) =>
  page.evaluate((visible) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => !visible });
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (visible ? 'visible' : 'hidden'),
    });
    document.dispatchEvent(new Event('visibilitychange'));
  }, visible);

test('two members chat both ways; a mention of the reader stands out; a link is a link; /me is an action; an ignored member is not read', async () => {
  const shortcut = await aFreshRoom();
  const ada = await memberPage('ada@example.com');
  await ada.goto(`${server.baseUrl}/${shortcut}`);
  const cass = await memberPage('cassette@example.com');
  await cass.goto(`${server.baseUrl}/${shortcut}`);
  await chat(ada).getByText('Nobody has said anything yet. Say hello!').waitFor();

  await chat(ada).getByLabel('Chat message').fill('hello <b>room</b> :headphones: https://example.org/tune');
  await chat(ada).getByRole('button', { name: 'Send' }).click();
  const line = chat(cass).locator('.room-chat__line').filter({ hasText: 'Ada Vinyl' });
  await line.waitFor();
  // Escaped, not markup; the shortcode became its emoji; the address a link that leaves the site.
  expect(await line.locator('.room-chat__text').innerText()).toBe('hello <b>room</b> 🎧 https://example.org/tune');
  expect(await line.locator('b').count()).toBe(0);
  expect(await line.getByRole('link', { name: 'https://example.org/tune' }).getAttribute('rel')).toContain('nofollow');
  expect(await line.locator('time').innerText()).toBe('just now');
  expect(await chat(ada).getByLabel('Chat message').inputValue()).toBe('');

  // A paste too long for one line is told at once, not cut short; nothing is sent until it fits.
  await chat(ada).getByLabel('Chat message').fill('x'.repeat(401));
  await chat(ada).getByRole('alert').getByText('Keep chat messages under 400 characters.').waitFor();
  expect(await chat(ada).getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
  expect(await chat(ada).getByLabel('Chat message').inputValue()).toHaveLength(401);
  await chat(ada).getByLabel('Chat message').fill('');

  // "/me …" reads as what the speaker does, after their name.
  await chat(ada).getByLabel('Chat message').fill('/me waves :wave:');
  await chat(ada).getByRole('button', { name: 'Send' }).click();
  const action = chat(cass).locator('.room-chat__line--action');
  await action.waitFor();
  expect(await action.locator('.room-chat__name').innerText()).toBe('Ada Vinyl');
  expect(await action.locator('.room-chat__text').innerText()).toBe('waves 👋');

  // The owner renames the room and gives it a long description: the tab's title follows, and the
  // chat's message box stays on the screen beside the taller header.
  const owner = await logIn(server.baseUrl, 'echo@example.com');
  const roomid = await ada.getByTestId('room').getAttribute('data-roomid');
  const renamed = `Renamed ${shortcut}`;
  await apiPost(server.baseUrl, 'room.modify', {
    ...owner,
    roomid,
    name: renamed,
    description: 'A long description of the room, '.repeat(8).trim(),
  });
  await expect.poll(() => cass.title()).toBe(`Platter: ${renamed}`);
  const viewport = cass.viewportSize()!;
  const send = (await chat(cass).getByRole('button', { name: 'Send' }).boundingBox())!;
  expect(send.y + send.height).toBeLessThanOrEqual(viewport.height);

  // Ada looks at another tab: mentions of her count in her tab's title until she looks again.
  await expect.poll(() => ada.title()).toBe(`Platter: ${renamed}`);
  const plainTitle = await ada.title();
  await seeTab(ada, false);
  await chat(cass).getByLabel('Chat message').fill('welcome @Ada Vinyl!');
  await chat(cass).getByRole('button', { name: 'Send' }).click();
  const mention = chat(ada).locator('.room-chat__line--mention');
  await mention.waitFor();
  expect(await mention.locator('.room-chat__name').innerText()).toBe('Cassette Kid');
  await expect.poll(() => ada.title()).toBe(`(1) ${plainTitle}`);
  await chat(cass).getByLabel('Chat message').fill('@Ada Vinyl are you there?');
  await chat(cass).getByRole('button', { name: 'Send' }).click();
  await expect.poll(() => ada.title()).toBe(`(2) ${plainTitle}`);
  await seeTab(ada, true);
  await expect.poll(() => ada.title()).toBe(plainTitle);
  // The speaker's own page does not mark it: the mention is of someone else.
  await chat(cass).locator('.room-chat__line').filter({ hasText: 'welcome' }).waitFor();
  expect(await chat(cass).locator('.room-chat__line--mention').count()).toBe(0);

  // Too fast: the sixth line in a few seconds is refused, with the reason on screen.
  for (let n = 1; n <= 5; n++) {
    await chat(cass).getByLabel('Chat message').fill(`line ${n}`);
    await chat(cass).getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => chat(cass).getByLabel('Chat message').inputValue()).toMatch(/^(|line \d)$/);
  }
  await chat(cass).getByRole('alert').filter({ hasText: 'Slow down!' }).waitFor();

  // Someone who ignores Cassette Kid reads the room's chat without a line of theirs.
  const dolphin = await logIn(server.baseUrl, 'dolphin@example.com');
  const { userid: cassId } = await logIn(server.baseUrl, 'cassette@example.com');
  await apiGet(server.baseUrl, 'block.add', { ...dolphin, blockedid: cassId });
  const dee = await memberPage('dolphin@example.com');
  // Her ignore list comes in a second late (a slow line): the chat's lines wait for it, not one of his shows meanwhile.
  let listAsked!: () => void;
  const asked = new Promise<void>((resolve) => (listAsked = resolve));
  await dee.route('**/api/block.list_all*', async (route) => {
    listAsked();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await dee.goto(`${server.baseUrl}/${shortcut}`);
  await asked;
  await people(dee).getByRole('link', { name: 'Cassette Kid' }).waitFor();
  expect(await chat(dee).locator('.room-chat__line').filter({ hasText: 'Cassette Kid' }).count()).toBe(0);
  await chat(dee).locator('.room-chat__line').filter({ hasText: 'Ada Vinyl' }).first().waitFor();
  expect(await chat(cass).locator('.room-chat__line').filter({ hasText: 'Cassette Kid' }).count()).toBeGreaterThan(0);
  expect(await chat(dee).locator('.room-chat__line').filter({ hasText: 'Cassette Kid' }).count()).toBe(0);
  await apiGet(server.baseUrl, 'block.remove', { ...dolphin, blockedid: cassId });
});

test('a profile opened over the room keeps the room mounted; closing it goes back; a report from it carries the chat', async () => {
  const { shortcut, roomid } = await echosFreshRoom(server.baseUrl, `Live Test ${Date.now()}`);
  const dee = await memberPage('dolphin@example.com');
  await dee.goto(`${server.baseUrl}/${shortcut}`);
  const otter = await memberPage('otter@example.com');
  await otter.goto(`${server.baseUrl}/${shortcut}`);
  await people(dee).getByRole('link', { name: 'Funky Otter' }).waitFor();
  await say(otter, 'cheap followers at spam.example');
  await say(dee, 'please stop posting that');
  await chat(dee).getByText('please stop posting that').waitFor();

  // Mark the room's element: a remount would make a new one without the mark.
  await dee.getByTestId('room').evaluate((element) => element.setAttribute('data-mounted-once', 'yes'));
  const historyLength = await dee.evaluate(() => history.length);

  await people(dee).getByRole('link', { name: 'Funky Otter' }).click();
  const dialog = dee.getByRole('dialog');
  await dialog.getByText('Funky Otter').first().waitFor();
  expect(new URL(dee.url()).pathname).toMatch(/^\/profile\/[0-9a-f]{24}$/);
  expect(await dee.locator('[data-testid="room"][data-mounted-once="yes"]').count()).toBe(1);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(new URL(dee.url()).pathname).toBe(`/${shortcut}`);
  // Still the same element, still live: Otter is still listed, and the room never left.
  expect(await dee.locator('[data-testid="room"][data-mounted-once="yes"]').count()).toBe(1);
  await people(dee).getByRole('link', { name: 'Funky Otter' }).waitFor();
  // Closing went back: the history did not grow, and Forward opens the profile again.
  expect(await dee.evaluate(() => history.length)).toBe(historyLength + 1);
  await dee.goForward();
  await dee.getByRole('dialog').getByText('Funky Otter').first().waitFor();

  // Reported from there: the room's recent chat goes with the report, from the room's own record.
  await dee.getByRole('dialog').getByRole('link', { name: 'Report User' }).click();
  const report = dee.getByRole('dialog', { name: 'Report User' });
  const log = report.getByRole('region', { name: 'Chat log' });
  await log.getByText('cheap followers at spam.example').waitFor();
  await report.getByLabel('Reason').fill('Spam links in the chat.');
  await report.getByRole('button', { name: 'Send report' }).click();
  await dee.getByText(profileMessages.reportSent, { exact: true }).waitFor();
  const stored = storedReports(roomid);
  expect(stored).toHaveLength(1);
  expect(stored[0]!.reason).toBe('Spam links in the chat.');
  expect(stored[0]!.chatlog_source).toBe('room');
  const lines = (JSON.parse(stored[0]!.chatlog) as { name: string; text: string }[]).map(
    ({ name, text }) => `${name}: ${text}`,
  );
  expect(lines.slice(-2)).toEqual([
    'Funky Otter: cheap followers at spam.example',
    'Dee Jay Dolphin: please stop posting that',
  ]);
});

test('the server restarts: open pages reconnect by themselves and show the room as it was, without a reload', async () => {
  const shortcut = await aFreshRoom();
  const ada = await memberPage('ada@example.com');
  await ada.goto(`${server.baseUrl}/${shortcut}`);
  const cass = await memberPage('cassette@example.com');
  await cass.goto(`${server.baseUrl}/${shortcut}`);
  await expect.poll(() => listeners(ada)).toBe('2');
  await ada.getByRole('button', { name: 'Step up to DJ' }).click();
  const stage = (page: Page) => page.getByRole('region', { name: 'Stage' });
  await stage(cass).getByRole('link', { name: 'Ada Vinyl' }).waitFor();
  await say(cass, 'see you after the restart');
  await chat(ada).getByText('see you after the restart').waitFor();

  // Each page's room element is marked: a reload (or a remount) would drop the mark.
  const pages = [ada, cass];
  for (const page of pages) {
    await page.getByTestId('room').evaluate((element) => element.setAttribute('data-before-restart', 'yes'));
  }
  // Each page's room as the restarted server gives it on a new socket: the snapshot, with the chat it kept.
  const rejoined = pages.map(
    (page) =>
      new Promise<void>((resolve) =>
        page.on('websocket', (socket) =>
          socket.on('framereceived', ({ payload }) => {
            if (String(payload).includes('see you after the restart')) resolve();
          }),
        ),
      ),
  );
  await server.restart();
  await Promise.all(rejoined);

  for (const page of pages) {
    expect(await page.locator('[data-testid="room"][data-before-restart="yes"]').count()).toBe(1);
    await stage(page).getByRole('link', { name: 'Ada Vinyl' }).waitFor();
    await chat(page).getByText('see you after the restart').waitFor();
    await expect.poll(() => listeners(page)).toBe('2');
  }
  // Live again: a line said now reaches the other page.
  await say(ada, 'back again');
  await chat(cass).getByText('back again').waitFor();
});
