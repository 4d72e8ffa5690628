/**
 * A room plays music in real browsers (docs/music.md): a DJ uploads two songs
 * in My music beside the room's chat, steps up, and the song plays in a second
 * member's page in sync with the DJ's (both pages' `window.__platterSync`
 * read side by side); the listener votes Awesome, the DJ's points rise, the
 * listener snags the song and a heart shows over them; the DJ skips and the
 * next song follows; the history lists both. Pages play without a click
 * (Chromium's autoplay switch), except where the browser holds sound back until
 * a click: there the page offers "Click to listen", and a click joins the room's
 * moment. With SCREENSHOTS_DIR set, the room is photographed while the song
 * plays at 1280 and 375 px.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { libraryPanelMessages, playbackMessages, playerMessages, roomMusicMessages } from '@platter/contract';
import { launchBrowser } from './support/browser';
import { demoMemberPage } from './support/member';
import { apiGet, echosFreshRoom, logIn, freshQueue } from './support/room-members';
import { startServer, type RunningServer } from './support/server';
import { wavFile } from '../packages/server/test/support/audio-files';

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

const tone = (name: string, seconds: number, frequency: number) => ({
  name,
  mimeType: 'audio/wav',
  buffer: wavFile({ seconds, frequency, sampleRate: 22_050, amplitude: 0.3 }),
});

/**
 * The DJ uploads songs in My music (the tab beside the chat), one after another so the queue's
 * order is theirs (uploads chosen together travel side by side and queue as each arrives).
 */
async function uploadInPage(page: Page, files: ReturnType<typeof tone>[]) {
  await page.getByRole('tab', { name: 'My music' }).click();
  const panel = page.getByRole('region', { name: 'My music' });
  for (const file of files) {
    await panel.getByLabel('Choose audio files to upload').setInputFiles(file);
    await panel
      .getByTestId('upload')
      .filter({ hasText: file.name })
      .getByText(libraryPanelMessages.added)
      .waitFor({ timeout: 30_000 });
  }
  await page.getByRole('tab', { name: 'Chat' }).click();
}

interface Reading {
  status: string;
  offsetMs: number | null;
  rttMs: number | null;
  errorMs: number | null;
  position: number | null;
  /** The page's wall clock when measured (performance.timeOrigin + now: the same clock in every page). */
  wall: number;
}

const readSync = (page: Page): Promise<Reading> =>
  page.evaluate(() => {
    const sync = (window as unknown as { __platterSync?: Reading }).__platterSync;
    if (!sync) throw new Error('no __platterSync on the page');
    const { status, offsetMs, rttMs, errorMs, position, wall } = sync;
    return { status, offsetMs, rttMs, errorMs, position, wall };
  });

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
};

