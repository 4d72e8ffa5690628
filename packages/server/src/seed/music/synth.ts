/**
 * A very small synthesiser for the demo's music: oscillators, envelopes, a few
 * drums and a stereo mix to lay notes on. Everything is deterministic (noise
 * comes from a seeded generator), so every first start sounds the same.
 */

/** Low enough to keep the demo's files small, high enough for hi-hats. */
export const SAMPLE_RATE = 22_050;

export type Wave = 'sine' | 'triangle' | 'square' | 'saw' | 'pulse';

/** The frequency of a MIDI note number (69 is the A above middle C, 440 Hz). */
export function pitch(note: number): number {
  return 440 * 2 ** ((note - 69) / 12);
}

/** One cycle's value of a wave at phase 0..1. */
function waveAt(wave: Wave, phase: number): number {
  switch (wave) {
    case 'sine':
      return Math.sin(2 * Math.PI * phase);
    case 'triangle':
      return 1 - 4 * Math.abs(phase - 0.5);
    case 'square':
      return phase < 0.5 ? 1 : -1;
    case 'pulse':
      // A quarter-duty pulse (the NES's reedy voice), centred on zero.
      return phase < 0.25 ? 1.5 : -0.5;
    case 'saw':
      return 2 * phase - 1;
  }
}

/** A seeded generator of numbers in 0..1 (mulberry32). */
export function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface Envelope {
  attack: number;
  decay: number;
  /** The level held after the decay, 0..1. */
  sustain: number;
  release: number;
}

/** The envelope's level `t` seconds into a note, before its key is let go. */
function heldLevel({ attack, decay, sustain }: Envelope, t: number): number {
  if (t < attack) return t / attack;
  if (t < attack + decay) return 1 - ((1 - sustain) * (t - attack)) / decay;
  return sustain;
}

/** The envelope's level `t` seconds into a note held for `held` seconds. */
function envelopeAt(envelope: Envelope, t: number, held: number): number {
  if (t < held) return heldLevel(envelope, t);
  return heldLevel(envelope, held) * Math.max(0, 1 - (t - held) / envelope.release);
}

export interface Note {
  wave: Wave;
  /** MIDI note number. */
  note: number;
  /** How long the key is held, in seconds (the release follows). */
  seconds: number;
  envelope: Envelope;
  /** Cents between two detuned copies of the oscillator (a fuller sound); 0 for one. */
  detune?: number;
  /** A vibrato's depth in semitones, at 5 Hz. */
  vibrato?: number;
}

/** Renders one note, release included. */
export function renderNote({ wave, note, seconds, envelope, detune = 0, vibrato = 0 }: Note): Float32Array {
  const samples = new Float32Array(Math.ceil((seconds + envelope.release) * SAMPLE_RATE));
  const steps = (detune ? [-detune / 2, detune / 2] : [0]).map((cents) => pitch(note + cents / 100) / SAMPLE_RATE);
  const phases = steps.map(() => 0);
  for (let i = 0; i < samples.length; i++) {
    const t = i / SAMPLE_RATE;
    const bend = vibrato ? 2 ** ((vibrato * Math.sin(2 * Math.PI * 5 * t)) / 12) : 1;
    let value = 0;
    for (let v = 0; v < steps.length; v++) {
      phases[v] = (phases[v]! + steps[v]! * bend) % 1;
      value += waveAt(wave, phases[v]!);
    }
    samples[i] = (value / steps.length) * envelopeAt(envelope, t, seconds);
  }
  return samples;
}

/** How an instrument sounds: everything about a note but its pitch and length. */
export type Voice = Omit<Note, 'note' | 'seconds'> & {
  /** A low-pass filter's cutoff in Hz, for a softer tone. */ cutoff?: number;
};

/** An instrument: plays a note for some seconds (each distinct note rendered once, then reused). */
export function instrument(voice: Voice): (note: number, seconds: number) => Float32Array {
  const rendered = new Map<string, Float32Array>();
  return (note, seconds) => {
    const key = `${note}:${seconds}`;
    let sound = rendered.get(key);
    if (!sound) {
      sound = renderNote({ ...voice, note, seconds });
      if (voice.cutoff) sound = lowPass(sound, voice.cutoff);
      rendered.set(key, sound);
    }
    return sound;
  };
}

