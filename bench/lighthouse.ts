/**
 * `npm run bench -- lighthouse`: Lighthouse on the lobby and on a playing room,
 * both as a guest who has never been here (a fresh Chromium profile each run,
 * Lighthouse's storage reset), with its mobile and desktop presets, RUNS runs
 * each; prints the medians next to issue 32's targets, a pass or miss per cell,
 * and the audits that missed. Run `npm run build` first: the server serves the
 * built page. Drives Debian's Chromium through chrome-launcher; nothing is
 * downloaded. Never part of `npm test` (minutes long). docs/web-weight.md, "Lighthouse".
 *
 *   BENCH_LIGHTHOUSE_RUNS  runs per page and preset (default 3)
 *   BENCH_LIGHTHOUSE_JSON  a folder to write each run's report to (JSON), to read the audits
 *   BENCH_LIGHTHOUSE_ROOT  another checkout, built, to measure instead (its "before")
 */
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config, type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM, CHROMIUM_SWITCHES } from '../e2e/support/browser';
import { apiGet, roomPlayingTone } from '../e2e/support/room-members';
import { startServer } from '../e2e/support/server';
import { median } from './stats';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const REPORTS = process.env.BENCH_LIGHTHOUSE_JSON;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

/** A figure Lighthouse reports, how to print it, and issue 32's target for it (on which presets). */
interface Figure {
  label: string;
  read: (lhr: Result) => number;
  show: (value: number) => string;
  target?: { best: 'high' | 'low'; limit: number; presets: readonly Preset[] };
}
type Preset = 'mobile' | 'desktop';
type Result = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, Audit>;
  environment: { benchmarkIndex: number };
};
interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  displayValue?: string;
}

const score = (category: string) => (lhr: Result) => Math.round(100 * (lhr.categories[category]?.score ?? 0));
const metric = (audit: string) => (lhr: Result) => lhr.audits[audit]?.numericValue ?? Number.NaN;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const millis = (ms: number) => `${Math.round(ms)} ms`;
const BOTH: readonly Preset[] = ['mobile', 'desktop'];

const FIGURES: Figure[] = [
  { label: 'perf', read: score('performance'), show: String, target: { best: 'high', limit: 90, presets: BOTH } },
  { label: 'a11y', read: score('accessibility'), show: String, target: { best: 'high', limit: 100, presets: BOTH } },
  {
    label: 'best practices',
    read: score('best-practices'),
    show: String,
    target: { best: 'high', limit: 100, presets: BOTH },
  },
  { label: 'FCP', read: metric('first-contentful-paint'), show: seconds },
  {
    label: 'LCP',
    read: metric('largest-contentful-paint'),
    show: seconds,
    target: { best: 'low', limit: 2_500, presets: ['mobile'] },
  },
  {
    label: 'TBT',
    read: metric('total-blocking-time'),
    show: millis,
    target: { best: 'low', limit: 200, presets: ['mobile'] },
  },
  {
    label: 'CLS',
    read: metric('cumulative-layout-shift'),
    show: (value) => value.toFixed(3),
    target: { best: 'low', limit: 0.02, presets: ['mobile'] },
  },
];

const meets = (figure: Figure, value: number) =>
  !figure.target || (figure.target.best === 'high' ? value >= figure.target.limit : value <= figure.target.limit);

/** One Lighthouse run in a Chromium of its own: a new profile, as a person who has never been here. */
async function audit(url: string, preset: Preset): Promise<Result> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_SWITCHES],
  });
  try {
    const flags: Flags = { port: chrome.port, logLevel: 'error', onlyCategories: CATEGORIES };
    const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
    const result = await lighthouse(url, flags, config);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
    return result.lhr as unknown as Result;
  } finally {
    chrome.kill();
  }
}

