import { expect, test } from 'vitest';
import { songLine } from './friends-panel';

test('a friend’s room reads "Artist – Song", or the song alone when no artist is known', () => {
  expect(songLine({ artist: 'The Tins', song: 'Blue Hour' })).toBe('The Tins – Blue Hour');
  expect(songLine({ artist: '', song: 'Phone Tone D' })).toBe('Phone Tone D');
  expect(songLine({ artist: '  ', song: 'Phone Tone D' })).toBe('Phone Tone D');
});
