/**
 * The miniplayer (docs/room.md) in a real browser: a member pops the room out
 * into a small window of its own (now playing and the chat), the page they left
 * says where the room plays and brings it back; a modal page asked for from the
 * miniplayer first asks to return to full view — OK and Cancel when the window
 * can be resized, an OK-only "widen the window" otherwise — and cancelling goes
 * to the lobby home (spec §2). The miniplayer's header holds a small Messages
 * button, over nothing, whose panel fits the small window.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { pmDockMessages } from '@platter/contract';
import { animationsSettled, launchBrowser } from './support/browser';
import { drawnUnder, pageWidth } from './support/layout';
import { demoMemberPage, messagesButton } from './support/member';
import { echosFreshRoom } from './support/room-members';
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

const memberPage = (email: string) => demoMemberPage(browser, server.baseUrl, email);

test('popping the room out, and a modal page from the miniplayer asking for full view (Cancel goes to the lobby)', async () => {
  const { shortcut } = await echosFreshRoom(server.baseUrl, `Mini ${Date.now()}`);
  const ada = await memberPage('ada@example.com');
  await ada.goto(`${server.baseUrl}/${shortcut}`);
  await ada.getByRole('region', { name: 'Chat' }).waitFor();

  const [mini] = await Promise.all([
    ada.context().waitForEvent('page'),
    ada.getByRole('button', { name: 'Miniplayer' }).click(),
  ]);
  await mini.getByTestId('miniplayer').waitFor();
  expect(new URL(mini.url()).search).toBe('?view=mini');
  await ada.getByText('This room is playing in the miniplayer window.').waitFor();

  // Chat from the miniplayer; the speaker's name would open their profile, a modal page.
  await mini.getByLabel('Chat message').fill('hello from the mini');
  await mini.getByRole('button', { name: 'Send' }).click();
  await mini.getByRole('link', { name: 'Ada Vinyl' }).click();
  const prompt = mini.getByRole('dialog', { name: 'Full view' });
  await prompt.getByText('This opens in the full view of Platter. Return to full view?').waitFor();
  await prompt.getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => new URL(mini.url()).pathname).toBe('/');

  // The page that popped it out brings the room back.
  await ada.getByRole('button', { name: 'Bring it back here' }).click();
  await ada.getByRole('region', { name: 'Chat' }).waitFor();
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
