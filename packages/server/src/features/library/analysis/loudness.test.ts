/**
 * The loudness meter against the signals of EBU Tech 3341 ("Loudness metering:
 * 'EBU Mode' metering to supplement EBU R 128 loudness normalization", v3,
 * §2.9 table 1), synthesised here: stereo 1 kHz sines whose peak level is
 * given in dBFS, in both channels. A meter is compliant within ±0.1 LU.
 */
import { describe, expect, test } from 'vitest';
import { LoudnessMeter, highPassFilter, integratedLoudness, shelfFilter } from './loudness';

/** A 1 kHz sine peaking at `dbfs`, `seconds` long, in one channel. */
function tone(dbfs: number, seconds: number, sampleRate: number, frequency = 1000): Float32Array {
  const amplitude = 10 ** (dbfs / 20);
  const samples = new Float32Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < samples.length; i++)
    samples[i] = amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate);
  return samples;
}

/** Tones one after another, the same in left and right. */
function stereoSequence(parts: [dbfs: number, seconds: number][], sampleRate = 48_000): Float32Array[] {
  const pieces = parts.map(([dbfs, seconds]) => tone(dbfs, seconds, sampleRate));
  const joined = new Float32Array(pieces.reduce((length, piece) => length + piece.length, 0));
  let offset = 0;
  for (const piece of pieces) {
    joined.set(piece, offset);
    offset += piece.length;
  }
  return [joined, joined.slice()];
}

describe('EBU Tech 3341 table 1', () => {
  test('case 1: a stereo sine at −23 dBFS reads −23.0 LUFS', () => {
    expect(integratedLoudness(stereoSequence([[-23, 20]]), 48_000)).toBeCloseTo(-23, 1);
  });

  test('case 2: a stereo sine at −33 dBFS reads −33.0 LUFS', () => {
    expect(integratedLoudness(stereoSequence([[-33, 20]]), 48_000)).toBeCloseTo(-33, 1);
  });

  test('case 3: −36, −23, −36 dBFS for 10, 60, 10 s reads −23.0 (the relative gate drops the quiet parts)', () => {
    const signal = stereoSequence([
      [-36, 10],
      [-23, 60],
      [-36, 10],
    ]);
    expect(integratedLoudness(signal, 48_000)).toBeCloseTo(-23, 1);
  });

  test('case 4: −72, −36, −23, −36, −72 dBFS reads −23.0 (the absolute gate drops −72)', () => {
    const signal = stereoSequence([
      [-72, 10],
      [-36, 10],
      [-23, 60],
      [-36, 10],
      [-72, 10],
    ]);
    expect(integratedLoudness(signal, 48_000)).toBeCloseTo(-23, 1);
  });

  test('case 5: −26, −20, −26 dBFS for 20, 20.1, 20 s reads −23.0 (nothing is gated)', () => {
    const signal = stereoSequence([
      [-26, 20],
      [-20, 20.1],
      [-26, 20],
    ]);
    expect(integratedLoudness(signal, 48_000)).toBeCloseTo(-23, 1);
  });
});

describe('other sample rates', () => {
  test.each([44_100, 32_000, 96_000])('at %i Hz, −23 dBFS still reads −23.0 and −33 dBFS −33.0', (rate) => {
    expect(Math.abs(integratedLoudness(stereoSequence([[-23, 20]], rate), rate)! - -23)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(integratedLoudness(stereoSequence([[-33, 20]], rate), rate)! - -33)).toBeLessThanOrEqual(0.1);
  });

  test('at 44.1 kHz the gates work the same (Tech 3341 case 4)', () => {
    const rate = 44_100;
    const signal = stereoSequence(
      [
        [-72, 10],
        [-36, 10],
        [-23, 60],
        [-36, 10],
        [-72, 10],
      ],
      rate,
    );
    expect(Math.abs(integratedLoudness(signal, rate)! - -23)).toBeLessThanOrEqual(0.1);
  });

  test('at 48 kHz the derived filters are the ones BS.1770-4 tabulates', () => {
    const shelf = shelfFilter(48_000);
    expect(shelf.b0).toBeCloseTo(1.53512485958697, 8);
    expect(shelf.b1).toBeCloseTo(-2.69169618940638, 8);
    expect(shelf.b2).toBeCloseTo(1.19839281085285, 8);
    expect(shelf.a1).toBeCloseTo(-1.69065929318241, 8);
    expect(shelf.a2).toBeCloseTo(0.73248077421585, 8);
    const highPass = highPassFilter(48_000);
    expect([highPass.b0, highPass.b1, highPass.b2]).toEqual([1, -2, 1]);
    expect(highPass.a1).toBeCloseTo(-1.99004745483398, 8);
    expect(highPass.a2).toBeCloseTo(0.99007225036621, 8);
  });
});

describe('the meter', () => {
  test('reads the same whether the audio comes whole or in pieces of any size', () => {
    const [left, right] = stereoSequence([
      [-30, 3],
      [-18, 4],
    ]);
    const meter = new LoudnessMeter(48_000);
    let offset = 0;
    for (const size of [1, 7, 4799, 4800, 4801, 100_000, 3]) {
      meter.push([left!.subarray(offset, offset + size), right!.subarray(offset, offset + size)]);
      offset += size;
    }
    meter.push([left!.subarray(offset), right!.subarray(offset)]);
    expect(meter.integrated()).toBeCloseTo(integratedLoudness([left!, right!], 48_000)!, 9);
  });

  test('silence, and anything under −70 LUFS, has no loudness', () => {
    expect(integratedLoudness([new Float32Array(48_000 * 5), new Float32Array(48_000 * 5)], 48_000)).toBeNull();
    expect(integratedLoudness(stereoSequence([[-80, 5]]), 48_000)).toBeNull();
  });

  test('less than one 400 ms block has no loudness', () => {
    expect(integratedLoudness(stereoSequence([[-20, 0.39]]), 48_000)).toBeNull();
  });

  test('a mono song is measured as heard from both speakers (dual mono)', () => {
    const [left, right] = stereoSequence([[-23, 10]]);
    expect(integratedLoudness([left!], 48_000)).toBeCloseTo(integratedLoudness([left!, right!], 48_000)!, 9);
  });

  test('in 5.1 the LFE does not count and the surrounds weigh 1.41', () => {
    const rate = 48_000;
    const sine = tone(-23, 10, rate);
    const silent = new Float32Array(sine.length);
    const frontOnly = integratedLoudness([sine, silent, silent, silent, silent, silent], rate)!;
    expect(integratedLoudness([silent, silent, silent, sine, silent, silent], rate)).toBeNull();
    expect(integratedLoudness([silent, silent, silent, silent, sine, silent], rate)! - frontOnly).toBeCloseTo(
      10 * Math.log10(1.41),
      6,
    );
  });

  test('a sample rate must be positive; channels may not change count midway', () => {
    expect(() => new LoudnessMeter(0)).toThrow(RangeError);
    const meter = new LoudnessMeter(48_000);
    meter.push([new Float32Array(10), new Float32Array(10)]);
    expect(() => meter.push([new Float32Array(10), new Float32Array(10), new Float32Array(10)])).toThrow(/channels/);
  });
});
