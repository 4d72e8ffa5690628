import { expect, test } from 'vitest';
import { bobLift, chooseRenderer, motionAllowed } from './renderer-choice';

test('WebGL when the preference is on (or not known yet) and the browser can; else the DOM', () => {
  expect(chooseRenderer({ webglDisabled: false, webglAvailable: true })).toBe('webgl');
  expect(chooseRenderer({ webglDisabled: undefined, webglAvailable: true })).toBe('webgl');
  expect(chooseRenderer({ webglDisabled: true, webglAvailable: true })).toBe('dom');
  expect(chooseRenderer({ webglDisabled: false, webglAvailable: false })).toBe('dom');
  expect(chooseRenderer({ webglDisabled: true, webglAvailable: false })).toBe('dom');
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
