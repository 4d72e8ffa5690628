import { expect, test } from 'vitest';
import { roomMusicMessages as say, type PlayingSong, type RoomEvent, type RoomSnapshot } from '@platter/contract';
import { applyMusicEvent, musicNotice, musicOfSnapshot, silence, type RoomMusic } from './room-music';

const song = (playid: string, djid = 'dj'): PlayingSong => ({
  _id: `song-${playid}`,
  playid,
  djid,
  djname: 'Ada',
  metadata: { song: 'Blue Hour', artist: 'The Tins', album: 'Rain', coverart: null, length: 180 },
  starttime: 10_000,
  gain: -3,
  peaks: [0.5, 1],
});
const apply = (music: RoomMusic, ...events: RoomEvent[]) => events.reduce(applyMusicEvent, music);
const newsong = (playid: string): RoomEvent => ({ command: 'newsong', roomid: 'r1', current_song: song(playid) });
const vote = (userid: string, val: 'up' | 'down', up: number, down: number): RoomEvent => ({
  command: 'update_votes',
  roomid: 'r1',
  upvotes: up,
  downvotes: down,
  listeners: 3,
  votelog: [[userid, val]],
});
const modName = (id: string) => (id === 'mod' ? 'Echo' : 'A moderator');

test('a new song starts with no votes and no snags; a changed vote replaces the old', () => {
  let music = apply(silence, newsong('p1'), vote('b', 'up', 1, 0), vote('c', 'down', 1, 1));
  expect([music.upvotes, music.downvotes, [...music.votes]]).toEqual([
    1,
    1,
    [
      ['b', 'up'],
      ['c', 'down'],
    ],
  ]);
  music = apply(music, vote('b', 'down', 0, 2), { command: 'snagged', roomid: 'r1', userid: 'c', songid: 'song-p1' });
  expect([music.votes.get('b'), music.downvotes, music.snaggers]).toEqual(['down', 2, ['c']]);
  // Snagging twice is one heart.
  music = apply(music, { command: 'snagged', roomid: 'r1', userid: 'c', songid: 'song-p1' });
  expect(music.snaggers).toEqual(['c']);
  music = apply(music, newsong('p2'));
  expect([music.song?.playid, music.upvotes, music.votes.size, music.snaggers]).toEqual(['p2', 0, 0, []]);
});

test('a song ends with its own song_ended, or nosong; votes without a song change nothing', () => {
  let music = apply(silence, newsong('p1'));
  expect(apply(music, { command: 'song_ended', roomid: 'r1', playid: 'p0', reason: 'played', modid: null })).toBe(
    music,
  );
  music = apply(music, { command: 'song_ended', roomid: 'r1', playid: 'p1', reason: 'played', modid: null });
  expect(music).toBe(silence);
  expect(apply(silence, vote('b', 'up', 1, 0))).toBe(silence);
  expect(apply(apply(silence, newsong('p3')), { command: 'nosong', roomid: 'r1' })).toBe(silence);
});

test('the snapshot brings the song, its votes and snaggers; nothing playing is silence', () => {
  const base = {
    users: [],
    djids: [],
    chat: [],
    muted_until: null,
    mutes: {},
    seq: 1,
    current_song: null,
    votes: { upvotes: 0, downvotes: 0, votelog: [] },
    snaggers: [],
  } as unknown as RoomSnapshot;
  expect(musicOfSnapshot(base)).toBe(silence);
  const music = musicOfSnapshot({
    ...base,
    current_song: song('p1'),
    votes: { upvotes: 2, downvotes: 0, votelog: [['b', 'up']] },
    snaggers: ['b'],
  });
  expect([music.song?.playid, music.upvotes, music.votes.get('b'), music.snaggers]).toEqual(['p1', 2, 'up', ['b']]);
});

test('the feed reads who started, skipped or lamed what', () => {
  const blueHour = say.songTitle('Blue Hour', 'The Tins');
  const playing = apply(silence, newsong('p1'));
  expect(musicNotice(silence, newsong('p1'), modName)).toBe(say.started('Ada', blueHour));
  // A song without an artist (an untagged file) reads as its title alone.
  const untagged = { ...song('p9'), metadata: { ...song('p9').metadata, artist: '' } };
  expect(musicNotice(silence, { command: 'newsong', roomid: 'r1', current_song: untagged }, modName)).toBe(
    say.started('Ada', 'Blue Hour'),
  );
  const ended = (reason: 'played' | 'skipped' | 'lamed' | 'left', modid: string | null): RoomEvent => ({
    command: 'song_ended',
    roomid: 'r1',
    playid: 'p1',
    reason,
    modid,
  });
  expect(musicNotice(playing, ended('skipped', null), modName)).toBe(say.skipped('Ada', blueHour));
  expect(musicNotice(playing, ended('skipped', 'dj'), modName)).toBe(say.skipped('Ada', blueHour));
  expect(musicNotice(playing, ended('skipped', 'mod'), modName)).toBe(say.skipped('Echo', blueHour));
  expect(musicNotice(playing, ended('lamed', null), modName)).toBe(say.lamed(blueHour));
  expect(musicNotice(playing, ended('played', null), modName)).toBeNull();
  expect(musicNotice(playing, ended('left', null), modName)).toBeNull();
  expect(musicNotice(silence, ended('lamed', null), modName)).toBe(say.lamed(say.unknownSong));
});
