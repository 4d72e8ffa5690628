/** The analysis worker end to end: synthesised WAV and MP3 files decoded in its thread and measured. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_GAIN_DB, TARGET_LOUDNESS_LUFS, WAVEFORM_PEAKS } from '@platter/contract';
import {
  AnalysisError,
  createAudioAnalyser,
  gainFor,
  songLevels,
  type AudioAnalyser,
} from '../src/features/library/analysis';
import { mp3File, sineChannels, wavFile } from './support/signal-files';
import { adtsFile, flacFile, opusFile } from './support/audio-files';

let dir: string;
let analyser: AudioAnalyser;

function stored(name: string, bytes: Buffer): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
}

const within = (actual: number | null, expected: number, tolerance: number) => {
  expect(actual).not.toBeNull();
  expect(Math.abs(actual! - expected), `${actual} vs ${expected}`).toBeLessThanOrEqual(tolerance);
};

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-analysis-'));
  analyser = createAudioAnalyser();
});
afterAll(async () => {
  await analyser.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a WAV file', () => {
  test('a stereo 1 kHz sine at −23 dBFS measures −23.0 LUFS, its peaks flat at the sine’s peak', async () => {
    const file = stored('tone.wav', wavFile(sineChannels({ dbfs: -23, seconds: 20 })));
    const { loudness, peaks } = await analyser.analyse(file, 'wav');
    within(loudness, -23, 0.1);
    expect(peaks).toHaveLength(WAVEFORM_PEAKS);
    for (const peak of peaks) within(peak, 10 ** (-23 / 20), 0.002);
  });

  test('the waveform follows the song: silence, then a tone', async () => {
    const [tone] = sineChannels({ dbfs: -6, seconds: 10, sampleRate: 48_000 });
    const song = new Float32Array(tone!.length * 2);
    song.set(tone!, tone!.length);
    const { peaks } = await analyser.analyse(stored('late.wav', wavFile([song, song], 48_000)), 'wav');
    expect(peaks.slice(0, 99).every((peak) => peak === 0)).toBe(true);
    for (const peak of peaks.slice(101)) within(peak, 0.501, 0.002);
  });

  test('silence has no loudness, plays at 0 dB, and its waveform is flat', async () => {
    const silence = new Float32Array(44_100 * 5);
    const { loudness, peaks } = await analyser.analyse(stored('silence.wav', wavFile([silence, silence])), 'wav');
    expect(loudness).toBeNull();
    expect(gainFor(loudness)).toBe(0);
    expect(peaks).toEqual(Array.from({ length: WAVEFORM_PEAKS }, () => 0));
  });
});

describe('an MP3 file', () => {
  // LAME's encoding leaves this tone about 0.45 dB quieter (its decoded peak is 0.095): lossy, within 0.5 LU.
  test('a stereo sine at −20 dBFS measures −20 LUFS, its peaks at the sine’s', async () => {
    const file = stored('tone.mp3', mp3File(sineChannels({ dbfs: -20, seconds: 8 })));
    const { loudness, peaks } = await analyser.analyse(file, 'mp3');
    within(loudness, -20, 0.5);
    expect(peaks).toHaveLength(WAVEFORM_PEAKS);
    // The encoder's delay leaves the first slice a little quieter.
    for (const peak of peaks.slice(1)) within(peak, 0.1, 0.01);
  });

  test('a mono MP3 is measured as heard from both speakers', async () => {
    const mono = await analyser.analyse(
      stored('mono.mp3', mp3File(sineChannels({ dbfs: -20, seconds: 8, channels: 1 }))),
      'mp3',
    );
    const stereo = await analyser.analyse(
      stored('stereo.mp3', mp3File(sineChannels({ dbfs: -20, seconds: 8 }))),
      'mp3',
    );
    within(mono.loudness, stereo.loudness!, 0.05);
  });
});

describe('the other formats', () => {
  test('a FLAC tone at −23 dBFS (mono, heard from both speakers) measures −23.0 LUFS', async () => {
    const file = stored('tone.flac', flacFile({ seconds: 10, frequency: 1000, amplitude: 10 ** (-23 / 20) }));
    const { loudness, peaks } = await analyser.analyse(file, 'flac');
    within(loudness, -23, 0.1);
    for (const peak of peaks) within(peak, 10 ** (-23 / 20), 0.002);
  });

  // The library's hand-made Opus and AAC files hold silence: they decode, and measure as silent.
  test.each([
    ['opus', () => opusFile(3)],
    ['aac', () => adtsFile(3)],
  ] as const)('%s decodes; silence has no loudness', async (format, make) => {
    const { loudness, peaks } = await analyser.analyse(stored(`silence.${format}`, make()), format);
    expect(loudness).toBeNull();
    expect(peaks).toHaveLength(WAVEFORM_PEAKS);
    expect(Math.max(...peaks)).toBeLessThan(0.001);
  });
});

describe('files that cannot be measured', () => {
  test('fail their job with AnalysisError, and the next file is measured as usual', async () => {
    // Random bytes hold MP3 frame headers by chance (an MP3 decoder plays them as noise), text never does.
    const text = stored('text.mp3', Buffer.from('This is not a song. '.repeat(10_000)));
    const noise = stored('noise.bin', randomBytes(200_000));
    const wav = wavFile(sineChannels({ dbfs: -23, seconds: 2 }));
    const headless = stored('headless.wav', wav.subarray(44));
    const empty = stored('empty.wav', wav.subarray(0, 44));
    const failures = await Promise.allSettled([
      analyser.analyse(text, 'mp3'),
      analyser.analyse(noise, 'wav'),
      analyser.analyse(headless, 'wav'),
      analyser.analyse(empty, 'wav'),
      analyser.analyse(path.join(dir, 'missing.flac'), 'flac'),
      analyser.analyse(noise, 'flac'),
      analyser.analyse(noise, 'ogg'),
      analyser.analyse(noise, 'opus'),
      analyser.analyse(noise, 'm4a'),
      analyser.analyse(noise, 'aac'),
    ]);
    for (const [index, failure] of failures.entries()) {
      expect(failure.status, `${index}: ${JSON.stringify(failure)}`).toBe('rejected');
      expect((failure as PromiseRejectedResult).reason).toBeInstanceOf(AnalysisError);
    }
    within((await analyser.analyse(stored('after.wav', wav), 'wav')).loudness, -23, 0.1);
  });

  test('a job that takes too long is given up, and a new thread measures the next', async () => {
    const impatient = createAudioAnalyser({ jobTimeoutMs: 1 });
    const patient = createAudioAnalyser();
    try {
      const file = stored('long.wav', wavFile(sineChannels({ dbfs: -23, seconds: 60 })));
      await expect(impatient.analyse(file, 'wav')).rejects.toThrow(/Not measured within/);
      await impatient.close();
      within((await patient.analyse(file, 'wav')).loudness, -23, 0.1);
    } finally {
      await impatient.close();
      await patient.close();
    }
  });
});

test('jobs queue and idle() resolves once the last is measured', async () => {
  const files = [-30, -20, -10].map((dbfs) => stored(`queued${dbfs}.wav`, wavFile(sineChannels({ dbfs, seconds: 3 }))));
  const results: number[] = [];
  for (const file of files) void analyser.analyse(file, 'wav').then(({ loudness }) => results.push(loudness!));
  await analyser.idle();
  expect(results).toHaveLength(3);
  results.forEach((loudness, index) => within(loudness, [-30, -20, -10][index]!, 0.1));
});

describe('gainFor', () => {
  test('brings a song to the target, boosting at most MAX_GAIN_DB, and leaves unmeasured songs alone', () => {
    expect(TARGET_LOUDNESS_LUFS).toBe(-18);
    expect(gainFor(-23)).toBe(5);
    expect(gainFor(-8.5)).toBe(-9.5);
    expect(gainFor(-18)).toBe(0);
    expect(gainFor(-60)).toBe(MAX_GAIN_DB);
    expect(gainFor(null)).toBe(0);
  });
});

describe('songLevels', () => {
  test("a playing song's gain and waveform from its file's row: nothing until it is measured", () => {
    expect(songLevels({ analysis: 'ready', loudness: -21, peaks: '[0.5,0.25]' })).toEqual({
      gain: 3,
      peaks: [0.5, 0.25],
    });
    expect(songLevels({ analysis: 'ready', loudness: null, peaks: '[0,0]' })).toEqual({ gain: 0, peaks: [0, 0] });
    expect(songLevels({ analysis: 'pending', loudness: null, peaks: null })).toEqual({ gain: 0, peaks: [] });
    expect(songLevels({ analysis: 'failed', loudness: null, peaks: null })).toEqual({ gain: 0, peaks: [] });
    expect(songLevels({ analysis: 'ready', loudness: -18, peaks: 'not json' })).toEqual({ gain: 0, peaks: [] });
  });
});