/** A room whose DJ plays a tone that outlasts the runs, as a guest finds it. */
async function playingRoom(base: string): Promise<{ url: string; leave: () => void }> {
  const room = await roomPlayingTone(base, 900, 'Lighthouse bench');
  const info = await apiGet<{ current_song: unknown }>(base, 'room.info', { roomid: room.roomid });
  if (!info.current_song) throw new Error('The bench room plays nothing');
  return { url: `${base}/${room.shortcut}`, leave: room.leave };
}

interface Row {
  page: string;
  preset: Preset;
  runs: Result[];
}

const server = await startServer(
  { RATE_LIMIT_PER_MINUTE: '0', GUESTS_PER_ADDRESS_PER_MINUTE: '0' },
  undefined,
  process.env.BENCH_LIGHTHOUSE_ROOT,
);
const rows: Row[] = [];
let room: Awaited<ReturnType<typeof playingRoom>> | undefined;
try {
  room = await playingRoom(server.baseUrl);
  const pages = { lobby: `${server.baseUrl}/`, 'playing room': room.url };
  for (const [page, url] of Object.entries(pages)) {
    for (const preset of BOTH) {
      const row: Row = { page, preset, runs: [] };
      for (let run = 1; run <= RUNS; run += 1) {
        const lhr = await audit(url, preset);
        row.runs.push(lhr);
        if (REPORTS) {
          fs.mkdirSync(REPORTS, { recursive: true });
          const file = `${page.replace(' ', '-')}-${preset}-${run}.json`;
          fs.writeFileSync(path.join(REPORTS, file), JSON.stringify(lhr));
        }
        process.stdout.write(`${page} ${preset} run ${run}: perf ${score('performance')(lhr)}\n`);
      }
      rows.push(row);
    }
  }
} finally {
  room?.leave();
  await server.stop();
}

const targetText = (figure: Figure) =>
  figure.target
    ? `${figure.target.best === 'high' ? '≥' : '≤'} ${figure.show(figure.target.limit)}${figure.target.presets.length < 2 ? ` (${figure.target.presets.join()})` : ''}`
    : '–';
let misses = 0;
const table: Record<string, Record<string, string>> = {
  target: Object.fromEntries(FIGURES.map((figure) => [figure.label, targetText(figure)])),
};
for (const row of rows) {
  table[`${row.page}, ${row.preset}`] = Object.fromEntries(
    FIGURES.map((figure) => {
      const value = median(row.runs.map(figure.read));
      const judged = figure.target?.presets.includes(row.preset);
      const passed = meets(figure, value);
      if (judged && !passed) misses += 1;
      return [figure.label, `${figure.show(value)}${judged ? (passed ? ' pass' : ' MISS') : ''}`];
    }),
  );
  // Lighthouse's measure of this machine's speed during the runs: simulated throttling multiplies
  // the tasks it timed, so a machine busy with other work reads slower (higher TBT and LCP).
  table[`${row.page}, ${row.preset}`]!['CPU index'] = String(
    Math.round(median(row.runs.map((lhr) => lhr.environment.benchmarkIndex))),
  );
}
console.log(
  `\nLighthouse ${(rows[0]?.runs[0] as { lighthouseVersion?: string } | undefined)?.lighthouseVersion ?? '?'}, ` +
    `median of ${RUNS} runs, simulated throttling, headless ${CHROMIUM}`,
);
console.table(table);

// Which audits kept a score or a category from its target: those that failed in any run.
for (const row of rows) {
  const failed = new Map<string, string>();
  for (const lhr of row.runs) {
    for (const item of Object.values(lhr.audits)) {
      const binary = item.scoreDisplayMode === 'binary' && item.score === 0;
      const weak = item.scoreDisplayMode === 'metricSavings' && item.score !== null && item.score < 0.9;
      if (binary || weak) failed.set(item.id, `${item.title}${item.displayValue ? ` (${item.displayValue})` : ''}`);
    }
  }
  if (failed.size === 0) continue;
  console.log(`\n${row.page}, ${row.preset}: audits that failed in a run`);
  for (const [id, title] of failed) console.log(`  ${id}: ${title}`);
}
console.log(misses === 0 ? '\nEvery target met.' : `\n${misses} target(s) missed.`);
