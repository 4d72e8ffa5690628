/**
 * How well two pages keep to a room's timeline over a poor line (docs/music.md,
 * "Playing in sync"): both reach the server through a proxy that delays every
 * websocket message by a random 0–80 ms, and each page's clock is set off the
 * server's by ~±200 ms. Over most of a song, both pages' `__platterSync` are
 * read side by side: the clock offset's error (the true offset is minus the
 * skew: one machine, one clock) and how far apart the two pages play, each
 * position carried to the same true moment. The numbers are printed; the
 * issue's targets are 5 ms (clock, p95) and 25 ms (positions, p95). Both
 * members keep the default graphics preferences (WebGL on) in a Chromium
 * without a GPU, which draws WebGL in software: the stage must not cost the
 * pages their timing (issue 32), and draws itself in the DOM.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { UPLOAD_PATH } from '@platter/contract';
import { launchBrowser } from './support/browser';
import { startDelayProxy, type DelayProxy } from './support/delay-proxy';
import { demoMemberPage } from './support/member';
import { apiGet, echosFreshRoom, logIn, freshQueue } from './support/room-members';
import { startServer, type RunningServer } from './support/server';
import { wavFile } from '../packages/server/test/support/audio-files';

let server: RunningServer;
let proxy: DelayProxy;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_PER_MINUTE: '0' });
  proxy = await startDelayProxy(server.baseUrl, 80);
  browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
});

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await server?.stop();
});

interface Reading {
  status: string;
  offsetMs: number | null;
  errorMs: number | null;
  position: number | null;
  rate: number;
  wall: number;
}

const readSync = (page: Page): Promise<Reading> =>
  page.evaluate(() => {
    const sync = (window as unknown as { __platterSync?: Reading }).__platterSync;
    if (!sync) throw new Error('no __platterSync on the page');
    const { status, offsetMs, errorMs, position, rate, wall } = sync;
    return { status, offsetMs, errorMs, position, rate, wall };
  });

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
};

/** A member's page through the proxy, its clock `skewMs` off the true one from the next page load on. */
async function skewedPage(email: string, skewMs: number): Promise<Page> {
  const page = await demoMemberPage(browser, proxy.baseUrl, email);
  await page.context().addInitScript((skew: number) => {
    const now = performance.now.bind(performance);
    performance.now = () => now() + skew;
  }, skewMs);
  return page;
}

test('over a delayed line with skewed clocks, two pages keep to the timeline', async () => {
  const room = await echosFreshRoom(server.baseUrl, `Sync ${Date.now()}`);
  const ada = await logIn(server.baseUrl, 'ada@example.com');
  await freshQueue(server.baseUrl, ada);
  const query = new URLSearchParams({ ...ada, filename: 'Long Tone.wav' });
  const uploaded = await fetch(`${server.baseUrl}${UPLOAD_PATH}?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: new Uint8Array(wavFile({ seconds: 60, frequency: 300, sampleRate: 22_050, amplitude: 0.3 })),
  });
  expect(((await uploaded.json()) as [boolean])[0]).toBe(true);

  // The default graphics preferences, whatever an earlier test left: WebGL on.
  for (const email of ['ada@example.com', 'otter@example.com']) {
    const member = await logIn(server.baseUrl, email);
    await apiGet(server.baseUrl, 'user.modify', { ...member, disable_webgl: false, disable_animation: false });
  }
  const skews = [187, -194];
  const dj = await skewedPage('ada@example.com', skews[0]!);
  const listener = await skewedPage('otter@example.com', skews[1]!);
  for (const page of [dj, listener]) await page.goto(`${proxy.baseUrl}/${room.shortcut}`);
  await listener.getByRole('button', { name: 'Step up to DJ' }).waitFor();
  // WebGL on, drawn in software here: each stage chose the DOM by itself.
  for (const page of [dj, listener]) {
    await expect.poll(() => page.getByTestId('room-scene').getAttribute('data-renderer')).toBe('dom');
  }
  await dj.getByRole('button', { name: 'Step up to DJ' }).click();
  for (const page of [dj, listener]) {
    await expect.poll(async () => (await readSync(page)).status, { timeout: 20_000 }).toBe('playing');
  }

  const clockErrors: number[] = [];
  const apart: number[] = [];
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const [a, b] = await Promise.all([readSync(dj), readSync(listener)]);
    for (const [reading, skew] of [
      [a, skews[0]!],
      [b, skews[1]!],
    ] as const) {
      if (reading.offsetMs !== null) clockErrors.push(Math.abs(reading.offsetMs + skew));
    }
    if (a.status === 'playing' && b.status === 'playing' && a.position !== null && b.position !== null) {
      // Each page's clock runs `skew` ahead of the true one: carry a's position to b's true moment
      // (at a's playback rate, which its nudges keep within 5% of 1).
      const trueGap = b.wall - skews[1]! - (a.wall - skews[0]!);
      apart.push(Math.abs(a.position + trueGap * a.rate - b.position));
    }
    await listener.waitForTimeout(150);
  }
  const steady = apart.slice(Math.floor(apart.length / 5));
  const settledClock = clockErrors.slice(Math.floor(clockErrors.length / 5));
  console.log(
    `sync over a 0–80 ms line, clocks ±~190 ms off: clock error p95 ${percentile(clockErrors, 0.95).toFixed(1)} ms ` +
      `(after the first fifth: p50 ${percentile(settledClock, 0.5).toFixed(1)} ms, ` +
      `p95 ${percentile(settledClock, 0.95).toFixed(1)} ms); pages apart (after the first fifth) p50 ` +
      `${percentile(steady, 0.5).toFixed(1)} ms, p95 ${percentile(steady, 0.95).toFixed(1)} ms, ` +
      `over ${apart.length} readings`,
  );
  expect(steady.length).toBeGreaterThan(50);
  // Bounds this test holds on a busy machine; the targets (5 ms, 25 ms) are reported above.
  expect(percentile(clockErrors, 0.95)).toBeLessThan(40);
  expect(percentile(steady, 0.95)).toBeLessThan(100);
  await dj.context().close();
  await listener.context().close();
});
