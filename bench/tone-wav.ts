/**
 * Audio for the benchmarks, made at bench time (nothing is downloaded): a
 * stereo 44.1 kHz WAV holding a steady tone. One period is encoded and
 * repeated, so a file of any size takes a moment to make, and it is real
 * audio that the server checks and the analysis worker measures.
 */
import { WAV_HEADER_BYTES, encodeWav, wavHeader } from '../packages/server/src/lib/wav';

const RATE = 44_100;
const FRAME_BYTES = 4; // two channels of 16 bits

/** A WAV file of about `bytes` bytes (whole frames) sounding a tone of about `hz`; another `hz`, other bytes. */
export function toneWav(bytes: number, hz: number): Buffer {
  const dataBytes = Math.floor((bytes - WAV_HEADER_BYTES) / FRAME_BYTES) * FRAME_BYTES;
  const period = new Float32Array(Math.round(RATE / hz));
  for (let i = 0; i < period.length; i++) period[i] = 0.3 * Math.sin((2 * Math.PI * i) / period.length);
  const onePeriod = encodeWav([period, period], RATE).subarray(WAV_HEADER_BYTES);
  const wav = Buffer.allocUnsafe(WAV_HEADER_BYTES + dataBytes);
  wavHeader(2, RATE, dataBytes).copy(wav);
  wav.fill(onePeriod, WAV_HEADER_BYTES);
  return wav;
}

/** How many bytes `seconds` of toneWav take. */
export const toneWavBytes = (seconds: number) => WAV_HEADER_BYTES + Math.round(seconds * RATE) * FRAME_BYTES;
