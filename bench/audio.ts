/**
 * `npm run bench -- audio`: a song's audio served with range requests
 * (`/audio/<songid>`, with its owner's session: the checks a listener's request
 * goes through) next to `@fastify/static` serving the same file from a folder,
 * measured in turns in the same run. Requests ask for 256 KiB ranges at random
 * places, as players seeking and buffering do. Prints a table; never part of
 * `npm test`.
 *
 *   BENCH_SECONDS  seconds per measurement (default 5)
 *   BENCH_ROUNDS   turns of each (default 3)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { UPLOAD_PATH, songAudioPath } from '@platter/contract';
import { startServer, stop } from './serve-process';
import { median } from './stats';
import { toneWav, toneWavBytes } from './tone-wav';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 20;
const RANGE_BYTES = 256 * 1024;

/** Requests for RANGE_BYTES at places spread over the file (the same list for both servers). */
function rangeRequests(size: number, url: string): { path: string; headers: Record<string, string> }[] {
  return Array.from({ length: 64 }, (_, n) => {
    const start = Math.floor(((size - RANGE_BYTES) * n) / 64);
    return { path: url, headers: { range: `bytes=${start}-${start + RANGE_BYTES - 1}` } };
  });
}

async function measure(port: number, url: string, size: number) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: rangeRequests(size, url),
  });
  return {
    rps: result.requests.average,
    mbps: result.throughput.average / 1024 / 1024,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

// A minute of stereo 44.1 kHz WAV (about 10 MB).
const file = toneWav(toneWavBytes(60), 220);
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-bench-audio-'));
fs.writeFileSync(path.join(folder, 'song.wav'), file);

const platter = await startServer(['platter']);
const bare = await startServer(['static'], { BENCH_STATIC_DIR: folder });
try {
  const { port, userid = '', userauth = '' } = platter.ready;
  const credentials = `userid=${userid}&userauth=${encodeURIComponent(userauth)}`;
  const answer = await fetch(`http://127.0.0.1:${port}${UPLOAD_PATH}?${credentials}&filename=song.wav`, {
    method: 'POST',
    body: new Uint8Array(file),
  });
  const envelope = (await answer.json()) as [boolean, { song?: { _id: string }; err?: string }];
  if (!envelope[0] || !envelope[1].song) throw new Error(`upload failed: ${envelope[1].err ?? answer.status}`);
  const audioUrl = `${songAudioPath(envelope[1].song._id)}?${credentials}`;

  const rows: Record<string, { rps: number[]; mbps: number[]; p99: number[]; errors: number }> = {
    '@fastify/static': { rps: [], mbps: [], p99: [], errors: 0 },
    'Platter /audio': { rps: [], mbps: [], p99: [], errors: 0 },
  };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, port, url] of [
      ['@fastify/static', bare.ready.port, '/static/song.wav'],
      ['Platter /audio', platter.ready.port, audioUrl],
    ] as const) {
      const result = await measure(port, url, file.length);
      const row = rows[name]!;
      row.rps.push(result.rps);
      row.mbps.push(result.mbps);
      row.p99.push(result.p99);
      row.errors += result.errors;
    }
  }
  const baseline = median(rows['@fastify/static']!.rps);
  console.log(
    `\nAudio with ranges (${RANGE_BYTES / 1024} KiB ranges, ${CONNECTIONS} connections, median of ${ROUNDS})`,
  );
  console.table(
    Object.entries(rows).map(([target, row]) => ({
      target,
      'requests/s': Math.round(median(row.rps)),
      'MB/s': Math.round(median(row.mbps)),
      'p99 ms': median(row.p99),
      'vs static': `${(median(row.rps) / baseline).toFixed(2)}×`,
      errors: row.errors,
    })),
  );
} finally {
  await stop(platter.child);
  await stop(bare.child);
  fs.rmSync(folder, { recursive: true, force: true });
}
