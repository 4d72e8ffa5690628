/**
 * The room's moderation and the lobby following it, in a real browser
 * (docs/room.md): the room's owner boots a member, who is told why and cannot
 * walk straight back in; a lobby page's tile counts the room's listeners live.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { moderatePersonMessages, moderationMessages } from '@platter/contract';
import { launchBrowser } from './support/browser';
import { demoMemberPage } from './support/member';
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

test('the owner boots a member with a reason; the member is told, and cannot come straight back', async () => {
  const room = await echosFreshRoom(server.baseUrl, `Moderated ${Date.now()}`);
  const echo = await memberPage('echo@example.com');
  await echo.goto(`${server.baseUrl}/${room.shortcut}`);
  const ada = await memberPage('ada@example.com');
  await ada.goto(`${server.baseUrl}/${room.shortcut}`);
  await ada.getByRole('region', { name: 'Chat' }).waitFor();

  await echo.getByRole('button', { name: 'Moderation' }).click();
  const panel = echo.getByRole('dialog', { name: 'Moderation' });
  await panel.getByRole('region', { name: 'People here' }).getByText('Ada Vinyl').waitFor();
  await panel.getByRole('button', { name: 'Moderate Ada Vinyl' }).click();
  const menu = echo.getByRole('dialog', { name: 'Moderate Ada Vinyl' });
  // Unmute is offered only while a mute runs, which the menu says.
  const mute = menu.getByRole('region', { name: moderatePersonMessages.muteGroup });
  const unmute = mute.getByRole('button', { name: moderatePersonMessages.unmute });
  expect(await unmute.count()).toBe(0);
  await mute.getByRole('button', { name: moderatePersonMessages.fiveMinutes, exact: true }).click();
  await menu.getByRole('status').getByText(moderatePersonMessages.muted('Ada Vinyl', '5 minutes')).waitFor();
  await mute.getByText(moderatePersonMessages.mutedFor(5)).waitFor();
  await unmute.click();
  await menu.getByRole('status').getByText(moderatePersonMessages.unmuted('Ada Vinyl')).waitFor();
  await expect.poll(() => unmute.count()).toBe(0);
  expect(await mute.getByText(moderatePersonMessages.mutedFor(5)).count()).toBe(0);

  await menu.getByLabel('Reason (shown to them and the room)').fill('too loud');
  await menu.getByRole('button', { name: 'Boot from the room' }).click();
  await menu.getByRole('status').getByText('Ada Vinyl was removed from the room.').waitFor();

  // Ada's page says why; the room tells the story in its chat.
  await ada.getByRole('alert').getByText(`${moderationMessages.booted} Reason: too loud`).waitFor();
  await echo.getByText('Echo Park removed Ada Vinyl from the room: “too loud”').waitFor();
  // Her page no longer follows the room: it shows the room as it is without her, and offers no miniplayer of it.
  await expect.poll(() => ada.getByTestId('room-listeners').textContent()).toBe('1');
  expect(await ada.getByRole('button', { name: 'Miniplayer' }).count()).toBe(0);
  // Trying again is refused, with the reason the server gives.
  await ada.getByRole('button', { name: 'Try again' }).click();
  await ada
    .getByRole('alert')
    .getByText(`${moderationMessages.bootedFor(5)} Reason: too loud`, { exact: true })
    .waitFor();

  // Back in the panel, the log keeps what happened.
  await menu.getByRole('button', { name: 'Close' }).click();
  await echo
    .getByRole('dialog', { name: 'Moderation' })
    .getByRole('region', { name: 'Moderation log' })
    .getByText('Echo Park booted Ada Vinyl — too loud')
    .waitFor();
  await ada.context().close();
  await echo.context().close();
});

test("a lobby tile follows its room's listeners live", async () => {
  const room = await echosFreshRoom(server.baseUrl, `Moderated ${Date.now()}`);
  const bass = await memberPage('basslord@example.com');
  await bass.goto(`${server.baseUrl}/?search=${encodeURIComponent(room.name)}`);
  const tile = bass.getByRole('link', { name: new RegExp(room.name) });
  await expect.poll(() => tile.textContent()).toContain('0 listeners');

  const ada = await memberPage('ada@example.com');
  await ada.goto(`${server.baseUrl}/${room.shortcut}`);
  await ada.getByRole('region', { name: 'Chat' }).waitFor();
  await expect.poll(() => tile.textContent()).toContain('1 listener');
  await ada.getByRole('link', { name: 'Back to the lobby' }).click();
  await expect.poll(() => tile.textContent()).toContain('0 listeners');
  await ada.context().close();
  await bass.context().close();
});
