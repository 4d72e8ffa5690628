/**
 * The room's rules in real browsers (docs/room.md, "Room rules in the page"): the owner makes
 * the stage one spot and sets a rule in the settings; a DJ steps up, and a second member, offered
 * the waitlist instead, joins it and sees their place; the owner sees the line, moves a third
 * member ahead and takes them out; the DJ plans to step down (after this song, after 3) and
 * cancels, and others see the plan on the stage; the DJ steps down and the first in line is on
 * the stage by itself; a locked waitlist shows as locked; an AFK limit warns the DJ, who says
 * they're still here. With SCREENSHOTS_DIR set, the room with its waitlist and the DJ's AFK
 * warning are photographed at 1280 and 375 px.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { afkMessages, roomMusicMessages } from '@platter/contract';
import { launchBrowser } from './support/browser';
import { demoMemberPage } from './support/member';
import { apiPost, echosFreshRoom, joinBySocket, logIn } from './support/room-members';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_PER_MINUTE: '0' });
  browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const memberPage = (email: string) =>
  demoMemberPage(browser, server.baseUrl, email, { viewport: { width: 1280, height: 900 } });
const stage = (page: Page) => page.getByRole('region', { name: 'Stage' });
const waitlist = (page: Page) => page.getByRole('region', { name: 'Waitlist' });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function screenshot(page: Page, file: string) {
  if (!process.env.SCREENSHOTS_DIR) return;
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(process.env.SCREENSHOTS_DIR, file), fullPage: true });
}

test('a full stage offers the waitlist; the first in line steps up when the DJ steps down; a DJ plans to leave', async () => {
  const room = await echosFreshRoom(server.baseUrl, `Rules ${Date.now()}`);
  const echo = await memberPage('echo@example.com');
  await echo.goto(`${server.baseUrl}/${room.shortcut}`);

  // The owner makes the stage one spot and songs at most 8 minutes long.
  await button(echo, 'Room settings').click();
  const settings = echo.getByRole('dialog', { name: 'Room settings' });
  // The stage rules' heading is a row of its own, and no field stands out past the room's name.
  const right = async (label: string) => {
    const box = await settings.getByLabel(label, { exact: true }).boundingBox();
    return (box?.x ?? 0) + (box?.width ?? Infinity);
  };
  const nameRight = await right('Name');
  for (const label of ['Longest song (minutes)', 'No repeats within (hours)', 'Songs per DJ', 'AFK limit (minutes)'])
    expect(await right(label), label).toBeLessThanOrEqual(nameRight);
  const legend = await settings.locator('legend').boundingBox();
  const longest = await settings.getByLabel('Longest song (minutes)').boundingBox();
  expect(longest?.y ?? 0).toBeGreaterThan((legend?.y ?? 0) + (legend?.height ?? 0) - 1);
  await settings.getByLabel('DJ spots').selectOption('1');
  await settings.getByLabel('Longest song (minutes)').fill('8');
  // A number out of range is refused on its field, in the contract's words.
  await settings.getByLabel('Songs per DJ').fill('500');
  await settings.getByLabel('Points to DJ').fill('abc');
  await settings.getByRole('button', { name: 'Save' }).click();
  await settings.getByRole('alert').getByText('Songs per DJ is 0 (no limit) to 50.').waitFor();
  const points = settings.locator('.field.has-error', { hasText: 'Points to DJ' });
  await points.getByRole('alert').getByText('Points to DJ must be a whole number, 0 or more.').waitFor();
  await settings.getByLabel('Points to DJ').fill('0');
  await settings.getByLabel('Songs per DJ').fill('0');
  await settings.getByRole('button', { name: 'Save' }).click();
  await settings.waitFor({ state: 'detached' });
  await waitlist(echo).getByText('Songs up to 8 minutes').waitFor();

  // Ada steps up to the one spot, as Funky Otter looks on.
  const ada = await memberPage('ada@example.com');
  await ada.goto(`${server.baseUrl}/${room.shortcut}`);
  const otter = await memberPage('otter@example.com');
  await otter.goto(`${server.baseUrl}/${room.shortcut}`);
  await button(otter, 'Step up to DJ').waitFor();
  await waitlist(ada).getByText('Room rules:').waitFor();
  await button(ada, 'Step up to DJ').click();
  await stage(ada)
    .getByRole('link', { name: /Ada Vinyl/ })
    .waitFor();

  // Funky Otter, offered the waitlist once the stage is full, joins it and sees their place.
  await otter.getByText('The stage is full.').waitFor();
  expect(await button(otter, 'Step up to DJ').count()).toBe(0);
  await button(otter, 'Join the waitlist').click();
  await otter.getByText("You're #1 in the waitlist").waitFor();

  // Ada, DJing, plans to step down after three songs, then after this one; the room sees the
  // plan on her spot. She cancels each (her song is short: the plan is made and undone at once).
  await ada.getByText(roomMusicMessages.playedBy('Ada Vinyl')).waitFor();
  await ada.getByLabel('Step down after more songs').selectOption('3');
  await ada.getByRole('status').getByText('Stepping down after 3 more songs').waitFor();
  await stage(otter)
    .getByRole('link', { name: /Ada Vinyl/ })
    .getByText('3 songs left')
    .waitFor();
  await screenshot(ada, 'room-rules-dj-1280.png');
  await button(ada, 'Cancel plan').click();
  await button(ada, 'Step down after this song').click();
  await ada.getByRole('status').getByText('Stepping down after this song').waitFor();
  await stage(otter)
    .getByRole('link', { name: /Ada Vinyl/ })
    .getByText('last song')
    .waitFor();
  await button(ada, 'Cancel plan').click();
  await button(ada, 'Step down after this song').waitFor();

  // Basslord joins the line behind (over a socket and HTTP); the owner sees both, moves Basslord
  // ahead, then takes him out.
  const bass = await logIn(server.baseUrl, 'basslord@example.com');
  const bassLeaves = await joinBySocket(server.baseUrl, bass, room.roomid);
  await apiPost(server.baseUrl, 'room.waitlist_join', { ...bass, roomid: room.roomid });
  const line = waitlist(echo).getByRole('listitem');
  await expect
    .poll(() => line.allTextContents())
    .toEqual([expect.stringMatching(/#1.*Funky Otter/), expect.stringMatching(/#2.*Basslord/)]);
  await screenshot(echo, 'room-rules-waitlist-1280.png');
  await echo.setViewportSize({ width: 375, height: 812 });
  await screenshot(echo, 'room-rules-waitlist-375.png');
  await echo.setViewportSize({ width: 1280, height: 900 });
  await button(echo, 'Move Basslord up').click();
  await otter.getByText("You're #2 in the waitlist").waitFor();
  await button(echo, 'Take Basslord off the waitlist').click();
  await otter.getByText("You're #1 in the waitlist").waitFor();
  await expect.poll(() => line.count()).toBe(1);

  // Ada steps down: Funky Otter, first in line, is on the stage without lifting a finger.
  await button(ada, 'Step down').click();
  await stage(otter)
    .getByRole('link', { name: /Funky Otter/ })
    .waitFor();
  await button(otter, 'Step down').waitFor();
  await expect.poll(() => line.count()).toBe(0);
  await waitlist(echo).getByText('Nobody is waiting for the stage.').waitFor();

  // The owner locks the waitlist: Ada, in the crowd now, sees it locked.
  await button(echo, 'Lock the waitlist').click();
  await waitlist(ada).getByText('Waitlist locked').waitFor();
  expect(await button(ada, 'Join the waitlist').isDisabled()).toBe(true);

  // The owner sets an AFK limit of 2 minutes: Funky Otter, DJing, is warned at once (the warning
  // covers a limit's last 2 minutes, here all of it) and says they're still here; Ada, not DJing,
  // is not warned. With the limit off again the warning goes.
  const setAfkLimit = async (minutes: string) => {
    await button(echo, 'Room settings').click();
    const dialog = echo.getByRole('dialog', { name: 'Room settings' });
    await dialog.getByLabel('AFK limit (minutes)').fill(minutes);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
  };
  await setAfkLimit('2');
  const afkWarning = otter.getByTestId('afk-warning');
  await afkWarning.getByText(afkMessages.title).waitFor();
  await afkWarning
    .getByText(/^You'll be stepped down for being away in (2 minutes|1 minute) — say something/)
    .waitFor();
  await screenshot(otter, 'room-rules-afk-warning-1280.png');
  await otter.setViewportSize({ width: 375, height: 812 });
  await screenshot(otter, 'room-rules-afk-warning-375.png');
  await otter.setViewportSize({ width: 1280, height: 900 });
  await afkWarning.getByRole('button', { name: afkMessages.stillHere }).click();
  await expect.poll(() => afkWarning.getByRole('button', { name: afkMessages.stillHere }).isEnabled()).toBe(true);
  expect(await afkWarning.locator('.afk-warning__problem').count()).toBe(0);
  expect(await ada.getByTestId('afk-warning').count()).toBe(0);
  await setAfkLimit('0');
  await afkWarning.waitFor({ state: 'detached' });

  bassLeaves();
  for (const page of [echo, ada, otter]) await page.context().close();
});
