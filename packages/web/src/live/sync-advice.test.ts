import { expect, test } from 'vitest';
import { playerMessages } from '@platter/contract';
import { LARGE_ERROR_FOR_MS } from './drift';
import type { SyncReadout } from './player';
import { syncAdvice } from './sync-advice';

const readout = (change: Partial<SyncReadout>): SyncReadout => ({
  status: 'playing',
  songid: 's1',
  offsetMs: 12,
  rttMs: 8,
  clockErrorMs: 2,
  errorMs: 3,
  position: 1_000,
  serverNow: 0,
  rate: 1,
  largeSince: null,
  stalledSince: null,
  ...change,
});

test('in sync, nothing is said; an error that stays large is explained by its direction', () => {
  expect(syncAdvice(readout({}), 100_000)).toBeNull();
  expect(syncAdvice(readout({ errorMs: -400, largeSince: 99_000 }), 100_000)).toBeNull();
  const long = 100_000 - LARGE_ERROR_FOR_MS;
  expect(syncAdvice(readout({ errorMs: -400, largeSince: long }), 100_000)).toBe(playerMessages.behind);
  expect(syncAdvice(readout({ errorMs: 400, largeSince: long }), 100_000)).toBe(playerMessages.ahead);
});

test('audio that does not load, or keeps stopping to load, is said so', () => {
  expect(syncAdvice(readout({ status: 'failed', errorMs: null }), 0)).toBe(playerMessages.audioFailed);
  expect(syncAdvice(readout({ stalledSince: 100_000 - LARGE_ERROR_FOR_MS }), 100_000)).toBe(playerMessages.stalled);
  expect(syncAdvice(readout({ stalledSince: 99_900 }), 100_000)).toBeNull();
});