test('a DJ plays, a listener hears the same moment, votes Awesome, and snags the song', async () => {
  const room = await echosFreshRoom(server.baseUrl, `Music ${Date.now()}`);
  const ada = await logIn(server.baseUrl, 'ada@example.com');
  await freshQueue(server.baseUrl, ada);
  const pointsBefore = (await apiGet<{ points: number }>(server.baseUrl, 'user.info', { ...ada })).points;

  const dj = await demoMemberPage(browser, server.baseUrl, 'ada@example.com');
  const listener = await demoMemberPage(browser, server.baseUrl, 'otter@example.com');
  await dj.goto(`${server.baseUrl}/${room.shortcut}`);
  await uploadInPage(dj, [tone('First Light.wav', 40, 330), tone('Second Wind.wav', 40, 392)]);
  await listener.goto(`${server.baseUrl}/${room.shortcut}`);
  // The listener is in the room (its tools show once joined) before the music starts.
  await listener.getByRole('button', { name: 'Step up to DJ' }).waitFor();
  await dj.getByRole('button', { name: 'Step up to DJ' }).click();

  // The song starts on both pages; the chat tells the room.
  const nowPlaying = (page: Page) => page.getByRole('region', { name: 'Now playing' });
  await nowPlaying(listener).getByText('First Light').waitFor();
  await listener
    .getByRole('region', { name: 'Chat' })
    .getByText(roomMusicMessages.started('Ada Vinyl', 'First Light'))
    .waitFor();
  await expect.poll(async () => (await readSync(listener)).status, { timeout: 15_000 }).toBe('playing');
  await expect.poll(async () => (await readSync(dj)).status, { timeout: 15_000 }).toBe('playing');
  // Let both settle (a seek, then rate nudges), then read them side by side.
  for (const page of [dj, listener]) {
    await expect
      .poll(async () => Math.abs((await readSync(page)).errorMs ?? Infinity), { timeout: 20_000 })
      .toBeLessThan(20);
  }
  const apart: number[] = [];
  const errors: number[] = [];
  const offsets: number[] = [];
  for (let n = 0; n < 25; n++) {
    const [a, b] = await Promise.all([readSync(dj), readSync(listener)]);
    if (a.position !== null && b.position !== null) {
      // Both positions carried to the same wall-clock moment.
      apart.push(Math.abs(a.position + (b.wall - a.wall) - b.position));
      if (process.env.SYNC_DEBUG) console.log(JSON.stringify({ a, b }));
      errors.push(Math.abs(a.errorMs ?? 0), Math.abs(b.errorMs ?? 0));
      // One machine, one clock: the true offset to the server is ~0.
      offsets.push(Math.abs(a.offsetMs ?? 0), Math.abs(b.offsetMs ?? 0));
    }
    await listener.waitForTimeout(200);
  }
  console.log(
    `sync: pages apart p50 ${percentile(apart, 0.5).toFixed(1)} ms, p95 ${percentile(apart, 0.95).toFixed(1)} ms; ` +
      `error to timeline p95 ${percentile(errors, 0.95).toFixed(1)} ms; clock offset p95 ${percentile(offsets, 0.95).toFixed(1)} ms`,
  );
  expect(apart.length).toBeGreaterThan(20);
  expect(percentile(apart, 0.95)).toBeLessThan(60);
  expect(percentile(offsets, 0.95)).toBeLessThan(10);
  await listener.getByTestId('sync-readout').getByText('Playback').waitFor();
  // The speakers' latency is set under Audio; a figure out of range is refused, readably.
  await nowPlaying(listener).getByRole('button', { name: 'Audio' }).click();
  const latency = nowPlaying(listener).getByLabel(playerMessages.latencyLabel);
  await latency.fill('5000');
  await latency.press('Enter');
  await nowPlaying(listener).getByRole('alert').getByText(playerMessages.latencyInvalid).waitFor();
  await latency.fill('0');
  await latency.press('Enter');
  await nowPlaying(listener).getByRole('button', { name: 'Audio' }).click();

  if (process.env.SCREENSHOTS_DIR) {
    await listener.screenshot({ path: path.join(process.env.SCREENSHOTS_DIR, 'room-music-1280.png') });
  }

  // The DJ cannot vote on their own song, and is told why.
  expect(
    await nowPlaying(dj)
      .getByRole('button', { name: /Awesome/ })
      .isDisabled(),
  ).toBe(true);
  await nowPlaying(dj).getByText(playbackMessages.ownSong).waitFor();

  // The listener votes Awesome: both pages count it, and the DJ earns a point.
  await nowPlaying(listener)
    .getByRole('button', { name: /Awesome/ })
    .click();
  await expect
    .poll(() =>
      nowPlaying(dj)
        .getByRole('button', { name: /Awesome/ })
        .textContent(),
    )
    .toContain('1');
  await expect
    .poll(async () => (await apiGet<{ points: number }>(server.baseUrl, 'user.info', { ...ada })).points)
    .toBe(pointsBefore + 1);

  // The listener snags it with My music open: their button says so, the DJ's page shows a heart
  // over them, and their queue shows the song at once (not at the panel's next poll).
  await listener.getByRole('tab', { name: 'My music' }).click();
  const queue = listener.getByRole('region', { name: 'My music' }).getByRole('list', { name: 'Queue' });
  await queue.waitFor();
  await nowPlaying(listener).getByRole('button', { name: 'Snag' }).click();
  await nowPlaying(listener)
    .getByRole('button', { name: /Snagged/ })
    .waitFor();
  await dj.getByRole('region', { name: 'Crowd' }).getByTestId('snag-heart').waitFor();
  await queue.getByText('First Light').waitFor({ timeout: 5000 });

  // A preview in My music holds the room's song while it plays (one sound at a time), and the
  // room's song comes back when the preview stops.
  // It plays in the page's one audio element, which goes back to the room's song after.
  const element = listener.getByTestId('room-audio');
  const roomSource = await element.getAttribute('src');
  await queue.getByRole('button', { name: 'Preview “First Light”' }).click();
  await expect.poll(async () => (await readSync(listener)).status).toBe('held');
  expect(await listener.locator('audio').count()).toBe(1);
  expect(await element.getAttribute('src')).not.toBe(roomSource);
  await queue.getByRole('button', { name: 'Stop “First Light”' }).click();
  await expect.poll(async () => (await readSync(listener)).status, { timeout: 10_000 }).toBe('playing');
  expect(await element.getAttribute('src')).toBe(roomSource);
  await listener.getByRole('tab', { name: 'Chat' }).click();

  if (process.env.SCREENSHOTS_DIR) {
    await listener.setViewportSize({ width: 375, height: 800 });
    await listener.waitForTimeout(300);
    await listener.screenshot({ path: path.join(process.env.SCREENSHOTS_DIR, 'room-music-375.png'), fullPage: true });
    await listener.setViewportSize({ width: 1280, height: 800 });
  }

  // The DJ skips: the room reads it, and the next song (Second Wind) starts.
  await nowPlaying(dj).getByRole('button', { name: 'Skip' }).click();
  await listener
    .getByRole('region', { name: 'Chat' })
    .getByText(roomMusicMessages.skipped('Ada Vinyl', 'First Light'))
    .waitFor();
  await nowPlaying(listener).getByText('Second Wind').waitFor({ timeout: 15_000 });

  // The history lists both plays.
  await nowPlaying(listener).getByRole('button', { name: 'History' }).click();
  const history = listener.getByTestId('room-history');
  await history.getByText('First Light').waitFor();
  await history.getByText('Second Wind').waitFor();

  await dj.context().close();
  await listener.context().close();
});

