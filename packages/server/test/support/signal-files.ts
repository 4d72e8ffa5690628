/** Audio files of any signal for the analysis tests: channels of samples (a tone at an exact dBFS, silence, a mix) as WAV or MP3. The library's tone files are in audio-files.ts. */
import { Mp3Encoder } from '@breezystack/lamejs';
import { encodeWav } from '../../src/lib/wav';

/** A sine peaking at `dbfs`, `seconds` long, the same in each of `channels`. */
export function sineChannels(options: {
  dbfs: number;
  seconds: number;
  sampleRate?: number;
  channels?: number;
  frequency?: number;
}): Float32Array[] {
  const { dbfs, seconds, sampleRate = 44_100, channels = 2, frequency = 1000 } = options;
  const amplitude = 10 ** (dbfs / 20);
  const samples = new Float32Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < samples.length; i++)
    samples[i] = amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate);
  return Array.from({ length: channels }, () => samples);
}

export function wavFile(channelData: readonly Float32Array[], sampleRate = 44_100): Buffer {
  return encodeWav(channelData, sampleRate);
}

/** MP3 at 128 kb/s (LAME), mono or stereo. */
export function mp3File(channelData: readonly Float32Array[], sampleRate = 44_100): Buffer {
  const toPcm = (samples: Float32Array) =>
    Int16Array.from(samples, (sample) => Math.round(Math.max(-1, Math.min(1, sample)) * 32767));
  const pcm = channelData.map(toPcm);
  const encoder = new Mp3Encoder(pcm.length, sampleRate, 128);
  const frames: Uint8Array[] = [];
  const frameLength = 1152;
  for (let offset = 0; offset < pcm[0]!.length; offset += frameLength) {
    const [left, right] = pcm.map((channel) => channel.subarray(offset, offset + frameLength));
    frames.push(encoder.encodeBuffer(left!, right));
  }
  frames.push(encoder.flush());
  // The encoder hands out Int8Arrays: the same bytes, seen as a Buffer.
  return Buffer.concat(frames.map((frame) => Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength)));
}
