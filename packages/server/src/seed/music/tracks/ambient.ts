/** A slow ambient drift: long detuned pads, and bells from a pentatonic scale echoing across the stereo field. */
import { Mix, instrument, randomFrom } from '../synth';

const CHORD_SECONDS = 7.5;
const CHORDS = [
  [48, 55, 59, 64], // Cmaj7
  [45, 52, 55, 60], // Am7
  [41, 48, 52, 57], // Fmaj7
  [43, 50, 55, 59], // G
];
const BELL_NOTES = [72, 74, 76, 79, 81, 84];

export function ambient(): Float32Array[] {
  const mix = new Mix(CHORDS.length * CHORD_SECONDS + 2);
  const random = randomFrom(20);
  const pad = instrument({
    wave: 'saw',
    detune: 18,
    cutoff: 700,
    envelope: { attack: 2.5, decay: 1, sustain: 0.8, release: 3 },
  });
  const bell = instrument({ wave: 'sine', envelope: { attack: 0.005, decay: 1.5, sustain: 0, release: 1.5 } });

  for (const [i, chord] of CHORDS.entries()) {
    for (const [n, note] of chord.entries()) {
      mix.add(pad(note, CHORD_SECONDS - 1), i * CHORD_SECONDS, 0.13, n % 2 ? 0.5 : -0.5);
    }
  }
  for (let at = 1.5; at < CHORDS.length * CHORD_SECONDS - 2; at += 0.9 + random() * 1.2) {
    const note = BELL_NOTES[Math.floor(random() * BELL_NOTES.length)]!;
    mix.add(bell(note, 0.1), at, 0.12, random() * 1.6 - 0.8);
  }
  mix.echo(0.45, 0.4);
  return mix.master(1.3, 3);
}
