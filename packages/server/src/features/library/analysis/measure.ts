/**
 * Decodes one stored file piece by piece and measures it: what the analysis
 * worker runs (worker.mjs). Only the piece being decoded is in memory, except
 * for M4A, whose index (the `moov` box) may come after the audio: the decoder
 * holds the file until it has read it, so M4A is read in large pieces.
 */
import fs from 'node:fs';
import { decodeChunked } from 'audio-decode';
import type { AudioFormat } from '@platter/contract';
import { LoudnessMeter } from './loudness';
import { PeakCollector } from './peaks';

/** What a song measures: its integrated loudness (null when silent) and its waveform. */
export interface AudioMeasurement {
  loudness: number | null;
  peaks: number[];
}

/** The decoder for each stored format (Ogg Vorbis is `oga` to the decoder). */
const DECODERS = {
  mp3: 'mp3',
  aac: 'aac',
  m4a: 'm4a',
  ogg: 'oga',
  opus: 'opus',
  flac: 'flac',
  wav: 'wav',
} as const satisfies Record<AudioFormat, string>;

const PIECE_BYTES = 256 * 1024;
const M4A_PIECE_BYTES = 8 * 1024 * 1024;

export async function measureFile(path: string, format: AudioFormat, peakCount: number): Promise<AudioMeasurement> {
  const source = fs.createReadStream(path, { highWaterMark: format === 'm4a' ? M4A_PIECE_BYTES : PIECE_BYTES });
  let meter: LoudnessMeter | undefined;
  const peaks = new PeakCollector();
  try {
    for await (const { channelData, sampleRate } of decodeChunked(source, DECODERS[format])) {
      meter ??= new LoudnessMeter(sampleRate);
      if (sampleRate !== meter.sampleRate)
        throw new Error(`The sample rate changed from ${meter.sampleRate} to ${sampleRate}`);
      meter.push(channelData);
      peaks.push(channelData);
    }
  } finally {
    source.destroy();
  }
  // Decoders skip what they cannot read: a file of which nothing could be read is not a song.
  if (!meter) throw new Error(`No ${format} audio could be decoded`);
  const loudness = meter.integrated();
  return {
    loudness: loudness === null ? null : Math.round(loudness * 100) / 100,
    peaks: peaks.peaks(peakCount),
  };
}
