/**
 * axe-core over every screen (docs/accessibility.md): the lobby as a guest and as a member, every
 * modal route of spec §2, a playing room as a guest, a member, a DJ and its moderator, the phone's
 * My-music sheet and the moderation menu, each at 1280 and 375 px: no violation of any impact.
 * One server, one browser; each page is scanned at both widths where it stands.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { commonMessages, djPlanMessages, roomPageMessages, waitlistMessages } from '@platter/contract';
import { axeAtEachWidth, axeViolations, WIDTHS } from './support/axe';
import { launchBrowser } from './support/browser';
import { demoMemberPage } from './support/member';
import { apiPost, echosFreshRoom, logIn, memberBySocket } from './support/room-members';
import { GUEST_MODAL_PATHS, MEMBER_MODAL_PATHS } from './support/modal-paths';
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

/** Every modal route, and My music (a route of its own on a phone). */
const MODAL_PATHS = [...MEMBER_MODAL_PATHS, 'music'];

const guestPage = async () => (await browser.newContext()).newPage();

/** Opens each modal over the lobby the page shows, as the router does on Back and Forward (no reload), and scans the dialog. */
async function modalScans(page: Page, paths: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/${path}`);
    await page.getByRole('dialog').waitFor();
    // One dialog, and the screen itself: a modal's code loads on demand, behind a "Loading…" modal.
    await page.waitForFunction((loading) => {
      const dialogs = document.querySelectorAll('[role="dialog"]');
      const labelledBy = dialogs[0]?.getAttribute('aria-labelledby');
      const title = labelledBy ? document.getElementById(labelledBy)?.textContent : null;
      return dialogs.length === 1 && title !== loading;
    }, commonMessages.loading);
    // And fully shown: a dialog still fading in reads as low contrast.
    await page.waitForFunction(() => {
      for (let box = document.querySelector('[role="dialog"]'); box; box = box.parentElement)
        if (getComputedStyle(box).opacity !== '1') return false;
      return true;
    });
    found.push(...(await axeAtEachWidth(page, `/${path}`, '[role="dialog"]')));
  }
  return found;
}

test('the lobby and every modal route, as a guest and as a member', async () => {
  const guest = await guestPage();
  await guest.goto(server.baseUrl);
  await guest.getByRole('link', { name: 'Log in' }).first().waitFor();
  const found = await axeAtEachWidth(guest, 'the lobby as a guest');
  found.push(...(await modalScans(guest, GUEST_MODAL_PATHS)));
  await guest.context().close();

  const ada = await demoMemberPage(browser, server.baseUrl, 'ada@example.com');
  await ada.goto(server.baseUrl);
  await ada.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Create a room' }).waitFor();
  found.push(...(await axeAtEachWidth(ada, 'the lobby as a member')));
  found.push(...(await modalScans(ada, MODAL_PATHS)));
  await ada.context().close();
  expect(found).toEqual([]);
}, 300_000);

test('a playing room as a guest, a member, a DJ and its moderator; My music on a phone; the moderation menu', async () => {
  const room = await echosFreshRoom(server.baseUrl, `Accessible ${Date.now()}`);
  // Basslord plays one of his demo songs, so the room has a song, a DJ and votes to show.
  const bass = await logIn(server.baseUrl, 'basslord@example.com');
  const bassInRoom = await memberBySocket(server.baseUrl, bass, room.roomid);
  await apiPost(server.baseUrl, 'room.add_dj', { ...bass, roomid: room.roomid });
  await bassInRoom.call('room.speak', { roomid: room.roomid, text: 'Hello, room' });
  const nowPlaying = (page: Page) =>
    page.getByRole('region', { name: 'Now playing' }).getByRole('button', { name: /Awesome/ });
  const address = `${server.baseUrl}/${room.shortcut}`;
  const found: string[] = [];

  const guest = await guestPage();
  await guest.goto(address);
  await guest.getByRole('region', { name: 'Chat' }).getByText('Hello, room').waitFor();
  found.push(...(await axeAtEachWidth(guest, 'the room as a guest')));
  await guest.context().close();

  const ada = await demoMemberPage(browser, server.baseUrl, 'ada@example.com');
  await ada.goto(address);
  await nowPlaying(ada).waitFor();
  found.push(...(await axeAtEachWidth(ada, 'the room as a member')));
  await ada.getByRole('button', { name: 'Step up to DJ' }).click();
  await ada.getByRole('button', { name: 'Step down', exact: true }).waitFor();
  found.push(...(await axeAtEachWidth(ada, 'the room as a DJ')));
  // A phone opens My music as a sheet over the room.
  await ada.setViewportSize({ width: 375, height: 800 });
  await ada.getByRole('button', { name: 'My music' }).click();
  await ada
    .getByRole('region', { name: 'My music' })
    .getByRole('tab', { name: /^Queue/ })
    .waitFor();
  for (const line of await axeAtEachWidth(ada, 'My music as a sheet')) if (line.includes('375 px')) found.push(line);
  await ada.context().close();

  const echo = await demoMemberPage(browser, server.baseUrl, 'echo@example.com');
  await echo.goto(address);
  await nowPlaying(echo).waitFor();
  found.push(...(await axeAtEachWidth(echo, 'the room as its moderator')));
  await echo.getByRole('button', { name: 'Moderation' }).click();
  const panel = echo.getByRole('dialog', { name: 'Moderation' });
  await panel.getByRole('button', { name: 'Moderate Basslord' }).waitFor();
  found.push(...(await axeAtEachWidth(echo, 'the moderation panel')));
  await panel.getByRole('button', { name: 'Moderate Basslord' }).click();
  await echo.getByRole('dialog', { name: 'Moderate Basslord' }).waitFor();
  found.push(...(await axeAtEachWidth(echo, 'the moderation menu')));
  await echo.context().close();
  bassInRoom.leave();
  expect(found).toEqual([]);
}, 300_000);

/** The focus is on what `locator` finds. */
const hasFocus = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** What has the focus, as "tag: its name" (its label, else its words), "body" when nothing has it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    const name = element.getAttribute('aria-label') ?? element.textContent ?? '';
    return `${element.tagName.toLowerCase()}: ${name.replace(/\s+/g, ' ').trim()}`;
  });

/** Presses Tab (or Shift+Tab) until the focus is on what `name` matches; the focus is on <body> at no step. */
async function tabTo(page: Page, name: RegExp, backwards = false): Promise<number> {
  for (let presses = 1; presses <= 60; presses++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    expect(now, `after ${presses} presses`).not.toBe('body');
    if (name.test(now)) return presses;
  }
  throw new Error(`Tab never reached ${name}; the focus is on ${await focused(page)}`);
}

test('the keyboard journey: from the page’s start, take a DJ spot, vote, chat, open and close a profile', async () => {
  const room = await echosFreshRoom(server.baseUrl, `Keyboard ${Date.now()}`);
  const bass = await logIn(server.baseUrl, 'basslord@example.com');
  const bassInRoom = await memberBySocket(server.baseUrl, bass, room.roomid);
  await apiPost(server.baseUrl, 'room.add_dj', { ...bass, roomid: room.roomid });
  await bassInRoom.call('room.speak', { roomid: room.roomid, text: 'Welcome, keyboards' });
  const ada = await demoMemberPage(browser, server.baseUrl, 'ada@example.com', { viewport: WIDTHS[0] });
  await ada.goto(`${server.baseUrl}/${room.shortcut}`);
  const awesome = ada.getByRole('region', { name: 'Now playing' }).getByRole('button', { name: /Awesome/ });
  await awesome.waitFor();

  // The page's first stop is the skip link to the chat.
  expect(await tabTo(ada, /Skip to the chat/)).toBe(1);
  // Take a DJ spot: the button becomes Step down under the focus, which stays on it.
  await tabTo(ada, /^button: Step up to DJ$/);
  await ada.keyboard.press('Enter');
  await ada.getByRole('button', { name: 'Step down', exact: true }).waitFor();
  expect(await focused(ada)).toBe('button: Step down');
  // Vote: Awesome is pressed and keeps the focus while the vote goes.
  const awesomeFirst = await awesome.evaluate(
    (button) => (button.compareDocumentPosition(document.activeElement!) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
  );
  await tabTo(ada, /^button: Awesome/, awesomeFirst);
  await ada.keyboard.press('Enter');
  await expect.poll(() => awesome.getAttribute('aria-pressed')).toBe('true');
  expect(await focused(ada)).toMatch(/^button: Awesome/);
  // Back to the start, and the skip link goes straight to the chat box.
  await tabTo(ada, /Skip to the chat/, true);
  await ada.keyboard.press('Enter');
  expect(await focused(ada)).toBe(`input: ${roomPageMessages.chatInputLabel}`);
  await ada.keyboard.type('Typed without a mouse');
  await ada.keyboard.press('Enter');
  const chat = ada.getByRole('region', { name: 'Chat' });
  await chat.getByText('Typed without a mouse').waitFor();
  expect(await focused(ada)).toBe(`input: ${roomPageMessages.chatInputLabel}`);
  // A screen reader hears a new line politely, and how many came when they come fast (not one's own).
  const announced = () => ada.getByTestId('chat-announcement').textContent();
  await bassInRoom.call('room.speak', { roomid: room.roomid, text: 'Are you there?' });
  await expect.poll(announced, { timeout: 10_000 }).toBe(roomPageMessages.chatLineSaid('Basslord', 'Are you there?'));
  for (const text of ['one', 'two', 'three']) await bassInRoom.call('room.speak', { roomid: room.roomid, text });
  await expect.poll(announced, { timeout: 10_000 }).toMatch(/^[23] new lines in the chat$/);
  // Open Basslord's profile from his line in the chat: the dialog holds the focus, Escape closes it, and the focus returns.
  await tabTo(ada, /^a: Basslord$/, true);
  await ada.evaluate(() => document.activeElement?.setAttribute('data-opener', ''));
  await ada.keyboard.press('Enter');
  const dialog = ada.getByRole('dialog', { name: /Basslord/ });
  await dialog.waitFor();
  for (let press = 0; press < 15; press++) {
    await ada.keyboard.press('Tab');
    expect(await dialog.evaluate((box) => box.contains(document.activeElement))).toBe(true);
  }
  await ada.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => ada.evaluate(() => document.activeElement?.hasAttribute('data-opener'))).toBe(true);
  await ada.context().close();
  bassInRoom.leave();
});

test('controls that are busy, unavailable or replaced keep the focus: an open spot, a plan, Skip, the waitlist', async () => {
  const room = await echosFreshRoom(server.baseUrl, `Focus kept ${Date.now()}`);
  const owner = await logIn(server.baseUrl, 'echo@example.com');
  const adaId = (await logIn(server.baseUrl, 'ada@example.com')).userid;
  const bass = await logIn(server.baseUrl, 'basslord@example.com');
  const bassInRoom = await memberBySocket(server.baseUrl, bass, room.roomid);
  await apiPost(server.baseUrl, 'room.add_dj', { ...bass, roomid: room.roomid });
  const address = `${server.baseUrl}/${room.shortcut}`;
  const ada = await demoMemberPage(browser, server.baseUrl, 'ada@example.com', { viewport: WIDTHS[0] });
  await ada.goto(address);
  const nowPlaying = (page: Page) => page.getByRole('region', { name: roomPageMessages.nowPlayingLabel });
  await nowPlaying(ada)
    .getByRole('button', { name: /Awesome/ })
    .waitFor();
  const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

  // Taking an open spot: the spot becomes Ada on the stage, and the focus goes to her there.
  await ada
    .getByRole('region', { name: roomPageMessages.stageLabel })
    .getByRole('button', { name: roomPageMessages.openSpot })
    .first()
    .focus();
  await ada.keyboard.press('Enter');
  await button(ada, djPlanMessages.stepDown).waitFor();
  await expect.poll(() => ada.evaluate(() => document.activeElement?.getAttribute('data-userid'))).toBe(adaId);

  // A plan chosen from the list becomes its Cancel, which takes the focus; cancelled, the plan's first button has it.
  const more = ada.getByRole('combobox', { name: djPlanMessages.moreSongsLabel });
  await more.focus();
  await more.selectOption('2');
  await expect.poll(() => hasFocus(button(ada, djPlanMessages.cancel))).toBe(true);
  await ada.keyboard.press('Enter');
  await expect.poll(() => focused(ada)).toBe(`button: ${djPlanMessages.afterMyNextSong}`);

  // Skip: the moderator's stays (the focus on it) as Ada's song comes next; Ada's own goes with
  // her song, and her focus moves to the next song's Awesome.
  const echo = await demoMemberPage(browser, server.baseUrl, 'echo@example.com', { viewport: WIDTHS[0] });
  await echo.goto(address);
  await nowPlaying(echo).getByText('Basslord', { exact: false }).first().waitFor();
  await nowPlaying(echo).getByRole('button', { name: roomPageMessages.skip }).focus();
  await echo.keyboard.press('Enter');
  const adaSkip = nowPlaying(ada).getByRole('button', { name: roomPageMessages.skip });
  await adaSkip.waitFor();
  await expect.poll(() => focused(echo)).toBe(`button: ${roomPageMessages.skip}`);
  await adaSkip.focus();
  await ada.keyboard.press('Enter');
  await adaSkip.waitFor({ state: 'detached' });
  await expect.poll(() => focused(ada)).toMatch(/^button: Awesome/);

  // One button for the stage: Step down, then Step up, then (the stage locked) Join the waitlist,
  // Leave it and Join again, the focus on it all along.
  await button(ada, djPlanMessages.stepDown).focus();
  await ada.keyboard.press('Enter');
  await button(ada, waitlistMessages.stepUp).waitFor();
  expect(await focused(ada)).toBe(`button: ${waitlistMessages.stepUp}`);
  await apiPost(server.baseUrl, 'room.modify', { ...owner, roomid: room.roomid, stage_locked: true });
  await button(ada, waitlistMessages.join).waitFor();
  expect(await focused(ada)).toBe(`button: ${waitlistMessages.join}`);
  await ada.keyboard.press('Enter');
  await button(ada, waitlistMessages.leave).waitFor();
  expect(await focused(ada)).toBe(`button: ${waitlistMessages.leave}`);
  await ada.keyboard.press('Enter');
  await button(ada, waitlistMessages.join).waitFor();
  expect(await focused(ada)).toBe(`button: ${waitlistMessages.join}`);
  await ada.keyboard.press('Enter');
  await button(ada, waitlistMessages.leave).waitFor();

  // The moderator takes Ada off the line: the focus goes to the waitlist's title, not <body>.
  const takeOff = echo.getByRole('button', { name: waitlistMessages.takeOffLabel('Ada Vinyl') });
  await takeOff.focus();
  await echo.keyboard.press('Enter');
  await takeOff.waitFor({ state: 'detached' });
  await expect.poll(() => focused(echo)).toMatch(/^h2: Waitlist/);
  // The aria-disabled controls pass axe as they are drawn now (the stage locked, Ada waiting for it;
  // the room at both widths is scanned above).
  expect(await axeViolations(ada)).toEqual([]);
  await ada.context().close();
  await echo.context().close();
  bassInRoom.leave();
});

test('a modal opened by its address: the focus is in it while it loads, on its first field once it came, and on the page’s main heading once it closes', async () => {
  const page = await guestPage();
  // The login screen's code is held back: the modal says "Loading…" meanwhile.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/login-modal-*.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`${server.baseUrl}/login`);
  const loading = page.getByRole('dialog', { name: commonMessages.loading });
  await loading.waitFor();
  await expect.poll(() => loading.evaluate((box) => box.contains(document.activeElement))).toBe(true);
  release();
  const dialog = page.getByRole('dialog', { name: 'Sign in to Platter' });
  await expect.poll(() => hasFocus(dialog.getByLabel('Email'))).toBe(true);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  // Nothing of the page opened it: the focus goes to the lobby's main heading, in its main landmark.
  expect(await page.evaluate(() => document.activeElement?.closest('main')?.id)).toBe('rooms');
  expect(await focused(page)).toMatch(/^h1: /);
  await page.context().close();
});

test('My music as a phone’s sheet is a dialog: it holds the focus, Escape closes it, and the window’s width may change under it', async () => {
  const room = await echosFreshRoom(server.baseUrl, `Sheet ${Date.now()}`);
  const ada = await demoMemberPage(browser, server.baseUrl, 'ada@example.com', { viewport: WIDTHS[1] });
  await ada.goto(`${server.baseUrl}/${room.shortcut}`);
  const opener = ada.getByRole('button', { name: roomPageMessages.myMusic, exact: true });
  await opener.focus();
  await ada.keyboard.press('Enter');
  const sheet = ada.getByRole('dialog', { name: roomPageMessages.myMusic });
  await sheet.getByRole('tab', { name: /^Queue/ }).waitFor();
  expect(await focused(ada)).toBe(`button: ${roomPageMessages.closeMyMusic}`);
  for (let press = 0; press < 12; press++) {
    await ada.keyboard.press(press % 3 === 2 ? 'Shift+Tab' : 'Tab');
    expect(await sheet.evaluate((box) => box.contains(document.activeElement))).toBe(true);
  }
  await ada.keyboard.press('Escape');
  await sheet.waitFor({ state: 'detached' });
  await expect.poll(() => hasFocus(opener)).toBe(true);

  // Open, then the window grows past a phone's: My music is a panel beside the chat, no dialog,
  // the focus on its tab, and Shift+Tab leaves it.
  await ada.keyboard.press('Enter');
  await sheet.waitFor();
  await ada.setViewportSize(WIDTHS[0]);
  await sheet.waitFor({ state: 'detached' });
  const musicTab = ada.getByRole('tab', { name: roomPageMessages.myMusic });
  await expect.poll(() => hasFocus(musicTab)).toBe(true);
  await ada.keyboard.press('Shift+Tab');
  expect(
    await ada.evaluate(
      () => document.activeElement === document.body || !!document.activeElement?.closest('.room-side'),
    ),
  ).toBe(false);
  // And back to a phone's width: the sheet is a dialog again and takes the focus.
  await ada.setViewportSize(WIDTHS[1]);
  await sheet.waitFor();
  await expect.poll(() => focused(ada)).toBe(`button: ${roomPageMessages.closeMyMusic}`);
  await ada.keyboard.press('Escape');
  await sheet.waitFor({ state: 'detached' });
  expect(await focused(ada)).not.toBe('body');
  await ada.context().close();
});
