/**
 * Writes PCM audio as a WAV file (RIFF, 16-bit integer samples, interleaved):
 * the simplest file every browser plays. Samples outside −1..1 are clipped.
 */
export function encodeWav(channelData: readonly Float32Array[], sampleRate: number): Buffer {
  const channels = channelData.length;
  const frames = channelData[0]?.length ?? 0;
  const dataBytes = frames * channels * 2;
  const wav = Buffer.alloc(44 + dataBytes);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(channels, 22);
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * channels * 2, 28);
  wav.writeUInt16LE(channels * 2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(dataBytes, 40);
  const data = new DataView(wav.buffer, wav.byteOffset + 44, dataBytes);
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
