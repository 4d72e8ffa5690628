/** Four on the floor at 124 BPM: kick, off-beat hats and bass, claps, chord stabs over Am–F–C–G. */
import { Mix, instrument, kick, noiseHit, randomFrom, snare } from '../synth';

const BPM = 124;
const BARS = 16;
/** Each bar's chord (MIDI notes) and the bass's root. */
const CHORDS = [
  { notes: [57, 60, 64], root: 45 },
  { notes: [53, 57, 60], root: 41 },
  { notes: [55, 60, 64], root: 48 },
  { notes: [55, 59, 62], root: 43 },
];

export function house(): Float32Array[] {
  const beat = 60 / BPM;
  const mix = new Mix(BARS * 4 * beat + 1);
  const random = randomFrom(124);
  const drum = kick();
  const clap = snare(random);
  const hat = noiseHit(random, 0.04, true);
  const bass = instrument({
    wave: 'saw',
    cutoff: 450,
    envelope: { attack: 0.005, decay: 0.15, sustain: 0.6, release: 0.05 },
  });
  const stab = instrument({
    wave: 'saw',
    detune: 14,
    cutoff: 1600,
    envelope: { attack: 0.005, decay: 0.2, sustain: 0.2, release: 0.15 },
  });

  for (let bar = 0; bar < BARS; bar++) {
    const { notes, root } = CHORDS[bar % CHORDS.length]!;
    const start = bar * 4 * beat;
    for (let step = 0; step < 4; step++) {
      const at = start + step * beat;
      if (bar < BARS - 1) mix.add(drum, at, 0.9);
      if (bar >= 2) mix.add(hat, at + beat / 2, 0.35, 0.3);
      if (bar >= 4 && step % 2 === 1) mix.add(clap, at, 0.45, -0.1);
      if (bar >= 1) mix.add(bass(root, beat / 2.5), at + beat / 2, 0.5);
    }
    if (bar >= 4) {
      for (const note of notes) {
        mix.add(stab(note, beat / 3), start + 1.5 * beat, 0.18, -0.4);
        mix.add(stab(note, beat / 3), start + 3.5 * beat, 0.14, 0.4);
      }
    }
  }
  mix.echo(0.75 * beat, 0.25);
  return mix.master(1.1);
}
