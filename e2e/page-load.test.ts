/**
 * A page's load, as a newcomer on a phone meets it (issue 32): nothing on the page moves while
 * the lobby and a room load (layout-shift entries, summed as the browser's CLS, at most 0.02 at
 * 1280 and 375 px), for a guest and for a signed-in member (whose header, headband and room
 * tools differ), and the room's song is not fetched before the page has loaded (its audio
 * bytes, counted from the network, are none until the load event). With SCREENSHOTS_DIR set, the
 * lobby and the room are photographed once loaded.
 */
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AUDIO_PATH_PREFIX } from '@platter/contract';
import { animationsSettled, launchBrowser } from './support/browser';
import { createRoomButton, demoMemberPage } from './support/member';
import { startServer, type RunningServer } from './support/server';
import { tinyPng } from '../packages/server/test/support/audio-files';

let server: RunningServer;
let browser: Browser;
/** Ada's signed-in session (cookies), logged in once for every member's page in the file. */
let member: BrowserContextOptions['storageState'];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
  const page = await demoMemberPage(browser, server.baseUrl, 'ada@example.com');
  member = await page.context().storageState();
  await page.context().close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The score the issue sets for a page's load (Lighthouse's "good" is 0.1). */
const CLS_BUDGET = 0.02;

/** Every layout shift of the page from its start (buffered), as Chromium scores them, with what moved. */
async function trackShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; moved: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const moved = (entry.sources ?? []).map((source) => {
          const node = source.node;
          return node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : String(node?.nodeName);
        });
        shifts.push({ value: entry.value, moved });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const shiftsOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shifts: { value: number; moved: string[] }[] }).__shifts);
const score = (shifts: { value: number }[]) => shifts.reduce((sum, shift) => sum + shift.value, 0);

async function playingRoom(): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/room.directory_rooms?limit=100`);
  const [, body] = (await response.json()) as [
    boolean,
    { rooms: { roomid: string; shortcut: string; metadata: { current_song: unknown } }[] },
  ];
  const room = body.rooms.find((r) => r.metadata.current_song !== null);
  if (!room) throw new Error('no demo room plays a song');
  return room.shortcut;
}

const photograph = async (page: Page, name: string) => {
  const dir = process.env.SCREENSHOTS_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`) });
};

describe.each([1280, 375])('at %i px', (width) => {
  test('the lobby, as a guest with the headband and the banner, loads without moving', async () => {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await trackShifts(page);
    await page.goto(server.baseUrl);
    await page.locator('.headband').first().waitFor();
    await page.locator('.top-banner').waitFor();
    await page.waitForLoadState('load');
    await page.locator('.room-tile').first().waitFor();
    await animationsSettled(page);
    const shifts = await shiftsOf(page);
    await photograph(page, `lobby-${width}`);
    expect(score(shifts), JSON.stringify(shifts)).toBeLessThanOrEqual(CLS_BUDGET);
    await context.close();
  });

  test('a room, opened by its address, loads without moving', async () => {
    const shortcut = await playingRoom();
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await trackShifts(page);
    await page.goto(`${server.baseUrl}/${shortcut}`);
    await page.getByRole('region', { name: 'Chat' }).waitFor();
    await page.waitForLoadState('load');
    await page.waitForFunction(
      () => (window as unknown as { __platterSync?: { status: string } }).__platterSync?.status === 'playing',
    );
    await animationsSettled(page);
    const shifts = await shiftsOf(page);
    await photograph(page, `room-${width}`);
    expect(score(shifts), JSON.stringify(shifts)).toBeLessThanOrEqual(CLS_BUDGET);
    await context.close();
  });

  test('the lobby, as a signed-in member, loads without moving', async () => {
    const context = await browser.newContext({ viewport: { width, height: 800 }, storageState: member });
    const page = await context.newPage();
    await trackShifts(page);
    await page.goto(server.baseUrl);
    await createRoomButton(page).waitFor();
    await page.waitForLoadState('load');
    await page.locator('.room-tile').first().waitFor();
    await animationsSettled(page);
    const shifts = await shiftsOf(page);
    expect(await page.locator('.top-banner').count()).toBe(0);
    await photograph(page, `lobby-member-${width}`);
    expect(score(shifts), JSON.stringify(shifts)).toBeLessThanOrEqual(CLS_BUDGET);
    await context.close();
  });

  test('a room, opened by its address as a signed-in member, loads without moving', async () => {
    const shortcut = await playingRoom();
    const context = await browser.newContext({ viewport: { width, height: 800 }, storageState: member });
    const page = await context.newPage();
    await trackShifts(page);
    await page.goto(`${server.baseUrl}/${shortcut}`);
    // A member's room has their tools above the stage and (on a desktop) My music beside the chat.
    await page.locator('.room-tools').waitFor();
    await page.getByRole('tab', { name: 'My music' }).waitFor();
    await page.waitForLoadState('load');
    await page.waitForFunction(
      () => (window as unknown as { __platterSync?: { status: string } }).__platterSync?.status === 'playing',
    );
    await animationsSettled(page);
    const shifts = await shiftsOf(page);
    await photograph(page, `room-member-${width}`);
    expect(score(shifts), JSON.stringify(shifts)).toBeLessThanOrEqual(CLS_BUDGET);
    await context.close();
  });
});

/** Waits until the player's readout (`window.__platterSync`, docs/music.md) has a song, or is in `status`. */
const readoutHas = (page: Page, status?: string) =>
  page.waitForFunction((wanted) => {
    const readout = (window as unknown as { __platterSync?: { songid: string | null; status: string } }).__platterSync;
    return wanted === undefined ? Boolean(readout?.songid) : readout?.status === wanted;
  }, status);

test("a room's song is not fetched while the page is loading, then plays", async () => {
  const shortcut = await playingRoom();
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  // A picture that keeps coming (a phone's slow line): the page's load waits for it.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/slow-picture.png', async (route) => {
    await released;
    await route.fulfill({ contentType: 'image/png', body: tinyPng });
  });
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const picture = new Image();
      picture.alt = '';
      picture.src = '/slow-picture.png';
      document.body.append(picture);
    });
  });
  // Every byte of the song's responses, as the network delivers them (ranges and aborted ones too).
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const audioRequests = new Set<string>();
  let audioBytes = 0;
  cdp.on('Network.requestWillBeSent', (event) => {
    if (new URL(event.request.url).pathname.startsWith(AUDIO_PATH_PREFIX)) audioRequests.add(event.requestId);
  });
  cdp.on('Network.dataReceived', (event) => {
    if (audioRequests.has(event.requestId)) audioBytes += event.dataLength;
  });

  await page.goto(`${server.baseUrl}/${shortcut}`, { waitUntil: 'domcontentloaded' });
  await page.getByRole('region', { name: 'Chat' }).waitFor();
  await readoutHas(page);
  // The room is there and its player knows the song, while the page still loads: nothing of the song is asked for.
  expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
  const element = page.getByTestId('room-audio');
  expect(await element.getAttribute('src')).toBeNull();
  expect(await element.evaluate((audio: HTMLAudioElement) => audio.preload)).toBe('none');
  expect(audioRequests.size).toBe(0);
  expect(audioBytes).toBe(0);

  release();
  await readoutHas(page, 'playing');
  // The browser let the page play: from then on the song is fetched ahead.
  await expect.poll(() => element.evaluate((audio: HTMLAudioElement) => audio.preload)).toBe('auto');
  expect(audioBytes).toBeGreaterThan(0);
  await context.close();
});
