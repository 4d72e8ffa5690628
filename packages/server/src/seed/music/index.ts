/**
 * The demo's own music: short tracks synthesised at seed time (no recordings
 * ship with Platter), encoded as MP3, so that a first start has DJs with
 * songs that really play, light enough for a phone (a tenth of the WAV).
 */
import { encodeMp3 } from '../../lib/mp3';
import { SAMPLE_RATE } from './synth';
import { ambient } from './tracks/ambient';
import { chiptune } from './tracks/chiptune';
import { house } from './tracks/house';
import { lofi } from './tracks/lofi';
import { synthwave } from './tracks/synthwave';

export interface DemoTrack {
  title: string;
  artist: string;
  album: string;
  /** The track's channels at SAMPLE_RATE. */
  render(): Float32Array[];
}

export const DEMO_TRACKS: readonly DemoTrack[] = [
  { title: 'Sunrise Terrace', artist: 'The Platter House Band', album: 'Demo Tapes', render: house },
  { title: 'Slow Tide', artist: 'Drift Assembly', album: 'Demo Tapes', render: ambient },
  { title: 'Pixel Parade', artist: '8-Bit Otters', album: 'Demo Tapes', render: chiptune },
  { title: 'Rainy Window', artist: 'Cassette Weather', album: 'Demo Tapes', render: lofi },
  { title: 'Night Drive', artist: 'Neon Coast', album: 'Demo Tapes', render: synthwave },
];

/**
 * The demo's bit rate: at 22.05 kHz stereo, 64 kbit/s keeps the synthesised
 * tones clean (the analysis reads the same loudness as from the WAV) at 8 KB a
 * second, where the WAV took 88 KB.
 */
export const DEMO_KBPS = 64;

/**
 * A demo track made into an MP3 file. How long it plays is read from the file
 * by the library, as an upload's is: the encoder adds its priming and padding.
 */
export function demoTrackMp3(track: DemoTrack): Promise<Buffer> {
  return encodeMp3(track.render(), SAMPLE_RATE, DEMO_KBPS);
}

export { SAMPLE_RATE };
