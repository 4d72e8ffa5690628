/**
 * Stored files get measured: an upload's file in the worker right after, a
 * file a restart left pending when the next instance starts, and a file that
 * cannot be decoded is marked failed without harm to anything else.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WAVEFORM_PEAKS } from '@platter/contract';
import { loadConfig } from '../src/config';
import { startTestApp, type TestApp } from './support/test-app';
import { aMember } from './support/factories';
import { uploaded } from './support/library';
import { mp3File, sineChannels, wavFile } from './support/signal-files';
import { mp4File, vorbisFile } from './support/audio-files';
import { SIGNAL_SECONDS, SIGNAL_SILENT_SECONDS, realFiles, type RealFiles } from './support/encoded-files';

async function fileRow(t: TestApp, bytes: Buffer) {
  const hash = createHash('sha256').update(bytes).digest('hex');
  return t.app.services.db.selectFrom('audioFiles').selectAll().where('hash', '=', hash).executeTakeFirstOrThrow();
}

/** A file stored as if uploaded (its row pending, its bytes in storage), for a file the upload checks would refuse. */
async function storedPending(t: TestApp, bytes: Buffer, format: string): Promise<string> {
  const hash = createHash('sha256').update(bytes).digest('hex');
  const temp = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'platter-pending-')), 'file');
  fs.writeFileSync(temp, bytes);
  await t.app.services.storage.put(hash, temp, bytes.length);
  await t.app.services.db
    .insertInto('audioFiles')
    .values({ hash, size: bytes.length, format, durationMs: 20_000, createdAt: Date.now() })
    .execute();
  return hash;
}

const analysisOf = async (t: TestApp, hash: string) =>
  t.app.services.db
    .selectFrom('audioFiles')
    .select(['analysis', 'loudness', 'peaks'])
    .where('hash', '=', hash)
    .executeTakeFirstOrThrow();

describe('an upload', () => {
  let t: TestApp;
  let real: RealFiles;
  beforeAll(async () => {
    t = await startTestApp();
    real = await realFiles('Measured');
  });
  afterAll(() => t.close());

  test('is measured after it is stored: the library shows its gain, the file its loudness and peaks', async () => {
    const member = await aMember(t);
    const bytes = wavFile(sineChannels({ dbfs: -28, seconds: 12 }));
    const added = await uploaded(t, member, bytes, 'quiet.wav');
    expect(added.gain).toBe(0);
    await t.app.analysis.idle();
    const row = await fileRow(t, bytes);
    expect(row.analysis).toBe('ready');
    expect(Math.abs(row.loudness! - -28)).toBeLessThanOrEqual(0.1);
    const peaks = JSON.parse(row.peaks!) as number[];
    expect(peaks).toHaveLength(WAVEFORM_PEAKS);
    expect(peaks.every((peak) => Math.abs(peak - 10 ** (-28 / 20)) < 0.002)).toBe(true);
    const { songs } = await t.ok('library.list', {}, member);
    const song = songs.find((listed) => listed._id === added._id)!;
    expect(song.analysis).toBe('ready');
    // −18 LUFS is the target: a song at −28 is played 10 dB louder.
    expect(song.gain).toBeCloseTo(-18 - row.loudness!, 2);
    expect(Math.abs(song.gain - 10)).toBeLessThanOrEqual(0.1);
  });

  test('an MP3 too, and a loud one is turned down', async () => {
    const member = await aMember(t);
    const bytes = mp3File(sineChannels({ dbfs: -3, seconds: 6 }));
    const added = await uploaded(t, member, bytes, 'loud.mp3');
    await t.app.analysis.idle();
    expect((await fileRow(t, bytes)).analysis).toBe('ready');
    const { songs } = await t.ok('library.list', {}, member);
    expect(songs.find((listed) => listed._id === added._id)!.gain).toBeLessThan(-14);
  });

  test('a file that cannot be decoded is marked failed, plays at 0 dB, and the next is measured', async () => {
    const member = await aMember(t);
    const broken = await storedPending(t, Buffer.from('This is not a song. '.repeat(5000)), 'mp3');
    const bytes = mp3File(sineChannels({ dbfs: -18, seconds: 6, frequency: 440 }));
    await uploaded(t, member, bytes, 'after.mp3');
    await t.app.analysis.idle();
    expect(await analysisOf(t, broken)).toEqual({ analysis: 'failed', loudness: null, peaks: null });
    expect((await fileRow(t, bytes)).analysis).toBe('ready');
  });

  /** Uploads the bytes and waits until they are measured: their row's loudness and waveform. */
  async function measured(bytes: Buffer, filename: string) {
    const member = await aMember(t);
    await uploaded(t, member, bytes, filename);
    await t.app.analysis.idle();
    const row = await fileRow(t, bytes);
    expect(row.analysis).toBe('ready');
    return { loudness: row.loudness!, peaks: JSON.parse(row.peaks!) as number[] };
  }

  // Real encoder output (encoded-files.ts): a second of silence, then two of tones over noise.
  test.each([
    ['an Ogg Vorbis', 'ogg', 'a.ogg'],
    ['an Ogg Opus', 'opus', 'a.opus'],
    ['an M4A, its index after the audio,', 'm4a', 'a.m4a'],
    ['an M4A, its index first,', 'm4aIndexFirst', 'a.m4a'],
    ['an AAC (ADTS)', 'aac', 'a.aac'],
  ] as const)('%s is measured as loud as the same signal in WAV, its waveform the same', async (_, key, filename) => {
    const wav = await measured(real.wav, 'signal.wav');
    const encoded = await measured(real[key], filename);
    expect(Math.abs(encoded.loudness - wav.loudness), `${encoded.loudness} vs ${wav.loudness}`).toBeLessThanOrEqual(
      0.5,
    );
    expect(encoded.peaks).toHaveLength(WAVEFORM_PEAKS);
    // The slices of the silent second are silent; past the onset (the codecs smear it over a slice or
    // two) each slice peaks where the WAV's does, to within what a lossy codec changes. The last
    // slice is left out: an ADTS stream decodes with the encoder's padding, 23 ms of silence.
    const onset = (WAVEFORM_PEAKS * SIGNAL_SILENT_SECONDS) / SIGNAL_SECONDS;
    for (const peak of encoded.peaks.slice(0, Math.floor(onset) - 3)) expect(peak).toBeLessThan(0.01);
    for (let slice = Math.ceil(onset) + 1; slice < WAVEFORM_PEAKS - 1; slice++)
      expect(Math.abs(encoded.peaks[slice]! - wav.peaks[slice]!), `slice ${slice}`).toBeLessThanOrEqual(0.03);
  });

  test('files whose structure passes the upload but whose audio cannot be decoded are failed: listed so, at 0 dB', async () => {
    const member = await aMember(t);
    // The library's hand-made Ogg Vorbis and M4A: real headers and durations, filler for audio.
    const songs = [
      await uploaded(t, member, vorbisFile(3, 'Filler'), 'filler.ogg'),
      await uploaded(t, member, mp4File(2), 'filler.m4a'),
    ];
    await t.app.analysis.idle();
    const listed = (await t.ok('library.list', {}, member)).songs;
    for (const song of songs) {
      expect(listed.find((entry) => entry._id === song._id)).toMatchObject({ analysis: 'failed', gain: 0 });
    }
  });

  test('a silent file is ready, with no loudness and a flat waveform', async () => {
    const silence = new Float32Array(44_100 * 4);
    const hash = await storedPending(t, wavFile([silence, silence]), 'wav');
    t.app.analysis.kick();
    await t.app.analysis.idle();
    const row = await analysisOf(t, hash);
    expect(row).toMatchObject({ analysis: 'ready', loudness: null });
    expect(JSON.parse(row.peaks!)).toEqual(Array.from({ length: WAVEFORM_PEAKS }, () => 0));
  });
});

