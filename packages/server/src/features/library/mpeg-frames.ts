/**
 * MP3 frame headers (MPEG audio, layers I–III), for telling a file cut short
 * from a whole one by walking its frames (frame-walk.ts). MP3s have no index
 * that says how long they are (an Xing/Info header is optional), so tags alone
 * cannot tell.
 */
import { framesCutShort, type FrameFormat } from './frame-walk';

const BITRATES_KBPS = {
  // [version 1 layer I, II, III], [version 2/2.5 layer I, II & III]
  v1: [
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  v2: [
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
};
const SAMPLE_RATES = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] } as const;

/** A frame's length in bytes from its 4-byte header, or null when the bytes are not a frame header. */
export function frameLength(b0: number, b1: number, b2: number): number | null {
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 3; // 3: MPEG 1, 2: MPEG 2, 0: MPEG 2.5
  const layer = 4 - ((b1 >> 1) & 3); // 1, 2 or 3 (4 is reserved)
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (version === 1 || layer === 4 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const table = version === 3 ? BITRATES_KBPS.v1[layer - 1] : BITRATES_KBPS.v2[layer === 1 ? 0 : 1];
  const bitrate = (table?.[bitrateIndex] ?? 0) * 1000;
  const sampleRate = SAMPLE_RATES[version as 0 | 2 | 3][rateIndex] ?? 0;
  if (!bitrate || !sampleRate) return null;
  const padding = (b2 >> 1) & 1;
  if (layer === 1) return (Math.floor((12 * bitrate) / sampleRate) + padding) * 4;
  const perFrame = layer === 3 && version !== 3 ? 72 : 144;
  return Math.floor((perFrame * bitrate) / sampleRate) + padding;
}

/** MP3 frames for framesCutShort: a 4-byte header, of which the first three tell the length. */
export const MPEG_FRAMES: FrameFormat = {
  headerSize: 4,
  lengthAt: (bytes, at) => frameLength(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!),
};

/** True when the MP3's last frame runs past its end (the file was cut short). `start`: where the audio begins. */
export function mpegCutShort(file: string, start: number, size: number): Promise<boolean> {
  return framesCutShort(file, start, size, MPEG_FRAMES);
}
