/**
 * Awesome and Lame over real sockets (docs/room.md, "Music in the room"): once per listener per
 * song, changeable; no vote on one's own song, from outside the room, or for a song that ended
 * (songid, ttapi's vh); a listener's first Awesome earns the DJ one point, for good; enough Lame
 * votes skip the song. The room hears votes at most once in VOTE_UPDATE_MS of its clock (a
 * vote after a quiet spell at once): these tests move the clock on where they wait for the next.
 * Floods and the limit on changes: playback-vote-flood.test.ts.
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { playbackMessages, VOTE_UPDATE_MS, type Credentials } from '@platter/contract';
import type { TestApp } from './support/test-app';
import { musicRoomApp } from './support/music-room-app';
import { aGuest, aMember, aRoom } from './support/factories';
import { aSong } from './support/music';
import { eventsUntil } from './support/room-pages';

const music = musicRoomApp();
const { inRoom } = music;
let t: TestApp;
beforeAll(() => {
  t = music.t;
});

/** A room whose DJ plays a song, watched by its owner, with `crowd` more members in it. */
async function aPlayingRoom(crowd: number) {
  const owner = await aMember(t);
  const room = await aRoom(t, owner);
  const dj = await aMember(t);
  const songId = await aSong(t, dj);
  await aSong(t, dj);
  const watching = await inRoom(owner, room.roomid);
  const djPage = await inRoom(dj, room.roomid);
  await djPage.socket.ok('room.add_dj', { roomid: room.roomid });
  await eventsUntil(watching.socket, room.roomid, 'newsong');
  const listeners = [];
  for (let n = 0; n < crowd; n++) {
    const member = await aMember(t);
    listeners.push({ member, ...(await inRoom(member, room.roomid)) });
  }
  return { owner, room, dj, djPage, songId, watching, listeners };
}

async function pointsOf(who: Credentials) {
  const row = await t.app.services.db
    .selectFrom('users')
    .select('points')
    .where('id', '=', who.userid)
    .executeTakeFirstOrThrow();
  return Number(row.points);
}

