/**
 * Integrated loudness as EBU R128 defines it, measured the way ITU-R BS.1770-4
 * ("Algorithms to measure audio programme loudness and true-peak audio level",
 * 10/2015) describes:
 *
 * 1. each channel goes through the K-weighting filter: a high shelf (+4 dB
 *    above ~1.7 kHz, the head's effect) then the RLB high-pass (~38 Hz);
 * 2. the mean square of each channel is taken over 400 ms gating blocks that
 *    overlap by 75 % (a new block every 100 ms), and summed with the channel
 *    weights (1.0 for left, right and centre, 1.41 for the surrounds, the LFE
 *    left out): a block's loudness is −0.691 + 10·log10(that sum);
 * 3. blocks below −70 LUFS (the absolute gate) are dropped; of the rest,
 *    blocks more than 10 LU below their mean (the relative gate) are dropped;
 *    the mean of what remains is the integrated loudness.
 *
 * The standard gives the filters' coefficients at 48 kHz only; at other
 * rates they are derived from the same analogue prototypes by the bilinear
 * transform (the parameters below reproduce the 48 kHz table to 1e-8).
 *
 * The meter is fed decoded audio in pieces of any size and keeps only the
 * filters' state, the 100 ms step in progress and one number per step.
 */

const ABSOLUTE_GATE_LUFS = -70;
const RELATIVE_GATE_LU = -10;
const STEPS_PER_BLOCK = 4;
/** −0.691 is the constant that makes a 997 Hz sine at 0 dBFS in one front channel read −3.01 LUFS. */
const LOUDNESS_OFFSET = -0.691;

export interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/** Stage 1 of the K-weighting: the high shelf that models the head (BS.1770-4 table 1). */
export function shelfFilter(sampleRate: number): Biquad {
  const f0 = 1681.974450955533;
  const gainDb = 3.999843853973347;
  const q = 0.7071752369554196;
  const k = Math.tan((Math.PI * f0) / sampleRate);
  const vh = 10 ** (gainDb / 20);
  const vb = vh ** 0.4996667741545416;
  const a0 = 1 + k / q + k * k;
  return {
    b0: (vh + (vb * k) / q + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / q + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q + k * k) / a0,
  };
}

/** Stage 2 of the K-weighting: the revised low-frequency B-curve high-pass (BS.1770-4 table 2). */
export function highPassFilter(sampleRate: number): Biquad {
  const f0 = 38.13547087602444;
  const q = 0.5003270373238773;
  const k = Math.tan((Math.PI * f0) / sampleRate);
  const a0 = 1 + k / q + k * k;
  return { b0: 1, b1: -2, b2: 1, a1: (2 * (k * k - 1)) / a0, a2: (1 - k / q + k * k) / a0 };
}

/**
 * The channel weights of BS.1770-4 table 3. Six channels are taken as 5.1 in
 * WAV order (L R C LFE Ls Rs); any other layout weighs every channel 1.0.
 */
export function channelWeights(channels: number): number[] {
  if (channels === 6) return [1, 1, 1, 0, 1.41, 1.41];
  return Array.from({ length: channels }, () => 1);
}

/** One channel's filter memory through both stages (two biquads in direct form I). */
interface ChannelState {
  x1: number;
  x2: number;
  y1: number;
  y2: number;
  z1: number;
  z2: number;
  /** Sum of squares of the K-weighted samples in the step in progress. */
  sum: number;
}

export class LoudnessMeter {
  private readonly shelf: Biquad;
  private readonly highPass: Biquad;
  private readonly stepLength: number;
  private states: ChannelState[] = [];
  private weights: number[] = [];
  private inStep = 0;
  /** Weighted mean square of each completed 100 ms step. */
  private readonly steps: number[] = [];

  constructor(readonly sampleRate: number) {
    if (!(sampleRate > 0)) throw new RangeError(`Not a sample rate: ${sampleRate}`);
    this.shelf = shelfFilter(sampleRate);
    this.highPass = highPassFilter(sampleRate);
    this.stepLength = Math.round(sampleRate / 10);
  }

  /**
   * Adds the next samples (one array per channel, all the same length). A
   * one-channel piece is heard from both speakers, so it is measured as the
   * same signal in left and right (dual mono): decoders hand a mono stretch of
   * a stereo MP3 over as one channel, and a mono song plays as loud as that.
   */
  push(channelData: readonly Float32Array[]): void {
    const input = channelData.length === 1 ? [channelData[0]!, channelData[0]!] : channelData;
    if (this.states.length === 0) {
      this.states = input.map(() => ({ x1: 0, x2: 0, y1: 0, y2: 0, z1: 0, z2: 0, sum: 0 }));
      this.weights = channelWeights(input.length);
    } else if (input.length !== this.states.length) {
      throw new Error(`The number of channels changed from ${this.states.length} to ${input.length}`);
    }
    const length = input[0]?.length ?? 0;
    let offset = 0;
    while (offset < length) {
      const take = Math.min(this.stepLength - this.inStep, length - offset);
      for (let channel = 0; channel < input.length; channel++) {
        this.filter(this.states[channel]!, input[channel]!, offset, offset + take);
      }
      offset += take;
      this.inStep += take;
      if (this.inStep === this.stepLength) this.endStep();
    }
  }

  /** The integrated loudness in LUFS, or null when nothing passes the absolute gate (silence). */
  integrated(): number | null {
    const blocks: number[] = [];
    for (let end = STEPS_PER_BLOCK; end <= this.steps.length; end++) {
      let power = 0;
      for (let step = end - STEPS_PER_BLOCK; step < end; step++) power += this.steps[step]!;
      blocks.push(power / STEPS_PER_BLOCK);
    }
    const aboveAbsolute = blocks.filter((power) => loudnessOf(power) > ABSOLUTE_GATE_LUFS);
    if (aboveAbsolute.length === 0) return null;
    const relativeGate = loudnessOf(mean(aboveAbsolute)) + RELATIVE_GATE_LU;
    const gated = aboveAbsolute.filter((power) => loudnessOf(power) > relativeGate);
    return gated.length === 0 ? null : loudnessOf(mean(gated));
  }

  private filter(state: ChannelState, samples: Float32Array, from: number, to: number): void {
    const { b0, b1, b2, a1, a2 } = this.shelf;
    const h = this.highPass;
    let { x1, x2, y1, y2, z1, z2, sum } = state;
    for (let i = from; i < to; i++) {
      const x = samples[i]!;
      const y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
      const z = h.b0 * y + h.b1 * y1 + h.b2 * y2 - h.a1 * z1 - h.a2 * z2;
      x2 = x1;
      x1 = x;
      y2 = y1;
      y1 = y;
      z2 = z1;
      z1 = z;
      sum += z * z;
    }
    Object.assign(state, { x1, x2, y1, y2, z1, z2, sum });
  }

  private endStep(): void {
    let power = 0;
    for (let channel = 0; channel < this.states.length; channel++) {
      const state = this.states[channel]!;
      power += (this.weights[channel]! * state.sum) / this.stepLength;
      state.sum = 0;
    }
    this.steps.push(power);
    this.inStep = 0;
  }
}

function loudnessOf(power: number): number {
  return power > 0 ? LOUDNESS_OFFSET + 10 * Math.log10(power) : -Infinity;
}

function mean(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value;
  return total / values.length;
}

/** The integrated loudness of whole signals (one array per channel): for tests and short sounds. */
export function integratedLoudness(channelData: readonly Float32Array[], sampleRate: number): number | null {
  const meter = new LoudnessMeter(sampleRate);
  meter.push(channelData);
  return meter.integrated();
}
