import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AudioFormat } from '@platter/contract';
import { adtsFile, flacFile, id3Tag, mp4File, opusFile, vorbisFile, wavFile } from '../../../test/support/audio-files';
import { realFiles, type RealFiles } from '../../../test/support/encoded-files';
import { adtsFrameLength } from './adts-frames';
import { pageEndAt } from './ogg-pages';
import { cutShort } from './whole-file';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-whole-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** cutShort on these bytes, written to a file. */
async function isCut(format: AudioFormat, bytes: Buffer, audioStart = 0): Promise<boolean> {
  const file = path.join(folder, format);
  fs.writeFileSync(file, bytes);
  return cutShort(format, file, audioStart, bytes.length);
}

/** Lengths from 1 to just under `size`, every `step` bytes and each of the last 40. */
function cutsOf(size: number, step: number): number[] {
  const cuts = new Set<number>();
  for (let cut = 1; cut < size; cut += step) cuts.add(cut);
  for (let cut = Math.max(1, size - 40); cut < size; cut++) cuts.add(cut);
  return [...cuts];
}

describe('cutShort', () => {
  test.each([
    ['flac', flacFile({ seconds: 0.3 }), 61],
    ['ogg', vorbisFile(0.2), 1],
    ['opus', opusFile(0.1), 1],
    ['m4a', mp4File(1), 3],
    ['wav', wavFile({ seconds: 0.01 }), 1],
  ] as const)('a whole %s is whole; cut anywhere, it is not', async (format, whole, step) => {
    expect(await isCut(format, whole)).toBe(false);
    const wrongly: number[] = [];
    for (const cut of cutsOf(whole.length, step)) if (!(await isCut(format, whole.subarray(0, cut)))) wrongly.push(cut);
    expect(wrongly).toEqual([]);
  });

  test('an ADTS stream cut anywhere but between frames is cut; between frames, nothing can tell', async () => {
    const whole = adtsFile(0.1);
    expect(await isCut('aac', whole)).toBe(false);
    const frame = adtsFrameLength(whole)!;
    expect(frame).toBe(13);
    for (let cut = frame + 1; cut < whole.length; cut++)
      expect(await isCut('aac', whole.subarray(0, cut))).toBe(cut % frame !== 0);
  });

  test('an ID3v1 tag after the last FLAC frame or Ogg page is allowed; other bytes after the last page are not', async () => {
    const id3v1 = Buffer.concat([Buffer.from('TAG', 'latin1'), Buffer.alloc(125)]);
    expect(await isCut('flac', Buffer.concat([flacFile({ seconds: 0.3 }), id3v1]))).toBe(false);
    expect(await isCut('ogg', Buffer.concat([vorbisFile(0.2), id3v1]))).toBe(false);
    expect(await isCut('opus', Buffer.concat([opusFile(0.2), id3v1.subarray(0, 100)]))).toBe(true);
  });

  test('a FLAC whose STREAMINFO declares its largest frame is read by that window; an ID3v2 tag before it is skipped', async () => {
    const whole = flacFile({ seconds: 0.5 });
    // STREAMINFO's maximum frame size (24 bits at byte 15): flacFile's frames are 8203 bytes.
    whole.writeUIntBE(8203, 15, 3);
    expect(await isCut('flac', whole)).toBe(false);
    expect(await isCut('flac', whole.subarray(0, whole.length - 3000))).toBe(true);
    const tag = id3Tag({ title: 'Before' });
    expect(await isCut('flac', Buffer.concat([tag, whole]), tag.length)).toBe(false);
  });

  test('an Ogg stream whose last page lacks end-of-stream, or an MP4 of boxes without media, is cut', async () => {
    expect(await isCut('ogg', vorbisFile(0.2, undefined, { endOfStream: false }))).toBe(true);
    expect(await isCut('opus', opusFile(0.2, undefined, { endOfStream: false }))).toBe(true);
    const whole = mp4File(1);
    const mdat = whole.indexOf('mdat', 0, 'latin1') - 4;
    expect(await isCut('m4a', whole.subarray(0, mdat))).toBe(true);
  });
});

/** Where each of a real file's pages (Ogg), top-level boxes (MP4) or frames (ADTS) ends, in order. */
function unitEnds(format: 'ogg' | 'm4a' | 'aac', bytes: Buffer): number[] {
  const ends: number[] = [];
  const nextEnd: Record<typeof format, (at: number) => number | null> = {
    ogg: (at) => pageEndAt(bytes, at),
    m4a: (at) => (at + 8 <= bytes.length ? at + bytes.readUInt32BE(at) : null),
    aac: (at) => {
      const length = adtsFrameLength(bytes, at);
      return length === null ? null : at + length;
    },
  };
  for (let end = nextEnd[format](0); end !== null && end <= bytes.length; end = nextEnd[format](end)) ends.push(end);
  expect(ends.at(-1)).toBe(bytes.length);
  return ends;
}

describe('cutShort on real encoder output (FFmpeg in WebAssembly: encoded-files.ts)', () => {
  let files: RealFiles;
  beforeAll(async () => {
    files = await realFiles('Whole');
  });

  test.each([
    ['an Ogg Vorbis', 'ogg', 'ogg'],
    ['an Ogg Opus', 'opus', 'opus'],
    ['an M4A, its index after the audio,', 'm4a', 'm4a'],
    ['an M4A, its index first,', 'm4aIndexFirst', 'm4a'],
  ] as const)('%s is whole; cut anywhere, between two pages or boxes too, it is not', async (_, key, format) => {
    const whole = files[key];
    expect(await isCut(format, whole)).toBe(false);
    const ends = unitEnds(format === 'm4a' ? 'm4a' : 'ogg', whole);
    expect(ends.length).toBeGreaterThan(3);
    const wrongly: number[] = [];
    for (const cut of new Set([...cutsOf(whole.length, 97), ...ends.slice(0, -1)]))
      if (!(await isCut(format, whole.subarray(0, cut)))) wrongly.push(cut);
    expect(wrongly).toEqual([]);
  });

  test('an M4A cut right after its audio, before its index (moov), is cut', async () => {
    const whole = files.m4a;
    const index = whole.indexOf('moov', 0, 'latin1') - 4;
    expect(whole.indexOf('mdat', 0, 'latin1')).toBeLessThan(index);
    expect(await isCut('m4a', whole.subarray(0, index))).toBe(true);
  });

  test('an ADTS stream is whole; cut past its first frame, it is cut unless the cut falls between two frames', async () => {
    const whole = files.aac;
    expect(await isCut('aac', whole)).toBe(false);
    const ends = unitEnds('aac', whole);
    expect(ends.length).toBeGreaterThan(100);
    const between = new Set(ends);
    for (const cut of new Set([...cutsOf(whole.length, 97), ...ends.slice(0, -1)]))
      if (cut > ends[0]!) expect(await isCut('aac', whole.subarray(0, cut)), `cut at ${cut}`).toBe(!between.has(cut));
  });
});
