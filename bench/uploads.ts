/**
 * `npm run bench -- uploads`: ten 50 MB audio files uploaded at once to the
 * real server (POST /api/library.upload, as a page sends them, with a member's
 * session), next to a plain copy of the same ten files on the same disk, ten
 * at once, and next to a bare Fastify route that only streams each body to a
 * file (what HTTP on this machine costs), in the same run. Each file is a WAV
 * made here, a different tone in each, so no upload is a duplicate of another.
 * Measured: the aggregate MB/s until every upload is answered (or every copy
 * done), and the Platter server
 * process's resident memory: idle before, its peak while the files stream
 * in, and its peak afterwards while the analysis worker measures them. The
 * point: uploads stream to disk (memory does not grow with the bytes), at a
 * fair share of the disk's speed. Each round starts fresh servers.
 * Never part of `npm test`.
 *
 *   BENCH_UPLOADS    files uploaded at once (default 10)
 *   BENCH_UPLOAD_MB  size of each, MB (default 50)
 *   BENCH_ROUNDS     rounds: copy, bare HTTP, then Platter in each (default 3)
 *   BENCH_PROFILE    a folder: the server writes a CPU profile there when it stops
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_PATH } from '@platter/contract';
import { platterNodeFlags, residentMemory, startServer, stop, watchPeakMemory } from './serve-process';
import { median } from './stats';
import { toneWav } from './tone-wav';

const FILES = Number(process.env.BENCH_UPLOADS ?? 10);
const FILE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const MB = 1024 * 1024;

interface Round {
  copyMBps: number;
  sinkMBps: number;
  uploadMBps: number;
  idleMiB: number;
  uploadPeakMiB: number;
  analysisPeakMiB: number;
  analysisSeconds: number;
  /** Songs the worker could not measure (should be none: the files are sound). */
  failed: number;
}

/** FILES WAVs of FILE_MB each in `folder`, a semitone apart (different bytes, so none is deduplicated). */
function makeFiles(folder: string): string[] {
  return Array.from({ length: FILES }, (_, n) => {
    const file = path.join(folder, `upload-${n}.wav`);
    fs.writeFileSync(file, toneWav(FILE_MB * MB, 220 * 2 ** (n / 12)));
    return file;
  });
}

/** Seconds to run `work`. */
async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

/** The baseline: each file read and written to `folder` as streams, all at once. */
function copyAll(files: string[], folder: string): Promise<unknown> {
  return Promise.all(
    files.map((file) =>
      pipeline(fs.createReadStream(file), fs.createWriteStream(path.join(folder, path.basename(file)))),
    ),
  );
}

/** One file streamed as the upload's body; resolves once the server answered that it is a song. */
function upload(port: number, credentials: string, file: string): Promise<void> {
  const query = `${credentials}&filename=${encodeURIComponent(path.basename(file))}`;
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `${UPLOAD_PATH}?${query}`,
        headers: { 'content-type': 'audio/wav', 'content-length': fs.statSync(file).size },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => (body.startsWith('[true') ? resolve() : reject(new Error(`upload failed: ${body}`))));
      },
    );
    request.on('error', reject);
    fs.createReadStream(file).on('error', reject).pipe(request);
  });
}