test('a browser that holds sound back until a click shows "Click to listen", and a click joins the room\'s moment', async () => {
  const room = await echosFreshRoom(server.baseUrl, `Quiet ${Date.now()}`);
  const ada = await logIn(server.baseUrl, 'ada@example.com');
  await freshQueue(server.baseUrl, ada);
  const dj = await demoMemberPage(browser, server.baseUrl, 'ada@example.com');
  await dj.goto(`${server.baseUrl}/${room.shortcut}`);
  await uploadInPage(dj, [tone('Held Back.wav', 30, 440)]);
  await dj.getByRole('button', { name: 'Step up to DJ' }).click();
  await expect.poll(async () => (await readSync(dj)).status, { timeout: 15_000 }).toBe('playing');

  const listener = await demoMemberPage(browser, server.baseUrl, 'otter@example.com');
  try {
    // Headless Chromium lets pages play whatever its switches say (it reports a page as activated
    // from the start), so the page gets a blocking browser's answer here: play() is
    // refused with NotAllowedError until a real (trusted) click or key press in this document.
    await listener.addInitScript(() => {
      let activated = false;
      for (const type of ['pointerdown', 'keydown']) {
        window.addEventListener(type, (event) => (activated ||= event.isTrusted), { capture: true });
      }
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        if (!activated) return Promise.reject(new DOMException('play() needs a click first', 'NotAllowedError'));
        return play.call(this);
      };
    });
    await listener.goto(`${server.baseUrl}/${room.shortcut}`);
    const listen = listener.getByRole('button', { name: playerMessages.clickToListen });
    await listen.waitFor({ timeout: 15_000 });
    expect((await readSync(listener)).status).toBe('blocked');
    await listen.click();
    await expect.poll(async () => (await readSync(listener)).status, { timeout: 15_000 }).toBe('playing');
    // It plays the room's moment, not the song's start: close to the room's timeline.
    await expect
      .poll(async () => Math.abs((await readSync(listener)).errorMs ?? Infinity), { timeout: 20_000 })
      .toBeLessThan(100);
    await listen.waitFor({ state: 'detached' });
  } finally {
    await listener.context().close();
    await dj.context().close();
  }
});
