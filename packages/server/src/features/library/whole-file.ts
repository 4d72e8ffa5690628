/**
 * Whether an uploaded file is whole, by its format's own structure, reading
 * only headers and the file's tail: an upload cut short (a dropped connection,
 * a half-copied file) is refused rather than stored as a shorter or silent song.
 *
 * - MP3, ADTS AAC: the frames are walked; the last must not run past the end.
 * - FLAC: the last frame must be whole and end at STREAMINFO's total samples.
 * - Ogg Vorbis, Opus: the last page must be whole, end the file and carry end-of-stream.
 * - WAV: the data chunk must fit in the file.
 * - M4A: the top-level boxes must fit in the file, the last ending where it does, with the media data and its index among them.
 */
import fs from 'node:fs';
import type { AudioFormat } from '@platter/contract';
import { adtsCutShort } from './adts-frames';
import { flacCutShort } from './flac-frames';
import { mpegCutShort } from './mpeg-frames';
import { oggCutShort } from './ogg-pages';

/** Chunks or boxes a file may have before we stop looking (a file of empty boxes is not audio). */
const MAX_CHUNKS = 10_000;

/** True when a WAV's data chunk runs past the file's end (music-metadata's own warning misfires on whole files). */
async function riffCutShort(file: string, size: number): Promise<boolean> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const header = Buffer.alloc(8);
    let position = 12;
    for (let chunks = 0; chunks < MAX_CHUNKS && position + 8 <= size; chunks++) {
      await handle.read(header, 0, 8, position);
      const length = header.readUInt32LE(4);
      if (header.toString('latin1', 0, 4) === 'data') return position + 8 + length > size;
      position += 8 + length + (length % 2);
    }
    return true;
  } finally {
    await handle.close();
  }
}

/**
 * True when an MP4's top-level boxes (ftyp, moov, mdat…) do not fit the file exactly, or the media
 * data (mdat) or its index (moov) is missing: a file cut right after its moov box still says how
 * long it is, and one cut right after its media data, when the index comes last (as FFmpeg writes
 * it by default), ends between two boxes.
 */
async function mp4CutShort(file: string, size: number): Promise<boolean> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const header = Buffer.alloc(16);
    let position = 0;
    let hasMedia = false;
    let hasIndex = false;
    for (let boxes = 0; boxes < MAX_CHUNKS && position < size; boxes++) {
      if ((await handle.read(header, 0, 16, position)).bytesRead < 8) return true;
      const declared = header.readUInt32BE(0);
      const type = header.toString('latin1', 4, 8);
      if (type === 'mdat') hasMedia = true;
      if (type === 'moov') hasIndex = true;
      // 0: the box runs to the end of the file; 1: a 64-bit size follows the type.
      if (declared === 0) return !hasMedia || !hasIndex;
      const length = declared === 1 ? Number(header.readBigUInt64BE(8)) : declared;
      if (length < (declared === 1 ? 16 : 8)) return true;
      position += length;
    }
    return position !== size || !hasMedia || !hasIndex;
  } finally {
    await handle.close();
  }
}

/**
 * True when the file was cut short. `audioStart`: where the format's own bytes begin (after an ID3v2 tag).
 */
export function cutShort(format: AudioFormat, file: string, audioStart: number, size: number): Promise<boolean> {
  switch (format) {
    case 'mp3':
      return mpegCutShort(file, audioStart, size);
    case 'aac':
      return adtsCutShort(file, audioStart, size);
    case 'flac':
      return flacCutShort(file, audioStart, size);
    case 'ogg':
    case 'opus':
      return oggCutShort(file, size);
    case 'wav':
      return riffCutShort(file, size);
    case 'm4a':
      return mp4CutShort(file, size);
  }
}
