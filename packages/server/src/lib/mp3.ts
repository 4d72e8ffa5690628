/**
 * Writes PCM audio as an MP3 file (constant bit rate, no tag) with LAME, compiled to
 * WebAssembly by wasm-media-encoders. Chosen on purpose for the demo's songs (docs/music.md):
 * its WASM ships inside the package (nothing native to build, nothing fetched at install),
 * it encodes the demo's five tracks four times faster than lamejs (LAME ported to plain
 * JavaScript, which the tests keep for their own files), and MP3 plays in every browser's
 * audio element (Ogg Opus did not in Safari before 18.4). Constant bit rate keeps a
 * browser's seek by byte offset exact, which synchronized playback relies on.
 */

/** Samples handed to the encoder at a time: a whole number of MPEG frames. */
const BLOCK = 1152 * 8;

export type Mp3Kbps = 32 | 48 | 64 | 96 | 128;

export async function encodeMp3(
  channelData: readonly Float32Array[],
  sampleRate: number,
  kbps: Mp3Kbps,
): Promise<Buffer> {
  const channels = channelData.length;
  if (channels !== 1 && channels !== 2) throw new Error(`MP3 holds one or two channels, not ${channels}`);
  const frames = channelData[0]?.length ?? 0;
  // Loaded when first used (the demo's first start): its WebAssembly is 0.8 MB of text to parse.
  const { createMp3Encoder } = await import('wasm-media-encoders');
  const encoder = await createMp3Encoder();
  encoder.configure({ channels, sampleRate, bitrate: kbps });
  const parts: Buffer[] = [];
  // The encoder hands back a view of its own memory, reused by the next call: copy each out.
  for (let at = 0; at < frames; at += BLOCK) {
    parts.push(Buffer.from(encoder.encode(channelData.map((channel) => channel.subarray(at, at + BLOCK)))));
  }
  parts.push(Buffer.from(encoder.finalize()));
  return Buffer.concat(parts);
}