test('files left pending by a restart are measured when the next instance starts', async () => {
  const first = await startTestApp();
  try {
    const bytes = wavFile(sineChannels({ dbfs: -24, seconds: 5 }));
    await first.app.analysis.close();
    // As if the server stopped right after storing it.
    const hash = await storedPending(first, bytes, 'wav');
    expect((await analysisOf(first, hash)).analysis).toBe('pending');
    const second = await startTestApp({
      database: first.app.services.config.database,
      dataDir: first.app.services.config.dataDir,
    });
    try {
      await second.app.analysis.idle();
      const row = await analysisOf(second, hash);
      expect(row.analysis).toBe('ready');
      expect(Math.abs(row.loudness! - -24)).toBeLessThanOrEqual(0.1);
    } finally {
      await second.close();
    }
  } finally {
    await first.close();
  }
});

test('with S3 storage, the worker measures a temporary copy and leaves nothing behind', async () => {
  const s3Folder = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-s3-'));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: s3Folder,
    silent: true,
    configureBuckets: [{ name: 'platter-audio' }],
  });
  const { port } = await s3.run();
  const { library } = loadConfig({
    STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: 'platter-audio',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  const t = await startTestApp({ library });
  try {
    const bytes = wavFile(sineChannels({ dbfs: -30, seconds: 6 }));
    await uploaded(t, await aMember(t), bytes, 'bucketed.wav');
    await t.app.analysis.idle();
    const row = await fileRow(t, bytes);
    expect(row.analysis).toBe('ready');
    expect(Math.abs(row.loudness! - -30)).toBeLessThanOrEqual(0.1);
    const tmp = path.join(t.app.services.config.dataDir, 'tmp');
    expect(fs.existsSync(tmp) ? fs.readdirSync(tmp) : []).toEqual([]);
  } finally {
    await t.close();
    await s3.close();
    fs.rmSync(s3Folder, { recursive: true, force: true });
  }
});
