import { expect, test } from 'vitest';
import {
  BOB_AMPLITUDE,
  bobLift,
  chooseRenderer,
  figureLift,
  motionAllowed,
  NOD_AMPLITUDE,
  NOD_PERIOD_MS,
} from './renderer-choice';

test('WebGL when the preference is on (or not known yet) and the device has a graphics card; else the DOM', () => {
  expect(chooseRenderer({ webglDisabled: false, webgl: 'hardware' })).toBe('webgl');
  expect(chooseRenderer({ webglDisabled: undefined, webgl: 'hardware' })).toBe('webgl');
  expect(chooseRenderer({ webglDisabled: true, webgl: 'hardware' })).toBe('dom');
  expect(chooseRenderer({ webglDisabled: false, webgl: 'none' })).toBe('dom');
  expect(chooseRenderer({ webglDisabled: true, webgl: 'none' })).toBe('dom');
});

test('WebGL drawn in software (SwiftShader, llvmpipe) draws the stage in the DOM, preference or not', () => {
  expect(chooseRenderer({ webglDisabled: false, webgl: 'software' })).toBe('dom');
  expect(chooseRenderer({ webglDisabled: undefined, webgl: 'software' })).toBe('dom');
});

test('Animation off means a still room', () => {
  expect(motionAllowed(true)).toBe(false);
});

test('the idle bob goes up and comes back within its period, offset by phase', () => {
  expect(bobLift(0, 0)).toBeCloseTo(0);
  expect(bobLift(1000, 0)).toBeCloseTo(1);
  expect(bobLift(2000, 0)).toBeCloseTo(0);
  expect(bobLift(0, 0.5)).toBeCloseTo(1);
});

test('a head voted Awesome nods faster and higher than the idle bob', () => {
  expect(figureLift(NOD_PERIOD_MS / 2, 0, true)).toBeCloseTo(NOD_AMPLITUDE);
  expect(figureLift(NOD_PERIOD_MS, 0, true)).toBeCloseTo(0);
  expect(figureLift(NOD_PERIOD_MS / 2, 0, false)).toBeLessThan(BOB_AMPLITUDE);
  expect(figureLift(1000, 0, false)).toBeCloseTo(BOB_AMPLITUDE);
});
