/**
 * Writes PCM audio as a WAV file (RIFF, 16-bit integer samples, interleaved):
 * the simplest file every browser plays. Samples outside −1..1 are clipped.
 */
export function encodeWav(channelData: readonly Float32Array[], sampleRate: number): Buffer {
  const channels = channelData.length;
  const frames = channelData[0]?.length ?? 0;
  const dataBytes = frames * channels * 2;
  const wav = Buffer.alloc(WAV_HEADER_BYTES + dataBytes);
  wavHeader(channels, sampleRate, dataBytes).copy(wav);
  const data = new DataView(wav.buffer, wav.byteOffset + WAV_HEADER_BYTES, dataBytes);
  let offset = 0;
  for (let frame = 0; frame < frames; frame++) {
    for (let channel = 0; channel < channels; channel++) {
      const sample = Math.max(-1, Math.min(1, channelData[channel]![frame]!));
      data.setInt16(offset, Math.round(sample * 32767), true);
      offset += 2;
    }
  }
  return wav;
}

export const WAV_HEADER_BYTES = 44;

/** The header of a 16-bit PCM WAV file whose samples take `dataBytes` (for files written in pieces). */
export function wavHeader(channels: number, sampleRate: number, dataBytes: number): Buffer {
  const header = Buffer.alloc(WAV_HEADER_BYTES);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}
