/**
 * Music through the ttapi gateway with the real `ttapi` package: a bot DJs a
 * song from its playlist (newsong in turntable's shape, room.metadata), another
 * votes with ttapi's own vh/th/ph hashes (update_votes, the DJ's point), a vote
 * with a stale hash, or with th/ph not shaped as sha1 hex, is refused, the
 * listener snags, the DJ skips to its next song and steps down (nosong).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { playbackMessages } from '@platter/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { aBot, aMember, aRoom, type Member, type TestRoom } from './support/factories';
import { anMp3, uploaded } from './support/library';
import { nextFrom, request, stopBot, ttapiBot, viaBot, type TtapiBot } from './support/ttapi-bot';

interface TurntableRoom {
  room: { metadata: Record<string, unknown> & { current_song: { _id: string; djid: string } | null } };
}

describe('ttapi bots and the music', () => {
  let t: TestApp;
  let room: TestRoom;
  let djMember: Member;
  let listenerMember: Member;
  let dj: TtapiBot;
  let listener: TtapiBot;
  const songs: string[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    const owner = await aMember(t);
    room = await aRoom(t, owner);
    djMember = await aBot(t);
    listenerMember = await aBot(t);
    // Long enough not to end by themselves while the test runs.
    for (const title of ['First Light', 'Second Wind'])
      songs.push((await uploaded(t, djMember, anMp3({ title }, { seconds: 30 })))._id);
    dj = ttapiBot(t, djMember.userid, djMember.userauth, room.roomid);
    await nextFrom(dj, 'roomChanged');
    listener = ttapiBot(t, listenerMember.userid, listenerMember.userauth, room.roomid);
    await nextFrom(listener, 'roomChanged');
  });
  afterAll(async () => {
    stopBot(dj);
    stopBot(listener);
    await t.close();
  });

  test('a bot steps up and plays the first song of its playlist: newsong as turntable sent it', async () => {
    const heard = nextFrom(listener, 'newsong');
    expect(await viaBot(dj, 'addDj')).toMatchObject({ success: true });
    const newsong = (await heard) as unknown as TurntableRoom;
    expect(newsong.room.metadata.current_dj).toBe(djMember.userid);
    expect(newsong.room.metadata.current_song).toMatchObject({
      _id: songs[0],
      djid: djMember.userid,
      metadata: { song: 'First Light' },
    });
    // room.info agrees, as bots read it after registering.
    const info = (await viaBot(listener, 'roomInfo')) as unknown as TurntableRoom;
    expect(info.room.metadata).toMatchObject({ current_dj: djMember.userid, current_song: { _id: songs[0] } });
  });

  test("a listener votes with ttapi's hashes: update_votes in room.metadata, and the DJ's point", async () => {
    const heard = nextFrom(dj, 'update_votes');
    expect(await viaBot(listener, 'vote', 'up')).toMatchObject({ success: true });
    const votes = (await heard) as unknown as TurntableRoom;
    expect(votes.room.metadata).toMatchObject({
      upvotes: 1,
      downvotes: 0,
      votelog: [[listenerMember.userid, 'up']],
    });
    const me = await request(dj, { api: 'user.info' });
    expect(me).toMatchObject({ success: true, points: 1 });
    // A bot that reads the room (as ttapi does after registering) finds the song's votes where turntable kept them.
    const info = (await viaBot(dj, 'roomInfo')) as unknown as TurntableRoom;
    expect(info.room.metadata).toMatchObject({ upvotes: 1, downvotes: 0, votelog: [[listenerMember.userid, 'up']] });
  });

  test('a vote whose vh names another song is refused; the DJ cannot vote on its own song', async () => {
    expect(
      await request(listener, {
        api: 'room.vote',
        roomid: room.roomid,
        val: 'down',
        vh: '0'.repeat(40),
        th: 'a'.repeat(40),
        ph: 'b'.repeat(40),
      }),
    ).toMatchObject({ success: false, err: playbackMessages.voteStale });
    // th and ph, ttapi's sha1 hex of random values, must look like one.
    const { currentSongId } = listener;
    const vh = createHash('sha1').update(`${room.roomid}down${currentSongId}`).digest('hex');
    for (const [th, ph] of [
      ['not a hash', 'b'.repeat(40)],
      ['a'.repeat(40), 'b'.repeat(39)],
    ])
      expect(await request(listener, { api: 'room.vote', roomid: room.roomid, val: 'down', vh, th, ph })).toEqual({
        msgid: expect.any(Number) as number,
        success: false,
        err: playbackMessages.voteHashInvalid,
        errcode: 'invalid',
      });
    expect(await viaBot(dj, 'vote', 'up')).toMatchObject({ success: false, err: playbackMessages.ownSong });
  });

  test('the listener snags the song: the DJ hears snagged', async () => {
    const heard = nextFrom(dj, 'snagged');
    expect(await viaBot(listener, 'snag')).toMatchObject({
      success: true,
      song: { metadata: { song: 'First Light' } },
    });
    expect(await heard).toMatchObject({ userid: listenerMember.userid, roomid: room.roomid });
  });

  test('the DJ skips: its next song plays; it steps down: nosong', async () => {
    const next = nextFrom(listener, 'newsong');
    expect(await viaBot(dj, 'stopSong')).toMatchObject({ success: true });
    const newsong = (await next) as unknown as TurntableRoom;
    expect(newsong.room.metadata.current_song).toMatchObject({ _id: songs[1], metadata: { song: 'Second Wind' } });

    const quiet = nextFrom(listener, 'nosong');
    expect(await viaBot(dj, 'remDj')).toMatchObject({ success: true });
    expect(await quiet).toMatchObject({ command: 'nosong', room: { metadata: { current_song: null } } });
  });
});
