import { expect, test } from 'vitest';
import { roomMusicMessages as say } from './playback';

test("the room's music sentences name a song by its title and artist, or its title alone", () => {
  expect(say.started('Ada', say.songTitle('Blue Hour', 'The Tins'))).toBe('Ada started playing Blue Hour by The Tins');
  expect(say.skipped('Echo', say.songTitle('Blue Hour', ''))).toBe('Echo skipped Blue Hour');
  expect(say.lamed(say.unknownSong)).toBe('The crowd lamed the song off the stage');
  expect(say.playedBy('Ada')).toBe('Played by Ada');
});
