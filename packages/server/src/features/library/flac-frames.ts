/**
 * Tells a FLAC file cut short from a whole one without decoding it.
 * STREAMINFO says how many samples the stream holds. A whole file ends with a
 * frame whose last sample is the stream's last: found in the file's tail as a
 * frame header whose CRC-8 checks and from which the bytes to the end carry a
 * CRC-16 of 0 (every whole frame ends with its own CRC-16, so any run of whole
 * frames does). A cut inside a frame leaves no such frame; a cut between
 * frames leaves a last frame that ends before the declared total.
 * Reads the metadata block headers and the tail (about one frame): never the
 * whole file.
 */
import fs from 'node:fs';
import { crc16, crc8 } from './crc';
import { readRange } from './read-range';

interface StreamInfo {
  /** In a fixed-block-size stream, a frame's number times this is its first sample. */
  maxBlockSize: number;
  /** 0 when the encoder did not say. */
  maxFrameSize: number;
  /** 0 when the encoder did not say. */
  totalSamples: number;
  /** Where the frames begin, after the metadata blocks. */
  framesStart: number;
}

/** Without a declared maximum frame size, this much of the tail is read: far more than any usual frame. */
const UNKNOWN_FRAME_WINDOW = 256 * 1024;
/** The largest frame FLAC can code (65535 samples of 8 channels of 32 bits), with room for its header. */
const LARGEST_FRAME = 65_535 * 8 * 4 + 1024;
const ID3V1_SIZE = 128;

/** STREAMINFO and where the frames start, or null when the metadata blocks do not fit in the file. */
async function readStreamInfo(file: string, start: number, size: number): Promise<StreamInfo | null> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const info = Buffer.alloc(4 + 4 + 34);
    if ((await handle.read(info, 0, info.length, start)).bytesRead < info.length) return null;
    // 'fLaC', then STREAMINFO, which is always the first block.
    if (info.toString('latin1', 0, 4) !== 'fLaC' || (info[4]! & 0x7f) !== 0) return null;
    const streamInfo = {
      maxBlockSize: info.readUInt16BE(10),
      maxFrameSize: info.readUIntBE(15, 3),
      // 36 bits: the low 4 of byte 21, then 4 bytes.
      totalSamples: (info[21]! & 0x0f) * 2 ** 32 + info.readUInt32BE(22),
    };
    const header = Buffer.alloc(4);
    let position = start + 4;
    for (;;) {
      if ((await handle.read(header, 0, 4, position)).bytesRead < 4) return null;
      position += 4 + header.readUIntBE(1, 3);
      if (position > size) return null;
      if (header[0]! & 0x80) return { ...streamInfo, framesStart: position };
    }
  } finally {
    await handle.close();
  }
}

/** The samples a frame header at `at` covers, or null when the bytes there are not a frame header. */
export function frameSamplesAt(
  bytes: Uint8Array,
  at: number,
  maxBlockSize: number,
): { first: number; count: number } | null {
  // Sync (14 bits), a reserved 0, then 1 for a variable block size (its number is a sample, not a frame).
  if (at + 6 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1]! & 0xfe) !== 0xf8) return null;
  const variable = bytes[at + 1]! & 1;
  const blockCode = bytes[at + 2]! >> 4;
  const rateCode = bytes[at + 2]! & 0x0f;
  const channels = bytes[at + 3]! >> 4;
  const sampleSize = (bytes[at + 3]! >> 1) & 7;
  if (blockCode === 0 || rateCode === 15 || channels > 10 || sampleSize === 3 || bytes[at + 3]! & 1) return null;
  // The frame or sample number, coded like UTF-8 (up to 7 bytes, 36 bits).
  let position = at + 4;
  const lead = bytes[position]!;
  const extra = lead < 0x80 ? 0 : lead >= 0xc0 && lead < 0xff ? Math.clz32(~(lead << 24)) - 1 : -1;
  if (extra < 0 || position + 1 + extra > bytes.length) return null;
  let number = extra === 0 ? lead : lead & (0x3f >> extra);
  for (let i = 1; i <= extra; i++) {
    const next = bytes[position + i]!;
    if ((next & 0xc0) !== 0x80) return null;
    number = number * 64 + (next & 0x3f);
  }
  position += 1 + extra;
  let count: number;
  if (blockCode === 1) count = 192;
  else if (blockCode <= 5) count = 576 << (blockCode - 2);
  else if (blockCode >= 8) count = 256 << (blockCode - 8);
  else {
    const wide = blockCode === 7;
    if (position + (wide ? 2 : 1) > bytes.length) return null;
    count = (wide ? (bytes[position]! << 8) | bytes[position + 1]! : bytes[position]!) + 1;
    position += wide ? 2 : 1;
  }
  if (rateCode === 12) position += 1;
  else if (rateCode === 13 || rateCode === 14) position += 2;
  if (position >= bytes.length || crc8(bytes, at, position) !== bytes[position]) return null;
  return { first: variable ? number : number * maxBlockSize, count };
}

/** True when the FLAC file was cut short (or its metadata says more than its frames hold). `start`: where 'fLaC' is. */
export async function flacCutShort(file: string, start: number, size: number): Promise<boolean> {
  const info = await readStreamInfo(file, start, size);
  if (!info || info.framesStart >= size) return true;
  const window = Math.min(info.maxFrameSize ? info.maxFrameSize + 1024 : UNKNOWN_FRAME_WINDOW, LARGEST_FRAME);
  const tailStart = Math.max(info.framesStart, size - ID3V1_SIZE - window);
  const tail = await readRange(file, tailStart, size);
  // The frames end at the file's end, or before an ID3v1 tag some taggers append.
  const ends = [tail.length];
  if (tail.length >= ID3V1_SIZE && tail.toString('latin1', tail.length - ID3V1_SIZE, tail.length - 125) === 'TAG')
    ends.push(tail.length - ID3V1_SIZE);
  // The last frame is the latest header from which whole frames run to an end.
  for (let at = tail.length - 8; at >= 0; at--) {
    const samples = frameSamplesAt(tail, at, info.maxBlockSize);
    if (!samples || !ends.some((end) => end > at && crc16(tail, at, end) === 0)) continue;
    return info.totalSamples > 0 && samples.first + samples.count < info.totalSamples;
  }
  return true;
}
