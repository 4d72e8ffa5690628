/** The demo's music: each track decodes as the WAV it claims to be, lasts 20–40 s, is quick to make and always the same. */
import { createHash } from 'node:crypto';
import decode from 'audio-decode';
import { describe, expect, test } from 'vitest';
import { integratedLoudness } from '../../features/library/analysis/loudness';
import { DEMO_TRACKS, SAMPLE_RATE, demoTrackWav } from '.';

describe.each(DEMO_TRACKS.map((track) => [track.title, track] as const))('%s', (_title, track) => {
  test('is a 20–40 s stereo WAV that decodes, with music in it', async () => {
    const started = process.cpuUsage();
    const { bytes: wav, durationMs } = demoTrackWav(track);
    // Under a second (each takes about a fifth of one), in CPU time: a machine busy elsewhere does not count.
    const used = process.cpuUsage(started);
    expect((used.user + used.system) / 1000).toBeLessThan(1000);
    const { channelData, sampleRate } = await decode(wav);
    expect(sampleRate).toBe(SAMPLE_RATE);
    expect(channelData).toHaveLength(2);
    const seconds = channelData[0]!.length / sampleRate;
    expect(durationMs).toBe(Math.round(seconds * 1000));
    expect(seconds).toBeGreaterThanOrEqual(20);
    expect(seconds).toBeLessThanOrEqual(40);
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

  test('is the same every time it is made', () => {
    const digest = () => createHash('sha256').update(demoTrackWav(track).bytes).digest('hex');
    expect(digest()).toBe(digest());
  });
});

test('the tracks are all different songs', () => {
  const titles = new Set(DEMO_TRACKS.map((track) => track.title));
  expect(titles.size).toBe(DEMO_TRACKS.length);
  expect(DEMO_TRACKS.length).toBeGreaterThanOrEqual(4);
  for (const track of DEMO_TRACKS) expect(track.artist.length).toBeGreaterThan(0);
});
