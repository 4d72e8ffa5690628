/**
 * The demo's MP3 cache: a second start reads the very bytes the first one made, keyed by the
 * audio's inputs, keeping only the current key's files; a cache out of reach still gives the track.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEMO_TRACKS, demoTrackMp3 } from '.';
import { cachedDemoTrackMp3, demoMusicKey } from './cache';

const track = DEMO_TRACKS[0]!;
let dir: string;
let expected: Buffer;
beforeAll(async () => {
  dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'platter-music-cache-'));
  expected = await demoTrackMp3(track);
});
afterAll(() => fs.promises.rm(dir, { recursive: true, force: true }));

test('the first call makes the track and keeps it under the current key; the next reads it back', async () => {
  const stale = path.join(dir, 'made-from-older-sources');
  await fs.promises.mkdir(stale);

  const made = await cachedDemoTrackMp3(track, dir);
  expect(made.equals(expected)).toBe(true);
  expect(demoMusicKey()).toMatch(/^[0-9a-f]{32}$/);
  expect(await fs.promises.readdir(dir)).toEqual([demoMusicKey()]);
  const [kept] = await fs.promises.readdir(path.join(dir, demoMusicKey()));
  expect(kept).toMatch(/^[0-9a-f]{16}\.mp3$/);

  // What the cache holds is what is served: a changed file proves the second call read it.
  const file = path.join(dir, demoMusicKey(), kept!);
  await fs.promises.writeFile(file, Buffer.from('cached bytes'));
  expect(String(await cachedDemoTrackMp3(track, dir))).toBe('cached bytes');
});

test('a cache that cannot be written still gives the track', async () => {
  // A regular file where the folder should be: nothing can be made under it.
  const blocked = path.join(dir, 'not-a-folder');
  await fs.promises.writeFile(blocked, '');
  const mp3 = await cachedDemoTrackMp3(track, blocked);
  expect(mp3.equals(expected)).toBe(true);
});
