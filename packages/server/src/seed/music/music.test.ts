/**
 * The demo's music: each track is an MP3 a tenth the size of its WAV that the library takes as an
 * upload and the decoder reads at the length recorded; 20–40 s, quick to make and always the same.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import decode from 'audio-decode';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { integratedLoudness } from '../../features/library/analysis/loudness';
import { inspectFile } from '../../features/library/inspect-file';
import { WAV_HEADER_BYTES } from '../../lib/wav';
import { DEMO_TRACKS, SAMPLE_RATE, demoTrackMp3 } from '.';

let dir: string;
beforeAll(async () => {
  dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'platter-demo-music-'));
});
afterAll(() => fs.promises.rm(dir, { recursive: true, force: true }));

describe.each(DEMO_TRACKS.map((track) => [track.title, track] as const))('%s', (_title, track) => {
  test('is a 20–40 s stereo MP3, far smaller than its WAV, read at one length by the library and the decoder', async () => {
    const started = process.cpuUsage();
    const mp3 = await demoTrackMp3(track);
    // Synthesis and encoding take about half a second of CPU (docs/music.md). The bound only
    // catches a change of scale (a slower encoder, a WAV pass too many): CPU time still grows on
    // a machine whose two cores are both busy (CI runs the PostgreSQL pass beside npm test), and
    // at 1 s that made this test fail with 1.05 s.
    const used = process.cpuUsage(started);
    expect((used.user + used.system) / 1000).toBeLessThan(3000);

    const file = path.join(dir, `${track.title}.mp3`);
    await fs.promises.writeFile(file, mp3);
    const inspected = await inspectFile(file, `${track.title}.mp3`, mp3.length);
    expect(inspected.format).toBe('mp3');

    const { channelData, sampleRate } = await decode(mp3);
    expect(sampleRate).toBe(SAMPLE_RATE);
    expect(channelData).toHaveLength(2);
    const seconds = channelData[0]!.length / sampleRate;
    expect(inspected.durationMs).toBe(Math.round(seconds * 1000));
    expect(seconds).toBeGreaterThanOrEqual(20);
    expect(seconds).toBeLessThanOrEqual(40);
    // The same song as 16-bit stereo WAV would take 4 bytes a sample: the MP3 takes under a tenth.
    const wavBytes = WAV_HEADER_BYTES + channelData[0]!.length * 4;
    expect(mp3.length).toBeLessThan(wavBytes / 10);

    // Not silent, not clipped, and within reach of the target loudness.
    const peak = Math.max(
      ...channelData.map((channel) => channel.reduce((max, value) => Math.max(max, Math.abs(value)), 0)),
    );
    expect(peak).toBeGreaterThan(0.2);
    expect(peak).toBeLessThan(1);
    const loudness = integratedLoudness(channelData, sampleRate);
    expect(loudness).toBeGreaterThan(-24);
    expect(loudness).toBeLessThan(-10);
  });

  test('is the same every time it is made', async () => {
    const digest = async () =>
      createHash('sha256')
        .update(await demoTrackMp3(track))
        .digest('hex');
    expect(await digest()).toBe(await digest());
  });
});

test('the tracks are all different songs', () => {
  const titles = new Set(DEMO_TRACKS.map((track) => track.title));
  expect(titles.size).toBe(DEMO_TRACKS.length);
  expect(DEMO_TRACKS.length).toBeGreaterThanOrEqual(4);
  for (const track of DEMO_TRACKS) expect(track.artist.length).toBeGreaterThan(0);
});
