/** Synthwave at 100 BPM: a driving octave bass, wide detuned chords, a gated snare's echo and a singing lead. */
import { Mix, instrument, kick, randomFrom, snare } from '../synth';

const BPM = 100;
const BARS = 12;
const CHORDS = [
  { notes: [57, 60, 64], root: 33 }, // Am
  { notes: [53, 57, 60], root: 29 }, // F
  { notes: [48, 52, 55], root: 36 }, // C
  { notes: [55, 59, 62], root: 31 }, // G
];
/** The lead, one note per beat over four bars (null rests). */
const LEAD = [76, null, 74, 72, 72, null, 69, null, 67, null, 72, 74, 71, null, null, null];

export function synthwave(): Float32Array[] {
  const beat = 60 / BPM;
  const mix = new Mix(BARS * 4 * beat + 1.5);
  const random = randomFrom(1984);
  const drum = kick();
  const backbeat = snare(random);
  const bass = instrument({
    wave: 'saw',
    cutoff: 600,
    envelope: { attack: 0.005, decay: 0.1, sustain: 0.5, release: 0.05 },
  });
  const pad = instrument({
    wave: 'saw',
    detune: 22,
    cutoff: 1800,
    envelope: { attack: 0.3, decay: 0.5, sustain: 0.7, release: 0.8 },
  });
  const lead = instrument({
    wave: 'saw',
    detune: 8,
    cutoff: 2600,
    vibrato: 0.2,
    envelope: { attack: 0.04, decay: 0.2, sustain: 0.8, release: 0.3 },
  });

  for (let bar = 0; bar < BARS; bar++) {
    const { notes, root } = CHORDS[bar % CHORDS.length]!;
    const start = bar * 4 * beat;
    for (const [n, note] of notes.entries()) mix.add(pad(note, 3.6 * beat), start, 0.1, n - 1);
    for (let eighth = 0; eighth < 8; eighth++) {
      mix.add(bass(root + (eighth % 2) * 12, beat / 2.4), start + (eighth * beat) / 2, 0.3);
    }
    if (bar < 2) continue;
    for (let step = 0; step < 4; step++) mix.add(drum, start + step * beat, 0.8);
    mix.add(backbeat, start + beat, 0.45);
    mix.add(backbeat, start + 3 * beat, 0.45);
  }
  for (let bar = 4; bar < BARS; bar += 4) {
    for (const [step, note] of LEAD.entries()) {
      if (note !== null) mix.add(lead(note, 0.9 * beat), (bar * 4 + step) * beat, 0.16, 0.15);
    }
  }
  mix.echo(0.75 * beat, 0.3);
  return mix.master(1.1);
}
