/** A chiptune at 150 BPM: a pulse-wave arpeggio, a triangle bass, noise drums and a square-wave tune. */
import { Mix, instrument, noiseHit, randomFrom } from '../synth';

const BPM = 150;
const BARS = 16;
const CHORDS = [
  [60, 64, 67], // C
  [57, 60, 64], // Am
  [53, 57, 60], // F
  [55, 59, 62], // G
];
/** The tune of the second half, in eighths (null rests), two bars per line. */
const TUNE = [
  [76, 76, null, 76, null, 72, 76, null, 79, null, null, null, 67, null, null, null],
  [72, null, 69, null, 64, null, 69, 71, null, 70, 69, null, 67, 76, 79, 81],
];

export function chiptune(): Float32Array[] {
  const sixteenth = 60 / BPM / 4;
  const mix = new Mix(BARS * 16 * sixteenth + 1);
  const random = randomFrom(8);
  const arp = instrument({ wave: 'pulse', envelope: { attack: 0.002, decay: 0.08, sustain: 0.3, release: 0.02 } });
  const bass = instrument({ wave: 'triangle', envelope: { attack: 0.002, decay: 0.05, sustain: 0.8, release: 0.03 } });
  const lead = instrument({
    wave: 'square',
    vibrato: 0.15,
    envelope: { attack: 0.005, decay: 0.1, sustain: 0.7, release: 0.05 },
  });
  const hat = noiseHit(random, 0.02, true);
  const snare = noiseHit(random, 0.08, false);
  const kick = instrument({ wave: 'triangle', envelope: { attack: 0.001, decay: 0.08, sustain: 0, release: 0.01 } })(
    36,
    0.05,
  );

  for (let bar = 0; bar < BARS; bar++) {
    const chord = CHORDS[bar % CHORDS.length]!;
    for (let step = 0; step < 16; step++) {
      const at = (bar * 16 + step) * sixteenth;
      const note = chord[step % 3]! + 12 * (Math.floor(step / 3) % 2);
      mix.add(arp(note, sixteenth * 0.8), at, 0.12, 0.3);
      if (step % 2 === 0) mix.add(bass(chord[0]! - 24 + (step % 4 === 2 ? 12 : 0), sixteenth * 1.6), at, 0.35);
      if (bar >= 2 && step % 2 === 0) mix.add(hat, at, 0.15, -0.2);
      if (bar >= 2 && step % 8 === 4) mix.add(snare, at, 0.3);
      if (bar >= 2 && step % 8 === 0) mix.add(kick, at, 0.6);
    }
  }
  for (let bar = 8; bar < BARS; bar += 2) {
    for (const [half, line] of TUNE.entries()) {
      for (const [eighth, note] of line.entries()) {
        const at = ((bar + half) * 16 + eighth * 2) * sixteenth;
        if (note !== null) mix.add(lead(note, sixteenth * 1.6), at, 0.14, -0.3);
      }
    }
  }
  return mix.master(1.2);
}
