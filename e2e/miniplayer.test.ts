/**
 * The miniplayer (docs/room.md) in a real browser: a member pops the room out
 * into a small window of its own (now playing and the chat), the page they left
 * says where the room plays and brings it back; a modal page asked for from the
 * miniplayer first asks to return to full view — OK and Cancel when the window
 * can be resized, an OK-only "widen the window" otherwise — and cancelling goes
 * to the lobby home (spec §2), as does a window that would not grow, and the
 * page it came from takes the room back; OK grows the window and opens the page
 * over the room in full view, and the page it came from says so. The miniplayer's
 * header holds a small Messages button, over nothing, whose panel fits the
 * small window.
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { miniplayerMessages, pmDockMessages, roomPageMessages } from '@platter/contract';
import { FULL_VIEW_SIZE } from '../packages/web/src/lib/miniplayer';
import { animationsSettled, launchBrowser } from './support/browser';
import { drawnUnder, pageWidth } from './support/layout';
import { demoMemberPage, messagesButton } from './support/member';
import { echosFreshRoom } from './support/room-members';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_PER_MINUTE: '0' });
  // A screen big enough for a window to grow to full view (headless Chromium's own is 800 × 600).
  browser = await launchBrowser(['--screen-info={1600x1200}']);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const memberPage = (email: string, options: BrowserContextOptions = {}) =>
  demoMemberPage(browser, server.baseUrl, email, options);

/** Pops the room out of the page: the miniplayer's window, once it shows the room. */
async function popOut(page: Page): Promise<Page> {
  const [mini] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Miniplayer' }).click(),
  ]);
  await mini.getByTestId('miniplayer').waitFor();
  return mini;
}

/** Asks the miniplayer for a modal page (the speaker's profile, from their name in the chat): the prompt. */
async function askForProfile(mini: Page, name: string) {
  await mini.getByLabel('Chat message').fill(`hello from ${name}`);
  await mini.getByRole('button', { name: 'Send' }).click();
  // The name on the line just sent (an earlier line of theirs may be in the chat too).
  await mini.getByRole('link', { name }).last().click();
  const prompt = mini.getByRole('dialog', { name: 'Full view' });
  await prompt.getByText(miniplayerMessages.returnToFullView).waitFor();
  return prompt;
}

test('popping the room out, and a modal page from the miniplayer asking for full view (Cancel goes to the lobby)', async () => {
  const { shortcut } = await echosFreshRoom(server.baseUrl, `Mini ${Date.now()}`);
  const ada = await memberPage('ada@example.com');
  await ada.goto(`${server.baseUrl}/${shortcut}`);
  await ada.getByRole('region', { name: 'Chat' }).waitFor();

  const mini = await popOut(ada);
  expect(new URL(mini.url()).search).toBe('?view=mini');
  await ada.getByText('This room is playing in the miniplayer window.').waitFor();

  // The page that popped it out brings the room back, closing the miniplayer.
  await Promise.all([mini.waitForEvent('close'), ada.getByRole('button', { name: 'Bring it back here' }).click()]);
  await ada.getByRole('region', { name: 'Chat' }).waitFor();

  // Chat from the miniplayer; the speaker's name would open their profile, a modal page.
  const again = await popOut(ada);
  await ada.getByText(roomPageMessages.poppedOut).waitFor();
  const prompt = await askForProfile(again, 'Ada Vinyl');
  await prompt.getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => new URL(again.url()).pathname).toBe('/');
  // The miniplayer left the room for the lobby: the page it came from has the room back by itself.
  await ada.getByRole('region', { name: 'Chat' }).waitFor();
  expect(await ada.getByText(roomPageMessages.poppedOut).count()).toBe(0);
  await ada.context().close();
});

