/**
 * Tells an Ogg file (Vorbis, Opus) cut short from a whole one: a whole
 * stream's last page carries the end-of-stream flag and ends where the file
 * does. The tail (at most one page's worth) is searched back for the last page
 * that is whole (its header, segment table and body within the file, its
 * CRC-32 right); a cut page before the end, or a last page without the flag,
 * means the file was cut short. Never reads the whole file.
 */
import { crc32 } from './crc';
import { readRange } from './read-range';

/** The largest page: a 27-byte header, 255 lacing values, 255 segments of 255 bytes. */
const LARGEST_PAGE = 27 + 255 + 255 * 255;
const ID3V1_SIZE = 128;
const END_OF_STREAM = 0x04;
const ZERO_CRC = new Uint8Array(4);

/** Where the whole page at `at` ends, or null when there is none there (not a page, cut, or a wrong CRC). */
export function pageEndAt(bytes: Uint8Array, at: number): number | null {
  // 'OggS', stream structure version 0.
  if (at + 27 > bytes.length || bytes[at + 4] !== 0) return null;
  if (bytes[at] !== 0x4f || bytes[at + 1] !== 0x67 || bytes[at + 2] !== 0x67 || bytes[at + 3] !== 0x53) return null;
  const segments = bytes[at + 26]!;
  const bodyStart = at + 27 + segments;
  if (bodyStart > bytes.length) return null;
  let end = bodyStart;
  for (let i = at + 27; i < bodyStart; i++) end += bytes[i]!;
  if (end > bytes.length) return null;
  // The CRC is over the page with its own field read as zeros.
  const crc = crc32(bytes, at + 26, end, crc32(ZERO_CRC, 0, 4, crc32(bytes, at, at + 22)));
  const stored = (bytes[at + 22]! | (bytes[at + 23]! << 8) | (bytes[at + 24]! << 16) | (bytes[at + 25]! << 24)) >>> 0;
  return crc === stored ? end : null;
}

/** True when the Ogg file was cut short: its last whole page is not at the end, or does not end the stream. */
export async function oggCutShort(file: string, size: number): Promise<boolean> {
  const tailStart = Math.max(0, size - ID3V1_SIZE - LARGEST_PAGE);
  const tail = await readRange(file, tailStart, size);
  // The pages end at the file's end, or before an ID3v1 tag some taggers append.
  const ends = [tail.length];
  if (tail.length >= ID3V1_SIZE && tail.toString('latin1', tail.length - ID3V1_SIZE, tail.length - 125) === 'TAG')
    ends.push(tail.length - ID3V1_SIZE);
  for (let at = tail.length - 27; at >= 0; at--) {
    const end = pageEndAt(tail, at);
    if (end === null) continue;
    return !ends.includes(end) || (tail[at + 5]! & END_OF_STREAM) === 0;
  }
  return true;
}
