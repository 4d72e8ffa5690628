/**
 * ADTS (raw AAC) frame headers, for telling a file cut short from a whole one
 * by walking its frames (frame-walk.ts), as MP3s are: each header carries its
 * frame's length (header included) and nothing says how many frames there are.
 */
import { framesCutShort, type FrameFormat } from './frame-walk';

/** A frame's length in bytes from its 7-byte header at `at`, or null when the bytes are not an ADTS header. */
export function adtsFrameLength(bytes: Uint8Array, at = 0): number | null {
  // Sync (12 bits), MPEG version, layer 00 (which MP3 never uses), protection absent.
  if (bytes[at] !== 0xff || (bytes[at + 1]! & 0xf6) !== 0xf0) return null;
  const sampleRateIndex = (bytes[at + 2]! >> 2) & 0x0f;
  if (sampleRateIndex > 12) return null;
  const length = ((bytes[at + 3]! & 0x03) << 11) | (bytes[at + 4]! << 3) | (bytes[at + 5]! >> 5);
  // A header with a CRC is 9 bytes; a frame shorter than its header is not one.
  const headerLength = bytes[at + 1]! & 0x01 ? 7 : 9;
  return length > headerLength ? length : null;
}

export const ADTS_FRAMES: FrameFormat = { headerSize: 7, lengthAt: adtsFrameLength };

/** True when the ADTS stream's last frame runs past the file's end. `start`: where the audio begins (after an ID3 tag). */
export function adtsCutShort(file: string, start: number, size: number): Promise<boolean> {
  return framesCutShort(file, start, size, ADTS_FRAMES);
}
