/**
 * A room plays music in real browsers (docs/music.md): a DJ uploads two songs
 * in My music beside the room's chat, steps up, and the song plays in a second
 * member's page in sync with the DJ's (both pages' `window.__platterSync`
 * read side by side), evened out to the target loudness, its waveform drawn
 * with its progress and its tags handed to the Media Session; the listener
 * votes Awesome, the DJ's points rise, the listener snags the song and a heart
 * shows over them; the room's controls are clear of the Messages button at
 * 1280, 375 and 320 px; the listener sets the volume and mutes; the DJ skips
 * and the next, quieter song follows, turned up as far as the first was turned
 * down; the history lists both; and a reload keeps the listener's volume and
 * mute. Pages play without a click (Chromium's autoplay switch), except where
 * the browser holds sound back until a click: there the page offers "Click to
 * listen", and a click joins the room's moment; the Media Session's Pause and
 * Play hold and resume the page's audio. With SCREENSHOTS_DIR set, the
 * room is photographed while the song plays at each width.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  TARGET_LOUDNESS_LUFS,
  libraryPanelMessages,
  playbackMessages,
  playerMessages,
  roomMusicMessages,
  type LibrarySong,
} from '@platter/contract';
import { animationsSettled, launchBrowser } from './support/browser';
import { drawnUnder, pageWidth } from './support/layout';
import { demoMemberPage, messagesButton } from './support/member';
import { apiGet, echosFreshRoom, logIn, freshQueue, type Credentials } from './support/room-members';
import { startServer, type RunningServer } from './support/server';
import { tinyPng, wavFile, type Id3Tags } from '../packages/server/test/support/audio-files';

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

/**
 * A 1 kHz tone at `amplitude` of full scale. Its loudness is the amplitude in dB (a mono song is
 * heard from both speakers, and the ear's weighting is flat at 1 kHz), so the gain that plays it
 * at the target is known beforehand: see expectedGainDb.
 */
const tone = (name: string, seconds: number, amplitude = 0.3, tags?: Id3Tags) => ({
  name,
  mimeType: 'audio/wav',
  buffer: wavFile({ seconds, frequency: 1000, sampleRate: 22_050, amplitude }, tags),
});

const expectedGainDb = (amplitude: number) => TARGET_LOUDNESS_LUFS - 20 * Math.log10(amplitude);
const dbToFactor = (db: number) => 10 ** (db / 20);

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
  /** The loudness correction the song plays with (dB), and the output's factor on the song's level now. */
  gainDb: number;
  level: number | null;
}

const readSync = (page: Page): Promise<Reading> =>
  page.evaluate(() => {
    const sync = (window as unknown as { __platterSync?: Reading }).__platterSync;
    if (!sync) throw new Error('no __platterSync on the page');
    const { status, offsetMs, rttMs, errorMs, position, wall, gainDb, level } = sync;
    return { status, offsetMs, rttMs, errorMs, position, wall, gainDb, level };
  });

/** Waits until the page's output plays at `factor` (a new level glides in over a few tenths of a second). */
const levelReaches = (page: Page, factor: number) =>
  expect
    .poll(async () => Math.abs(((await readSync(page)).level ?? Infinity) - factor), { timeout: 5000 })
    .toBeLessThan(factor * 0.005 + 1e-4);

/**
 * The now-playing waveform as drawn: its progress as it says it (the label's percent), the share of
 * its bars drawn in the played colour (the accent; the rest is drawn faint white), and its tallest
 * bar in CSS px.
 */
const readWaveform = (page: Page) =>
  page
    .getByRole('region', { name: 'Now playing' })
    .getByTestId('waveform')
    .evaluate((canvas: HTMLCanvasElement) => {
      const percent = Number(/(\d+)%/.exec(canvas.getAttribute('aria-label') ?? '')?.[1]);
      const { width, height } = canvas;
      const pixels = canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
      let painted = 0;
      let played = 0;
      let tallest = 0;
      for (let x = 0; x < width; x++) {
        let total = 0;
        let strongest = 0;
        let accent = false;
        for (let y = 0; y < height; y++) {
          const at = (y * width + x) * 4;
          const alpha = pixels[at + 3]!;
          total += alpha;
          strongest = Math.max(strongest, alpha);
          // The accent is a pink (red well over green); the rest is a faint white.
          if (alpha > 0 && pixels[at]! - pixels[at + 1]! > 50) accent = true;
        }
        if (strongest === 0) continue;
        painted++;
        if (accent) played++;
        // Each colour is drawn at one opacity; a bar's edge rows, partly covered, count in part.
        tallest = Math.max(tallest, total / strongest);
      }
      return { percent, playedShare: painted > 0 ? played / painted : 0, barHeight: tallest / devicePixelRatio };
    });
/** The tallest bar a peak draws (the canvas is 36 px tall, the bars leave a pixel above and below). */
const barFor = (peak: number) => peak * (36 - 2);

