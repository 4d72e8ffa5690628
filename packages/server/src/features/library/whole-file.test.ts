import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { AudioFormat } from '@platter/contract';
import { adtsFile, flacFile, id3Tag, mp4File, opusFile, vorbisFile, wavFile } from '../../../test/support/audio-files';
import { adtsFrameLength } from './adts-frames';
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
