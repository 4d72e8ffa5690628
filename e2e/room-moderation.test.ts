/**
 * The room's moderation and the lobby following it, in a real browser
 * (docs/room.md): the room's owner boots a member, who is told why and cannot
 * walk straight back in; a moderator is offered delete only on the lines they
 * may delete; a lobby page's tile counts the room's listeners live.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { moderatePersonMessages, moderationMessages, roomPageMessages } from '@platter/contract';
import { animationsSettled, launchBrowser } from './support/browser';
import { demoMemberPage } from './support/member';
import { echosFreshRoom, logIn, memberBySocket } from './support/room-members';
import { startServer, type RunningServer } from './support/server';

const SHOTS = process.env.SCREENSHOT_DIR;
const ROOT = path.resolve(import.meta.dirname, '..');

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
  const mute = menu.getByRole('group', { name: moderatePersonMessages.muteGroup });
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

test("a moderator is offered delete only on lines they may delete: never the owner's, staff's or another moderator's", async () => {
  const room = await echosFreshRoom(server.baseUrl, `Moderated ${Date.now()}`);
  // Basslord is staff (acl 1), as `npm run make-staff` makes one, on this server's database.
  execFileSync(
    path.join(ROOT, 'node_modules/.bin/tsx'),
    ['packages/server/src/cli/make-staff.ts', 'basslord@example.com'],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '' },
    },
  );
  const echo = await memberBySocket(server.baseUrl, await logIn(server.baseUrl, 'echo@example.com'), room.roomid);
  const staff = await memberBySocket(server.baseUrl, await logIn(server.baseUrl, 'basslord@example.com'), room.roomid);
  const cassette = await memberBySocket(
    server.baseUrl,
    await logIn(server.baseUrl, 'cassette@example.com'),
    room.roomid,
  );
  const otter = await memberBySocket(server.baseUrl, await logIn(server.baseUrl, 'otter@example.com'), room.roomid);
  const ada = await logIn(server.baseUrl, 'ada@example.com');
  for (const userid of [ada.userid, (await logIn(server.baseUrl, 'cassette@example.com')).userid]) {
    await echo.call('room.add_moderator', { roomid: room.roomid, target_userid: userid });
  }
  await echo.call('room.speak', { roomid: room.roomid, text: 'Welcome to my room' });
  await staff.call('room.speak', { roomid: room.roomid, text: 'Staff here, be kind' });
  // Staff leave: their line is still theirs, though the room no longer lists them.
  staff.leave();
  await cassette.call('room.speak', { roomid: room.roomid, text: 'Moderating too' });
  await otter.call('room.speak', { roomid: room.roomid, text: 'BUY CHEAP FOLLOWERS' });

  const page = await memberPage('ada@example.com');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${server.baseUrl}/${room.shortcut}`);
  const chat = page.getByRole('region', { name: 'Chat' });
  await chat.getByText('BUY CHEAP FOLLOWERS').waitFor();
  await chat.getByLabel(roomPageMessages.chatInputLabel).fill('I moderate here');
  await chat.getByRole('button', { name: roomPageMessages.send }).click();
  await chat.getByText('I moderate here').waitFor();

  const menuOn = (name: string) => chat.getByRole('button', { name: roomPageMessages.moderateLine(name) });
  for (const name of ['Echo Park', 'Basslord', 'Cassette Kid']) expect(await menuOn(name).count()).toBe(0);
  expect(await menuOn('Funky Otter').count()).toBe(1);
  expect(await menuOn('Ada Vinyl').count()).toBe(1);
  await shoot(page, 'room-chat-moderator');

  await menuOn('Funky Otter').click();
  const menu = page.getByRole('dialog', { name: moderatePersonMessages.title('Funky Otter') });
  await menu.getByRole('button', { name: moderatePersonMessages.deleteMessage }).click();
  await menu.getByRole('status').getByText(moderatePersonMessages.messageDeleted).waitFor();
  await menu.getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => chat.getByText('BUY CHEAP FOLLOWERS').count()).toBe(0);
  for (const text of ['Welcome to my room', 'Staff here, be kind', 'Moderating too']) {
    expect(await chat.getByText(text).count()).toBe(1);
  }
  for (const member of [echo, cassette, otter]) member.leave();
  await page.context().close();
});

/** With SCREENSHOT_DIR set: the page at 1280 px and at 375 px (a phone). */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await animationsSettled(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}-1280.png`) });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('region', { name: 'Chat' }).scrollIntoViewIfNeeded();
  await animationsSettled(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}-375.png`) });
  await page.setViewportSize({ width: 1280, height: 900 });
}

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