/** What the page told the Media Session (the browser's media controls, lock screens). */
const readMediaSession = (page: Page) =>
  page.evaluate(() => {
    const metadata = navigator.mediaSession.metadata;
    return {
      state: navigator.mediaSession.playbackState,
      metadata: metadata && {
        title: metadata.title,
        artist: metadata.artist,
        album: metadata.album,
        artwork: metadata.artwork.map((image) => image.src),
      },
    };
  });

/** The member's song by its title, as their library lists it. */
const librarySong = async (who: Credentials, title: string) => {
  const { songs } = await apiGet<{ songs: LibrarySong[] }>(server.baseUrl, 'library.list', { ...who, query: title });
  return songs.find((song) => song.metadata.song === title);
};

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
  // First Light is loud (−10.5 LUFS), Second Wind quiet (−26 LUFS) and tagged, with a cover.
  const secondTags = { title: 'Second Wind', artist: 'The Sines', album: 'Test Tones' };
  await uploadInPage(dj, [
    tone('First Light.wav', 40, 0.3),
    tone('Second Wind.wav', 40, 0.05, { ...secondTags, picture: { mime: 'image/png', data: tinyPng } }),
  ]);
  // Both are measured before they play (a song measured later plays as it is until its next play).
  for (const title of ['First Light', 'Second Wind']) {
    await expect.poll(async () => (await librarySong(ada, title))?.analysis, { timeout: 20_000 }).toBe('ready');
  }
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

  // Loud First Light plays turned down to the target loudness: the song's gain, applied in the page's
  // audio graph on top of the listener's volume (0.8 until they set one).
  const first = await readSync(listener);
  expect(Math.abs(first.gainDb - expectedGainDb(0.3))).toBeLessThan(0.25);
  expect(first.gainDb).toBeLessThan(-7);
  await levelReaches(listener, 0.8 * dbToFactor(first.gainDb));

  // Its waveform is drawn from its peaks (0.3 of full scale, the whole song), played part in the
  // accent colour as far as the song has played, and the progress moves on.
  const drawn = await readWaveform(listener);
  expect(Math.abs(drawn.barHeight - barFor(0.3))).toBeLessThan(0.5);
  expect(drawn.percent).toBeGreaterThan(0);
  expect(Math.abs(drawn.playedShare - drawn.percent / 100)).toBeLessThan(0.03);
  await expect.poll(async () => (await readWaveform(listener)).percent).toBeGreaterThan(drawn.percent);

  // The browser's media controls show what plays (an untagged file: its name, no artist, no cover).
  expect(await readMediaSession(listener)).toEqual({
    state: 'playing',
    metadata: { title: 'First Light', artist: '', album: '', artwork: [] },
  });

  // The speakers' latency is set under Audio; a figure out of range is refused, readably.
  await nowPlaying(listener).getByRole('button', { name: 'Audio' }).click();
  const latency = nowPlaying(listener).getByLabel(playerMessages.latencyLabel);
  await latency.fill('5000');
  await latency.press('Enter');
  await nowPlaying(listener).getByRole('alert').getByText(playerMessages.latencyInvalid).waitFor();
  await latency.fill('0');
  await latency.press('Enter');
  await nowPlaying(listener).getByRole('button', { name: 'Audio' }).click();

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
  // A preview plays at the listener's volume: its loudness is not the room's to even out.
  expect((await readSync(listener)).gainDb).toBe(0);
  expect(await listener.locator('audio').count()).toBe(1);
  expect(await element.getAttribute('src')).not.toBe(roomSource);
  await queue.getByRole('button', { name: 'Stop “First Light”' }).click();
  await expect.poll(async () => (await readSync(listener)).status, { timeout: 10_000 }).toBe('playing');
  expect(await element.getAttribute('src')).toBe(roomSource);
  await listener.getByRole('tab', { name: 'Chat' }).click();

  // The Messages button covers none of the room (the stage's spots, Step up, the chat's Send), on a
  // desktop and on phones, at the top of the page and scrolled to its end.
  for (const width of [1280, 375, 320]) {
    await listener.setViewportSize({ width, height: 800 });
    for (const scrollTo of ['top', 'end'] as const) {
      await listener.evaluate((to) => window.scrollTo(0, to === 'top' ? 0 : document.body.scrollHeight), scrollTo);
      expect(await drawnUnder(messagesButton(listener)), `${width} px, ${scrollTo}`).toEqual([]);
    }
    // Nothing wider than the screen (a phone would scroll sideways).
    expect(await pageWidth(listener)).toBeLessThanOrEqual(width);
    if (process.env.SCREENSHOTS_DIR) {
      await listener.evaluate(() => window.scrollTo(0, 0));
      await animationsSettled(listener);
      const file = path.join(process.env.SCREENSHOTS_DIR, `room-music-${width}.png`);
      await listener.screenshot({ path: file, fullPage: width < 1280 });
    }
  }
  await listener.setViewportSize({ width: 1280, height: 800 });

  // The listener turns the volume down to half, then mutes: the output follows.
  await nowPlaying(listener).getByRole('slider', { name: playerMessages.volume }).fill('50');
  await levelReaches(listener, 0.5 * dbToFactor(first.gainDb));
  await nowPlaying(listener).getByRole('button', { name: playerMessages.mute, exact: true }).click();
  await levelReaches(listener, 0);

  // The DJ skips: the room reads it, and the next song (Second Wind) starts.
  await nowPlaying(dj).getByRole('button', { name: 'Skip' }).click();
  await listener
    .getByRole('region', { name: 'Chat' })
    .getByText(roomMusicMessages.skipped('Ada Vinyl', 'First Light'))
    .waitFor();
  await nowPlaying(listener).getByText('Second Wind').waitFor({ timeout: 15_000 });

  // Quiet Second Wind is turned up, as far as First Light was turned down and then some: the two
  // arrive equally loud. Its waveform is as low as its peaks, and its tags and cover reach the
  // browser's media controls.
  await expect.poll(async () => (await readSync(listener)).gainDb, { timeout: 15_000 }).toBeGreaterThan(0);
  const second = await readSync(listener);
  expect(Math.abs(second.gainDb - expectedGainDb(0.05))).toBeLessThan(0.25);
  expect(Math.abs(0.3 * dbToFactor(first.gainDb) - 0.05 * dbToFactor(second.gainDb))).toBeLessThan(0.01);
  expect(Math.abs((await readWaveform(listener)).barHeight - barFor(0.05))).toBeLessThan(0.5);
  const session = await readMediaSession(listener);
  expect(session.metadata).toMatchObject(secondTags);
  expect(session.metadata?.artwork).toEqual([expect.stringMatching(`^${server.baseUrl}/media/covers/`)]);
  const cover = await fetch(session.metadata!.artwork[0]!);
  expect(cover.headers.get('content-type')).toBe('image/png');
  expect(Buffer.from(await cover.arrayBuffer())).toEqual(tinyPng);

  // The history lists both plays.
  await nowPlaying(listener).getByRole('button', { name: 'History' }).click();
  const history = listener.getByTestId('room-history');
  await history.getByText('First Light').waitFor();
  await history.getByText('Second Wind').waitFor();

  // The listener comes back (a reload): still muted, at half volume, and unmuting plays Second Wind
  // at half volume with its gain.
  await listener.reload();
  await expect.poll(async () => (await readSync(listener)).status, { timeout: 15_000 }).toBe('playing');
  const unmute = nowPlaying(listener).getByRole('button', { name: playerMessages.unmute });
  expect(await unmute.getAttribute('aria-pressed')).toBe('true');
  expect(await nowPlaying(listener).getByRole('slider', { name: playerMessages.volume }).inputValue()).toBe('50');
  await levelReaches(listener, 0);
  await unmute.click();
  await levelReaches(listener, 0.5 * dbToFactor(second.gainDb));

  await dj.context().close();
  await listener.context().close();
});

