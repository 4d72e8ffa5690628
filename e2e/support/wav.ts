/** A WAV file made in the test (nothing is downloaded): a sine tone, 16-bit mono PCM. */
export function toneWav(seconds: number, frequency = 440, sampleRate = 22_050): Buffer {
  const frames = Math.round(seconds * sampleRate);
  const file = Buffer.alloc(44 + frames * 2);
  file.write('RIFF', 0, 'ascii');
  file.writeUInt32LE(36 + frames * 2, 4);
  file.write('WAVEfmt ', 8, 'ascii');
  file.writeUInt32LE(16, 16); // the format chunk's size
  file.writeUInt16LE(1, 20); // PCM
  file.writeUInt16LE(1, 22); // one channel
  file.writeUInt32LE(sampleRate, 24);
  file.writeUInt32LE(sampleRate * 2, 28); // bytes a second
  file.writeUInt16LE(2, 32); // bytes a frame
  file.writeUInt16LE(16, 34); // bits a sample
  file.write('data', 36, 'ascii');
  file.writeUInt32LE(frames * 2, 40);
  for (let i = 0; i < frames; i++) {
    file.writeInt16LE(Math.round(Math.sin((2 * Math.PI * frequency * i) / sampleRate) * 0.4 * 32767), 44 + i * 2);
  }
  return file;
}
