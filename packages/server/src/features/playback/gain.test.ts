import { describe, expect, test } from 'vitest';
import { MAX_GAIN_DB, TARGET_LOUDNESS_LUFS } from '@platter/contract';
import { gainFor, peaksOf } from './gain';

describe('gainFor', () => {
  test('brings a song to the target loudness: loud songs down, quiet ones up, at most MAX_GAIN_DB', () => {
    expect(gainFor(TARGET_LOUDNESS_LUFS)).toBe(0);
    expect(gainFor(-8)).toBe(TARGET_LOUDNESS_LUFS + 8);
    expect(gainFor(-24.5)).toBe(TARGET_LOUDNESS_LUFS + 24.5);
    expect(gainFor(-70)).toBe(MAX_GAIN_DB);
  });

  test('is 0 while the song is not measured', () => {
    expect([gainFor(null), gainFor(undefined), gainFor(Number.NEGATIVE_INFINITY)]).toEqual([0, 0, 0]);
  });
});

describe('peaksOf', () => {
  test('reads the stored waveform, and nothing from what is not one', () => {
    expect(peaksOf('[0,0.5,1]')).toEqual([0, 0.5, 1]);
    expect([peaksOf(null), peaksOf('not json'), peaksOf('{"a":1}'), peaksOf('["x"]')]).toEqual([[], [], [], []]);
  });
});
