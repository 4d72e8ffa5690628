/** A lo-fi beat at 78 BPM: swung, muffled drums, soft jazz chords, a round bass and vinyl crackle. */
import { Mix, instrument, kick, lowPass, noiseHit, randomFrom, snare } from '../synth';

const BPM = 78;
const BARS = 10;
const CHORDS = [
  { notes: [53, 57, 60, 64], root: 38 }, // Dm9
  { notes: [53, 57, 59, 64], root: 43 }, // G13
  { notes: [52, 55, 59, 62], root: 36 }, // Cmaj9
  { notes: [55, 58, 61, 64], root: 45 }, // A7♭9
];
/** How late the off-beats come: the swing. */
const SWING = 0.62;

export function lofi(): Float32Array[] {
  const beat = 60 / BPM;
  const mix = new Mix(BARS * 4 * beat + 1);
  const random = randomFrom(78);
  const drum = lowPass(kick(), 1500);
  const backbeat = lowPass(snare(random), 2500);
  const hat = lowPass(noiseHit(random, 0.03, true), 5000);
  const keys = instrument({
    wave: 'triangle',
    cutoff: 1400,
    vibrato: 0.08,
    envelope: { attack: 0.01, decay: 1.2, sustain: 0.35, release: 0.5 },
  });
  const bass = instrument({ wave: 'sine', envelope: { attack: 0.01, decay: 0.3, sustain: 0.7, release: 0.2 } });

  for (let bar = 0; bar < BARS; bar++) {
    const { notes, root } = CHORDS[bar % CHORDS.length]!;
    const start = bar * 4 * beat;
    for (const [n, note] of notes.entries()) {
      // The chord is rolled, a few milliseconds a note, as a pianist would.
      mix.add(keys(note, 1.8 * beat), start + n * 0.015, 0.12, -0.2);
      mix.add(keys(note, 1.2 * beat), start + (2 + SWING) * beat + n * 0.015, 0.08, 0.2);
    }
    mix.add(bass(root, 1.5 * beat), start, 0.5);
    mix.add(bass(root + 7, 0.8 * beat), start + (2 + SWING) * beat, 0.35);
    if (bar === 0) continue;
    mix.add(drum, start, 0.8);
    mix.add(drum, start + (1 + SWING) * beat, 0.55);
    mix.add(drum, start + 2.5 * beat, 0.4);
    mix.add(backbeat, start + beat, 0.4, 0.1);
    mix.add(backbeat, start + 3 * beat, 0.4, 0.1);
    for (let step = 0; step < 4; step++) {
      mix.add(hat, start + step * beat, 0.12, 0.3);
      mix.add(hat, start + (step + SWING) * beat, 0.07, 0.3);
    }
  }
  // The crackle of an old record.
  const crackle = noiseHit(random, 0.002, true);
  for (let at = 0; at < mix.seconds - 1; at += random() * 0.25)
    mix.add(crackle, at, 0.05 + random() * 0.1, random() * 2 - 1);
  return mix.master(1.4);
}