describe('votes', () => {
  test('one vote per listener per song, which they may change; the room hears the counts', async () => {
    const { room, songId, watching, listeners } = await aPlayingRoom(2);
    const [first, second] = listeners;
    await first!.socket.ok('room.vote', { roomid: room.roomid, val: 'up', songid: songId });
    const up = await eventsUntil(watching.socket, room.roomid, 'update_votes');
    expect(up.last).toMatchObject({ upvotes: 1, downvotes: 0, listeners: 4, votelog: [[first!.member.userid, 'up']] });
    // The same vote again changes nothing and tells nobody.
    await first!.socket.ok('room.vote', { roomid: room.roomid, val: 'up' });
    await second!.socket.ok('room.vote', { roomid: room.roomid, val: 'up' });
    // Within the window after the first: told when it ends.
    music.advance(VOTE_UPDATE_MS);
    expect((await eventsUntil(watching.socket, room.roomid, 'update_votes')).last).toMatchObject({
      upvotes: 2,
      downvotes: 0,
      votelog: [[second!.member.userid, 'up']],
    });
    music.advance(1000);
    await first!.socket.ok('room.vote', { roomid: room.roomid, val: 'down' });
    expect((await eventsUntil(watching.socket, room.roomid, 'update_votes')).last).toMatchObject({
      upvotes: 1,
      downvotes: 1,
    });
    // A page joining now sees the votes as they stand.
    const late = await inRoom(await aMember(t), room.roomid);
    expect(late.snapshot.votes).toEqual({
      upvotes: 1,
      downvotes: 1,
      votelog: [
        [second!.member.userid, 'up'],
        [first!.member.userid, 'down'],
      ],
    });
    const { songs } = await t.ok('room.history', { roomid: room.roomid });
    expect([songs[0]?.upvotes, songs[0]?.downvotes]).toEqual([1, 1]);
  });

  test('refused: the DJ on their own song, someone not in the room, a guest, nothing playing, a bad val', async () => {
    const { owner, room, dj, djPage } = await aPlayingRoom(0);
    expect(await djPage.socket.call('room.vote', { roomid: room.roomid, val: 'up' })).toEqual([
      false,
      { err: playbackMessages.ownSong, errcode: 'forbidden' },
    ]);
    expect(await t.call('room.vote', { roomid: room.roomid, val: 'up' }, await aMember(t))).toEqual([
      false,
      { err: playbackMessages.notInRoom, errcode: 'forbidden' },
    ]);
    const guest = await aGuest(t);
    await inRoom(guest, room.roomid);
    expect(await t.call('room.vote', { roomid: room.roomid, val: 'up' }, guest)).toEqual([
      false,
      { err: 'Please sign up or log in to do that.', errcode: 'members_only' },
    ]);
    expect(await t.call('room.vote', { roomid: room.roomid, val: 'sideways' }, owner)).toEqual([
      false,
      { err: playbackMessages.voteInvalid, errcode: 'invalid' },
    ]);
    await djPage.socket.ok('room.rem_dj', { roomid: room.roomid });
    expect(await t.call('room.vote', { roomid: room.roomid, val: 'up' }, owner)).toEqual([
      false,
      { err: playbackMessages.nothingPlaying, errcode: 'conflict' },
    ]);
    expect(await pointsOf(dj)).toBe(0);
  });

  test('a vote pinned to a song (songid, or ttapi’s vh) must name the one playing; th and ph must be sha1 hex', async () => {
    const { owner, room, songId, watching } = await aPlayingRoom(0);
    const vh = (val: string, song: string) => createHash('sha1').update(`${room.roomid}${val}${song}`).digest('hex');
    const stale = [false, { err: playbackMessages.voteStale, errcode: 'conflict' }];
    expect(await t.call('room.vote', { roomid: room.roomid, val: 'up', songid: 'gone' }, owner)).toEqual(stale);
    expect(await t.call('room.vote', { roomid: room.roomid, val: 'up', vh: vh('up', 'gone') }, owner)).toEqual(stale);
    // The hash covers the vote too: one made for Lame does not carry an Awesome.
    expect(await t.call('room.vote', { roomid: room.roomid, val: 'up', vh: vh('down', songId) }, owner)).toEqual(stale);
    // th and ph are sha1 hex of random values (ttapi's): their shape is checked, nothing more.
    const random = () => createHash('sha1').update(String(Math.random())).digest('hex');
    const malformed = [false, { err: playbackMessages.voteHashInvalid, errcode: 'invalid' }];
    for (const [th, ph] of [
      ['x', random()],
      [random(), 'y'],
      [random().slice(1), random()],
      [random(), `${random().slice(1)}g`],
    ]) {
      const vote = { roomid: room.roomid, val: 'up', vh: vh('up', songId), th, ph };
      expect(await t.call('room.vote', vote, owner), `${th} ${ph}`).toEqual(malformed);
    }
    await t.ok(
      'room.vote',
      { roomid: room.roomid, val: 'up', vh: vh('up', songId), th: random(), ph: random().toUpperCase() },
      owner,
    );
    expect((await eventsUntil(watching.socket, room.roomid, 'update_votes')).last.upvotes).toBe(1);
  });
});

describe('points', () => {
  test('a listener’s first Awesome earns the DJ one point, for good: up, down, up again is one point', async () => {
    const { room, dj, watching, listeners } = await aPlayingRoom(2);
    const [fan, other] = listeners;
    await fan!.socket.ok('room.vote', { roomid: room.roomid, val: 'up' });
    const told = await eventsUntil(watching.socket, room.roomid, 'update_user');
    expect(told.events.slice(-2).map((event) => event.command)).toEqual(['update_votes', 'update_user']);
    expect(told.last).toMatchObject({ userid: dj.userid, user: { points: 1 } });
    await fan!.socket.ok('room.vote', { roomid: room.roomid, val: 'down' });
    await fan!.socket.ok('room.vote', { roomid: room.roomid, val: 'up' });
    // Told together when the window ends; Awesome again gives no point (no update_user).
    music.advance(VOTE_UPDATE_MS);
    const again = await eventsUntil(watching.socket, room.roomid, 'update_votes');
    expect(again.events.map((event) => event.command)).toEqual(['update_votes']);
    expect(again.last.votelog).toEqual([[fan!.member.userid, 'up']]);
    expect(await pointsOf(dj)).toBe(1);
    // A Lame first gives nothing; the Awesome after it gives the point.
    await other!.socket.ok('room.vote', { roomid: room.roomid, val: 'down' });
    await other!.socket.ok('room.vote', { roomid: room.roomid, val: 'up' });
    expect((await eventsUntil(watching.socket, room.roomid, 'update_user')).last.user.points).toBe(2);
    expect(await pointsOf(dj)).toBe(2);
    // The room's DJ points (the Best DJs sort) follow.
    const row = await t.app.services.db
      .selectFrom('rooms')
      .select('djPoints')
      .where('id', '=', room.roomid)
      .executeTakeFirstOrThrow();
    expect(Number(row.djPoints)).toBe(2);
  });
});

