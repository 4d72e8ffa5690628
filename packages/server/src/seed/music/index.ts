/**
 * The demo's own music: short tracks synthesised at seed time (no recordings
 * ship with Platter), written as WAV, so that a first start has DJs with
 * songs that really play.
 */
import { encodeWav } from '../../lib/wav';
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

/** A demo track made into a WAV file, and how long it plays. */
export function demoTrackWav(track: DemoTrack): { bytes: Buffer; durationMs: number } {
  const channels = track.render();
  return {
    bytes: encodeWav(channels, SAMPLE_RATE),
    durationMs: Math.round(((channels[0]?.length ?? 0) / SAMPLE_RATE) * 1000),
  };
}

export { SAMPLE_RATE };