/** Resolves once the member has `count` songs and none is waiting to be measured: to how many failed. */
async function analysed(port: number, credentials: string, count: number): Promise<number> {
  for (;;) {
    const answer = await fetch(`http://127.0.0.1:${port}/api/library.list?${credentials}&limit=${count}`);
    const [ok, output] = (await answer.json()) as [boolean, { songs?: { analysis: string }[] }];
    const songs = ok ? (output.songs ?? []) : [];
    if (songs.length >= count && songs.every((song) => song.analysis !== 'pending'))
      return songs.filter((song) => song.analysis === 'failed').length;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const uploadAll = (files: string[], port: number, credentials: string) =>
  Promise.all(files.map((file) => upload(port, credentials, file)));

/** Written pages on their way to the disk now, not during the next measurement. */
const flushDisk = () => execSync('sync');

async function round(): Promise<Round> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-bench-uploads-'));
  const copies = path.join(folder, 'copies');
  const sunk = path.join(folder, 'sink');
  fs.mkdirSync(copies);
  fs.mkdirSync(sunk);
  const sink = await startServer(['sink'], { BENCH_SINK_DIR: sunk });
  const platter = await startServer(
    ['platter'],
    {
      BENCH_SEED: 'caller',
      UPLOAD_MAX_MB: String(Math.ceil(FILE_MB) + 1),
      LIBRARY_QUOTA_MB: String(Math.ceil(FILES * (FILE_MB + 1))),
    },
    { nodeArgs: platterNodeFlags() },
  );
  try {
    const files = makeFiles(folder);
    const megabytes = files.reduce((sum, file) => sum + fs.statSync(file).size, 0) / MB;
    flushDisk();
    const copySeconds = await timed(() => copyAll(files, copies));
    flushDisk();
    const sinkSeconds = await timed(() => uploadAll(files, sink.ready.port, ''));
    flushDisk();

    const { port, userid = '', userauth = '' } = platter.ready;
    const credentials = `userid=${userid}&userauth=${encodeURIComponent(userauth)}`;
    const pid = platter.child.pid ?? 0;
    const idle = residentMemory(pid).rss;
    let watch = watchPeakMemory(pid);
    const uploadSeconds = await timed(() => uploadAll(files, port, credentials));
    const uploadPeak = watch.stop();
    watch = watchPeakMemory(pid);
    let failed = 0;
    const analysisSeconds = await timed(async () => (failed = await analysed(port, credentials, files.length)));
    const analysisPeak = watch.stop();
    return {
      copyMBps: megabytes / copySeconds,
      sinkMBps: megabytes / sinkSeconds,
      uploadMBps: megabytes / uploadSeconds,
      idleMiB: idle / MB,
      uploadPeakMiB: uploadPeak / MB,
      analysisPeakMiB: analysisPeak / MB,
      analysisSeconds,
      failed,
    };
  } finally {
    await stop(platter.child);
    await stop(sink.child);
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

const rounds: Round[] = [];
for (let n = 0; n < ROUNDS; n++) {
  const result = await round();
  rounds.push(result);
  console.error(
    `round ${n + 1}: copy ${result.copyMBps.toFixed(0)} MB/s, bare HTTP ${result.sinkMBps.toFixed(0)} MB/s, ` +
      `Platter ${result.uploadMBps.toFixed(0)} MB/s, ` +
      `RSS ${result.idleMiB.toFixed(0)} → ${result.uploadPeakMiB.toFixed(0)} MiB (analysis ${result.analysisPeakMiB.toFixed(0)} MiB)`,
  );
}

/** A round's row; the median row takes each column's median over the rounds (ratios and growth included). */
const columns = (r: Round) => [
  r.copyMBps,
  r.sinkMBps,
  r.uploadMBps,
  r.uploadMBps / r.copyMBps,
  r.uploadMBps / r.sinkMBps,
  r.idleMiB,
  r.uploadPeakMiB,
  r.uploadPeakMiB - r.idleMiB,
  r.analysisPeakMiB,
  r.analysisPeakMiB - r.idleMiB,
  r.analysisSeconds,
  r.failed,
];
const row = (
  label: string,
  [copy, sink, up, vsCopy, vsSink, idle, peak, growth, aPeak, aGrowth, aSeconds, failed]: number[],
) =>
  `| ${label} | ${copy!.toFixed(0)} | ${sink!.toFixed(0)} | ${up!.toFixed(0)} | ${vsCopy!.toFixed(2)}× | ${vsSink!.toFixed(2)}× | ` +
  `${idle!.toFixed(0)} | ${peak!.toFixed(0)} (+${growth!.toFixed(0)}) | ${aPeak!.toFixed(0)} (+${aGrowth!.toFixed(0)}) | ` +
  `${aSeconds!.toFixed(1)} | ${failed} |`;
console.log(
  `\nUploads: ${FILES} files of ${FILE_MB} MB at once (${FILES * FILE_MB} MB), fresh servers each round; ` +
    `${os.cpus().length} cores, Node ${process.version}\n`,
);
console.log(
  '| round | disk copy MB/s | bare HTTP MB/s | Platter MB/s | ÷ copy | ÷ bare HTTP | idle RSS MiB | peak RSS uploading MiB (growth) | peak RSS analysing MiB (growth) | analysis s | failed |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
const table = rounds.map(columns);
table.forEach((r, n) => console.log(row(String(n + 1), r)));
if (rounds.length > 1)
  console.log(
    row(
      'median',
      table[0]!.map((_, column) => median(table.map((r) => r[column]!))),
    ),
  );