/** A bass drum: a sine that falls from 150 Hz to 45 Hz as it fades. */
export function kick(): Float32Array {
  const samples = new Float32Array(Math.round(0.35 * SAMPLE_RATE));
  let phase = 0;
  for (let i = 0; i < samples.length; i++) {
    const t = i / SAMPLE_RATE;
    phase += (45 + 105 * Math.exp(-t * 30)) / SAMPLE_RATE;
    samples[i] = Math.sin(2 * Math.PI * phase) * Math.exp(-t * 9);
  }
  return samples;
}

/** Noise that fades in `seconds`, brightened (hi-hat) or left full (snare, brush). */
export function noiseHit(random: () => number, seconds: number, bright: boolean): Float32Array {
  const samples = new Float32Array(Math.round(seconds * 2 * SAMPLE_RATE));
  let previous = 0;
  for (let i = 0; i < samples.length; i++) {
    const white = random() * 2 - 1;
    // A first difference takes the lows out of a hi-hat.
    const value = bright ? white - previous : white;
    previous = white;
    samples[i] = value * Math.exp((-i / SAMPLE_RATE / seconds) * 4);
  }
  return samples;
}

/** A snare: a short tone under a burst of noise. */
export function snare(random: () => number): Float32Array {
  const body = renderNote({
    wave: 'triangle',
    note: 50,
    seconds: 0.02,
    envelope: { attack: 0.001, decay: 0.05, sustain: 0, release: 0.05 },
  });
  const rattle = noiseHit(random, 0.12, false);
  return rattle.map((value, i) => 0.6 * value + (body[i] ?? 0));
}

/** Softens a sound's highs: a one-pole low-pass at `cutoff` Hz (a warm pad, a muffled tape). */
export function lowPass(samples: Float32Array, cutoff: number): Float32Array {
  const k = 1 - Math.exp((-2 * Math.PI * cutoff) / SAMPLE_RATE);
  let state = 0;
  return samples.map((value) => (state += k * (value - state)));
}

/** A stereo track of a given length that sounds are laid on at their times. */
export class Mix {
  readonly left: Float32Array;
  readonly right: Float32Array;

  constructor(readonly seconds: number) {
    this.left = new Float32Array(Math.round(seconds * SAMPLE_RATE));
    this.right = new Float32Array(this.left.length);
  }

  /** Adds a sound starting at `at` seconds, at `gain`, panned −1 (left) … 1 (right). */
  add(sound: Float32Array, at: number, gain = 1, pan = 0): void {
    const start = Math.round(at * SAMPLE_RATE);
    const toLeft = gain * Math.cos(((pan + 1) * Math.PI) / 4);
    const toRight = gain * Math.sin(((pan + 1) * Math.PI) / 4);
    const end = Math.min(sound.length, this.left.length - start);
    for (let i = Math.max(0, -start); i < end; i++) {
      this.left[start + i]! += sound[i]! * toLeft;
      this.right[start + i]! += sound[i]! * toRight;
    }
  }

  /** An echo: the track fed back into itself `delay` seconds later, from the other side. */
  echo(delay: number, feedback: number): void {
    const offset = Math.round(delay * SAMPLE_RATE);
    for (let i = offset; i < this.left.length; i++) {
      this.left[i]! += feedback * this.right[i - offset]!;
      this.right[i]! += feedback * this.left[i - offset]!;
    }
  }

  /** The finished channels: gently saturated at `level`, faded in and out so nothing clicks. */
  master(level: number, fadeSeconds = 1.5): Float32Array[] {
    const fade = fadeSeconds * SAMPLE_RATE;
    const length = this.left.length;
    for (const channel of [this.left, this.right]) {
      for (let i = 0; i < length; i++) {
        const envelope = Math.min(1, i / 200, (length - i) / fade);
        channel[i] = Math.tanh(channel[i]! * level) * envelope;
      }
    }
    return [this.left, this.right];
  }
}
