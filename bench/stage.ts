/**
 * `npm run bench -- stage`: what a playing room with chat flowing costs a
 * browser without a GPU (headless Chromium draws WebGL with SwiftShader), with
 * the default graphics preferences (WebGL on) next to WebGL turned off, the
 * bare baseline measured in the same run (docs/room.md, "Renderers").
 *
 * For each mode, in a fresh room whose DJ plays a long tone: two members' pages
 * open the room in one Chromium; one sends a chat line every CHAT_EVERY_MS, the
 * other shows it, while a third member (over a socket) chats as often between them. Over BENCH_STAGE_SECONDS it reads each page's main-thread
 * busy share (CDP Performance metrics: TaskDuration over the wall time) and
 * each line's send→shown time (from the keypress to the line in the other
 * page's chat, both on this machine's clock). Targets (issue 32): busy ≤ 20 %,
 * p95 ≤ 250 ms. Run `npm run build` first: the server serves the built page.
 *
 *   BENCH_STAGE_SECONDS  seconds of chat per mode (default 30)
 *   BENCH_STAGE_ROOT     another checkout, built, to measure instead (its "before")
 */
import type { Browser, CDPSession } from 'playwright-core';
import { UPLOAD_PATH } from '@platter/contract';
import { launchBrowser } from '../e2e/support/browser';
import { demoMemberPage } from '../e2e/support/member';
import { apiGet, echosFreshRoom, freshQueue, logIn, memberBySocket } from '../e2e/support/room-members';
import { startServer, type RunningServer } from '../e2e/support/server';
import { wavFile } from '../packages/server/test/support/audio-files';
import { percentile } from './stats';

const SECONDS = Number(process.env.BENCH_STAGE_SECONDS ?? 30);
/** A member says at most 5 lines in 5 s (CHAT_FLOOD_MESSAGES): each sender keeps under it. */
const CHAT_EVERY_MS = 1_200;
const BUSY_TARGET = 0.2;
const P95_TARGET_MS = 250;

interface Row {
  mode: string;
  renderer: string;
  busy: number;
  senderBusy: number;
  p50: number;
  p95: number;
  lines: number;
}

const busyTime = async (cdp: CDPSession) => {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? Number.NaN;
};

async function measure(server: RunningServer, browser: Browser, webgl: boolean): Promise<Row> {
  const base = server.baseUrl;
  const room = await echosFreshRoom(base, `Stage bench ${Date.now()}`);
  const [ada, otter, iris, bass] = await Promise.all(
    ['ada', 'otter', 'iris', 'basslord'].map((who) => logIn(base, `${who}@example.com`)),
  );
  for (const who of [otter!, iris!]) await apiGet(base, 'user.modify', { ...who, disable_webgl: !webgl });
  // Ada plays a tone longer than the measurement.
  await freshQueue(base, ada!);
  const query = new URLSearchParams({ ...ada!, filename: 'Bench Tone.wav' });
  await fetch(`${base}${UPLOAD_PATH}?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: new Uint8Array(wavFile({ seconds: SECONDS + 60, frequency: 220, sampleRate: 8_000, amplitude: 0.3 })),
  });
  const dj = await memberBySocket(base, ada!, room.roomid);
  const chatter = await memberBySocket(base, bass!, room.roomid);
  const [sender, reader] = await Promise.all(
    ['otter@example.com', 'iris@example.com'].map((email) => demoMemberPage(browser, base, email)),
  );
  for (const page of [sender!, reader!]) await page.goto(`${base}/${room.shortcut}`);
  await reader!.getByRole('region', { name: 'Chat' }).waitFor();
  await dj.call('room.add_dj', { roomid: room.roomid });
  await reader!.waitForFunction(
    () => (window as unknown as { __platterSync?: { status: string } }).__platterSync?.status === 'playing',
    undefined,
    { timeout: 30_000 },
  );
  const renderer = await reader!.getByTestId('room-scene').getAttribute('data-renderer');
  await reader!.evaluate(() => {
    const shown: Record<string, number> = {};
    (window as unknown as { __shown: typeof shown }).__shown = shown;
    new MutationObserver(() => {
      for (const line of Array.from(document.querySelectorAll('.room-chat__line'))) {
        const text = /bench line \d+/.exec(line.textContent ?? '')?.[0];
        if (text && !(text in shown)) shown[text] = Date.now();
      }
    }).observe(document.body, { childList: true, subtree: true });
  });

  const cdps = await Promise.all([reader!, sender!].map((page) => page.context().newCDPSession(page)));
  for (const cdp of cdps) await cdp.send('Performance.enable');
  const busyBefore = await Promise.all(cdps.map(busyTime));
  const started = Date.now();
  const sent: Record<string, number> = {};
  const box = sender!.getByRole('region', { name: 'Chat' }).getByLabel('Chat message');
  for (let line = 0; Date.now() - started < SECONDS * 1000; line += 1) {
    const text = `bench line ${line}`;
    await box.fill(text);
    sent[text] = Date.now();
    await box.press('Enter');
    setTimeout(() => void chatter.call('room.speak', { roomid: room.roomid, text: `and ${line}` }), CHAT_EVERY_MS / 2);
    await sender!.waitForTimeout(Math.max(0, started + (line + 1) * CHAT_EVERY_MS - Date.now()));
  }
  const wall = (Date.now() - started) / 1000;
  const busyAfter = await Promise.all(cdps.map(busyTime));
  await reader!.waitForTimeout(2_000);
  const shown = await reader!.evaluate(() => (window as unknown as { __shown: Record<string, number> }).__shown);
  const delays = Object.entries(sent).map(([text, at]) => (shown[text] ?? Number.POSITIVE_INFINITY) - at);
  for (const page of [sender!, reader!]) await page.context().close();
  dj.leave();
  chatter.leave();
  return {
    mode: webgl ? 'WebGL on (software)' : 'WebGL off',
    renderer: renderer ?? '?',
    busy: (busyAfter[0]! - busyBefore[0]!) / wall,
    senderBusy: (busyAfter[1]! - busyBefore[1]!) / wall,
    p50: percentile(delays, 0.5),
    p95: percentile(delays, 0.95),
    lines: delays.length,
  };
}

const server = await startServer({ RATE_LIMIT_PER_MINUTE: '0' }, undefined, process.env.BENCH_STAGE_ROOT);
const browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
const rows: Row[] = [];
try {
  for (const webgl of [false, true]) rows.push(await measure(server, browser, webgl));
} finally {
  await browser.close();
  await server.stop();
}
const percent = (share: number) => `${(100 * share).toFixed(1)} %`;
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'never');
console.log(
  `\nStage: a playing room with a chat line every ${CHAT_EVERY_MS / 2} ms for ${SECONDS} s, headless Chromium (no GPU)`,
);
console.table(
  rows.map((row) => ({
    mode: row.mode,
    'drawn by': row.renderer,
    'room page busy': percent(row.busy),
    'sender page busy': percent(row.senderBusy),
    'send→shown p50': ms(row.p50),
    'send→shown p95': ms(row.p95),
    lines: row.lines,
    'busy ratio to WebGL off': (row.busy / rows[0]!.busy).toFixed(2),
    'targets (≤ 20 %, ≤ 250 ms)': row.busy <= BUSY_TARGET && row.p95 <= P95_TARGET_MS ? 'met' : 'missed',
  })),
);