describe('lame skip', () => {
  test('a song is skipped when Lame votes pass half the listeners off the stage, and at least two', async () => {
    // Off the stage: the owner and three listeners (4); skipped at 3 Lame votes (more than 2).
    const { owner, room, watching, listeners } = await aPlayingRoom(3);
    const playing = await t.ok('room.info', { roomid: room.roomid });
    await listeners[0]!.socket.ok('room.vote', { roomid: room.roomid, val: 'down' });
    await listeners[1]!.socket.ok('room.vote', { roomid: room.roomid, val: 'down' });
    expect((await eventsUntil(watching.socket, room.roomid, 'update_votes')).last.downvotes).toBe(1);
    music.advance(VOTE_UPDATE_MS);
    expect((await eventsUntil(watching.socket, room.roomid, 'update_votes')).last.downvotes).toBe(2);
    expect((await t.ok('room.info', { roomid: room.roomid })).current_song?.playid).toBe(playing.current_song?.playid);
    // Within the window after the last: the skip tells it anyway, before the song ends.
    await t.ok('room.vote', { roomid: room.roomid, val: 'down' }, owner);
    const skipped = await eventsUntil(watching.socket, room.roomid, 'newsong');
    expect(skipped.events.map((event) => event.command)).toEqual(['update_votes', 'song_ended', 'newsong']);
    expect(skipped.events[0]).toMatchObject({ downvotes: 3, votelog: [[owner.userid, 'down']] });
    expect(skipped.events[1]).toMatchObject({ playid: playing.current_song?.playid, reason: 'lamed', modid: null });
    // The next song starts with no votes.
    expect((await inRoom(await aMember(t), room.roomid)).snapshot.votes.upvotes).toBe(0);
    const { songs } = await t.ok('room.history', { roomid: room.roomid });
    expect([songs[1]?.ended, songs[1]?.downvotes]).toEqual(['lamed', 3]);
  });

  test('guests in the room, who cannot vote, do not hold a lame skip back: the share counts members', async () => {
    // Off the stage: the owner, a listener and three guests. The two members' Lame votes are
    // all the votes the room can give, and more than half of its two voters: skipped.
    const { owner, room, watching, listeners } = await aPlayingRoom(1);
    for (let n = 0; n < 3; n++) await inRoom(await aGuest(t), room.roomid);
    const playing = await t.ok('room.info', { roomid: room.roomid, extended: true });
    expect(playing.users?.filter((user) => !user.registered)).toHaveLength(3);
    await listeners[0]!.socket.ok('room.vote', { roomid: room.roomid, val: 'down' });
    expect((await eventsUntil(watching.socket, room.roomid, 'update_votes')).last.downvotes).toBe(1);
    await t.ok('room.vote', { roomid: room.roomid, val: 'down' }, owner);
    const skipped = await eventsUntil(watching.socket, room.roomid, 'newsong');
    expect(skipped.events.map((event) => event.command)).toEqual(['update_votes', 'song_ended', 'newsong']);
    expect(skipped.events[1]).toMatchObject({ playid: playing.current_song?.playid, reason: 'lamed' });
  });

  test('one Lame in a room of two does not skip', async () => {
    const { room, watching, listeners } = await aPlayingRoom(1);
    await listeners[0]!.socket.ok('room.vote', { roomid: room.roomid, val: 'down' });
    expect((await eventsUntil(watching.socket, room.roomid, 'update_votes')).last.downvotes).toBe(1);
    expect((await t.ok('room.info', { roomid: room.roomid })).current_song).not.toBeNull();
  });
});