test('a miniplayer view that cannot be resized asks to widen the window, OK only, then goes to the lobby', async () => {
  const { shortcut } = await echosFreshRoom(server.baseUrl, `Mini ${Date.now()}`);
  const bass = await memberPage('basslord@example.com');
  await bass.setViewportSize({ width: 380, height: 640 });
  await bass.goto(`${server.baseUrl}/${shortcut}?view=mini`);
  await bass.getByTestId('miniplayer').waitFor();

  // The miniplayer has no top bar: its header holds a small Messages button (docs/pm.md), over
  // nothing, whose panel opens under the header within the window.
  const messages = messagesButton(bass);
  expect(await messages.evaluate((button) => button.closest('.mini-room__header') !== null)).toBe(true);
  expect(await drawnUnder(messages)).toEqual([]);
  await messages.click();
  const panel = bass.getByRole('region', { name: pmDockMessages.button, exact: true });
  await panel.waitFor();
  await animationsSettled(bass);
  const header = await bass.locator('.mini-room__header').boundingBox();
  const shown = await panel.boundingBox();
  expect(shown && header && shown.y >= header.y + header.height).toBe(true);
  expect(shown && shown.x >= 0 && shown.x + shown.width <= 380 && shown.y + shown.height <= 640).toBe(true);
  expect(await pageWidth(bass)).toBeLessThanOrEqual(380);
  await panel.getByRole('button', { name: pmDockMessages.close }).click();
  await panel.waitFor({ state: 'detached' });

  // The chat's message box is in the window, below the song, with no scrolling.
  const box = await bass.getByLabel('Chat message').boundingBox();
  expect(box && box.y + box.height <= 640).toBe(true);
  await bass.getByLabel('Chat message').fill('small window');
  await bass.getByRole('button', { name: 'Send' }).click();
  await bass.getByRole('link', { name: 'Basslord' }).click();
  const prompt = bass.getByRole('dialog', { name: 'Full view' });
  await prompt.getByText(/This page needs a wider window/).waitFor();
  expect(await prompt.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
  await prompt.getByRole('button', { name: 'OK' }).click();
  await expect.poll(() => new URL(bass.url()).pathname).toBe('/');
  await bass.context().close();
});

test('OK on the prompt grows the miniplayer to full view with the page over the room; a window that does not grow goes to the lobby', async () => {
  const { shortcut } = await echosFreshRoom(server.baseUrl, `Mini ${Date.now()}`);
  // No emulated viewport: the page is as wide as its window, as in a real browser.
  const cass = await memberPage('cassette@example.com', { viewport: null });
  await cass.goto(`${server.baseUrl}/${shortcut}`);
  await cass.getByRole('region', { name: 'Chat' }).waitFor();

  // A browser that will not resize this window (resizeTo does nothing): OK fails, to the lobby.
  let mini = await popOut(cass);
  await mini.evaluate(() => {
    window.resizeTo = () => undefined;
  });
  await (await askForProfile(mini, 'Cassette Kid')).getByRole('button', { name: 'OK' }).click();
  await expect.poll(() => new URL(mini.url()).pathname).toBe('/');
  await expect.poll(() => mini.getByRole('dialog').count()).toBe(0);
  // At the lobby, that window no longer has the room: this page takes it back.
  await cass.getByRole('region', { name: 'Chat' }).waitFor();
  await mini.close();

  // One that does: the window grows to full view, and the profile opens over the whole room.
  mini = await popOut(cass);
  expect(await mini.evaluate(() => window.innerWidth)).toBeLessThan(500);
  await (await askForProfile(mini, 'Cassette Kid')).getByRole('button', { name: 'OK' }).click();
  const profile = mini.getByRole('dialog', { name: 'Cassette Kid' });
  await profile.waitFor();
  expect(new URL(mini.url()).pathname).toMatch(/^\/profile\/[0-9a-f]{24}$/);
  expect(await mini.evaluate(() => window.outerWidth)).toBeGreaterThanOrEqual(FULL_VIEW_SIZE.width - 40);
  expect(await mini.evaluate(() => window.innerWidth)).toBeGreaterThan(900);
  // Behind it, the room in full view (its stage and crowd), not the miniplayer.
  await mini.getByTestId('room').waitFor();
  await mini.getByRole('region', { name: 'Crowd' }).getByRole('link', { name: 'Cassette Kid' }).waitFor();
  expect(await mini.getByTestId('miniplayer').count()).toBe(0);
  // Closing the profile leaves the room in full view.
  await profile.getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => new URL(mini.url()).pathname).toBe(`/${shortcut}`);
  expect(new URL(mini.url()).search).toBe('');
  await mini.getByRole('region', { name: 'Stage' }).waitFor();
  // The page it was popped out of says where the room is now, and can still bring it back.
  await cass.getByText(roomPageMessages.openElsewhere).waitFor();
  await Promise.all([mini.waitForEvent('close'), cass.getByRole('button', { name: 'Bring it back here' }).click()]);
  await cass.getByRole('region', { name: 'Chat' }).waitFor();
  await cass.context().close();
});