test('a browser that holds sound back until a click shows "Click to listen", and a click joins the room\'s moment; the media controls pause and play it', async () => {
  const room = await echosFreshRoom(server.baseUrl, `Quiet ${Date.now()}`);
  const ada = await logIn(server.baseUrl, 'ada@example.com');
  await freshQueue(server.baseUrl, ada);
  const dj = await demoMemberPage(browser, server.baseUrl, 'ada@example.com');
  await dj.goto(`${server.baseUrl}/${room.shortcut}`);
  await uploadInPage(dj, [tone('Held Back.wav', 30)]);
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
      // The Media Session's handlers (the browser's media controls call them), kept for the test to call.
      const handlers: Record<string, MediaSessionActionHandler | null> = {};
      (window as unknown as { __mediaHandlers: typeof handlers }).__mediaHandlers = handlers;
      const setActionHandler = navigator.mediaSession.setActionHandler.bind(navigator.mediaSession);
      navigator.mediaSession.setActionHandler = (action, handler) => {
        handlers[action] = handler;
        setActionHandler(action, handler);
      };
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

    // The browser's media controls: Pause holds the page's audio, Play joins the room's moment again.
    const press = (action: 'play' | 'pause') =>
      listener.evaluate((action) => {
        const handler = (window as unknown as { __mediaHandlers: Record<string, MediaSessionActionHandler> })
          .__mediaHandlers[action];
        if (!handler) throw new Error(`no ${action} handler`);
        handler({ action });
      }, action);
    const audioPaused = () => listener.getByTestId('room-audio').evaluate((audio: HTMLAudioElement) => audio.paused);
    await press('pause');
    await expect.poll(async () => (await readSync(listener)).status).toBe('held');
    expect(await audioPaused()).toBe(true);
    expect((await readMediaSession(listener)).state).toBe('paused');
    await press('play');
    await expect.poll(async () => (await readSync(listener)).status, { timeout: 15_000 }).toBe('playing');
    expect(await audioPaused()).toBe(false);
    expect((await readMediaSession(listener)).state).toBe('playing');
  } finally {
    await listener.context().close();
    await dj.context().close();
  }
});
