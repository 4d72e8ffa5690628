import { describe, expect, test } from 'vitest';
import { frameLength } from './mpeg-frames';

describe('frameLength', () => {
  test('MPEG-1 layer III at 128 kbps and 44.1 kHz: 417 bytes, 418 with padding', () => {
    expect(frameLength(0xff, 0xfb, 0x90)).toBe(417);
    expect(frameLength(0xff, 0xfb, 0x92)).toBe(418);
  });

  test('MPEG-2 layer III at 64 kbps and 22.05 kHz: 208 bytes', () => {
    expect(frameLength(0xff, 0xf3, 0x80)).toBe(208);
  });

  test('not a header: no sync, a reserved version, layer, bitrate or sample rate', () => {
    expect(frameLength(0x49, 0x44, 0x33)).toBeNull();
    expect(frameLength(0xff, 0xeb, 0x90)).toBeNull(); // version 01 is reserved
    expect(frameLength(0xff, 0xf9, 0x90)).toBeNull(); // layer 00 is reserved
    expect(frameLength(0xff, 0xfb, 0xf0)).toBeNull(); // bitrate index 15
    expect(frameLength(0xff, 0xfb, 0x0c)).toBeNull(); // free format, sample rate 11
  });
});
