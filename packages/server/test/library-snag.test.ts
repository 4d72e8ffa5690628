/**
 * snag.add (docs/music.md): a listener copies the playing song into their own
 * library and queue, once per play; the room hears `snagged`; the DJ cannot
 * snag their own song, nothing playing and not being in the room are refused.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { libraryMessages, playbackMessages, roomMessages, type Credentials, type LiveEvent } from '@platter/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { aMember, aRoom, type TestRoom } from './support/factories';
import { failureOf } from './support/envelopes';
import { aSong, playingNow } from './support/library';
import { TestSocket } from './support/socket-client';
import { tinyPng } from './support/audio-files';

let t: TestApp;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  // Plays are made by hand (playingNow) with 1 s songs: no sweep ends them while a busy machine runs the test.
  t = await startTestApp({}, undefined, { timeline: false });
});
afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await t.close();
});

async function inRoom(who: Credentials, room: TestRoom) {
  const socket = await TestSocket.welcomed(t, who);
  sockets.push(socket);
  await socket.ok('room.register', { roomid: room.roomid });
  return socket;
}

async function heard<C extends LiveEvent['command']>(socket: TestSocket, room: TestRoom, command: C) {
  for (;;) {
    const { event } = await socket.nextEvent(`room:${room.roomid}`);
    if (event.command === command) return event as Extract<LiveEvent, { command: C }>;
  }
}

describe('snag.add', () => {
  test('copies the playing song into the listener’s library and queue, once per play', async () => {
    const dj = await aMember(t);
    const room = await aRoom(t, dj);
    const song = await aSong(t, dj, {
      title: 'Snag me',
      artist: 'The DJ',
      album: 'Hearts',
      picture: { mime: 'image/png', data: tinyPng },
    });
    const listener = await aMember(t);
    const watching = await inRoom(dj, room);
    const listening = await inRoom(listener, room);
    const playId = await playingNow(t, room.roomid, dj, song);
    const mine = await aSong(t, listener);

    const { song: copy } = await listening.ok('snag.add', { roomid: room.roomid, songid: song._id, site: 'queue' });
    expect(copy._id).not.toBe(song._id);
    expect(copy.metadata).toEqual(song.metadata);
    expect(copy.size).toBe(song.size);
    expect(await heard(watching, room, 'snagged')).toEqual({
      command: 'snagged',
      roomid: room.roomid,
      userid: listener.userid,
      songid: song._id,
    });
    expect((await t.ok('playlist.all', {}, listener)).list.map((s) => s._id)).toEqual([mine._id, copy._id]);

    // Again (over HTTP too): the copy they have, counted once.
    const again = await t.ok('snag.add', { roomid: room.roomid }, listener);
    expect(again.song._id).toBe(copy._id);
    expect((await t.ok('library.list', {}, listener)).total).toBe(2);
    const { db } = t.app.services;
    expect(
      (await db.selectFrom('roomPlays').select('snags').where('id', '=', playId).executeTakeFirstOrThrow()).snags,
    ).toBe(1);

    // The copy is theirs: renaming it leaves the DJ's song alone.
    await t.ok('library.edit', { songid: copy._id, song: 'My name for it' }, listener);
    expect((await t.ok('playlist.all', {}, dj)).list[0]!.metadata.song).toBe('Snag me');
  });

  test('the DJ’s own song, nothing playing, not in the room: refused', async () => {
    const dj = await aMember(t);
    const room = await aRoom(t, dj);
    const song = await aSong(t, dj);
    const listener = await aMember(t);
    await inRoom(dj, room);
    await inRoom(listener, room);
    expect(failureOf(await t.call('snag.add', { roomid: room.roomid }, listener))).toEqual({
      err: playbackMessages.nothingPlaying,
      errcode: 'conflict',
    });
    await playingNow(t, room.roomid, dj, song);
    expect(failureOf(await t.call('snag.add', { roomid: room.roomid }, dj)).err).toBe(playbackMessages.snagOwn);
    const outsider = await aMember(t);
    expect(failureOf(await t.call('snag.add', { roomid: room.roomid }, outsider))).toEqual({
      err: playbackMessages.snagNotInRoom,
      errcode: 'forbidden',
    });
    expect((await t.ok('library.list', {}, outsider)).total).toBe(0);
  });
  test('the room named by its shortcut; an unknown room is refused', async () => {
    const dj = await aMember(t);
    const room = await aRoom(t, dj);
    const song = await aSong(t, dj, { title: 'By shortcut' });
    const listener = await aMember(t);
    await inRoom(dj, room);
    const socket = await inRoom(listener, room);
    await playingNow(t, room.roomid, dj, song);
    const { song: copy } = await t.ok('snag.add', { roomid: room.shortcut }, listener);
    expect(copy.metadata.song).toBe('By shortcut');
    expect(await heard(socket, room, 'snagged')).toMatchObject({ roomid: room.roomid, userid: listener.userid });
    expect(failureOf(await t.call('snag.add', { roomid: 'no-such-room' }, listener))).toEqual({
      err: roomMessages.broken,
      errcode: 'not_found',
    });
  });
});

/** The play's snag count. */
async function snagsOf(playId: string): Promise<number> {
  const { db } = t.app.services;
  return (await db.selectFrom('roomPlays').select('snags').where('id', '=', playId).executeTakeFirstOrThrow()).snags;
}

describe("turntable's snag: playlist.add of the playing song, and snag.add", () => {
  async function aPlayingRoom(title: string) {
    const dj = await aMember(t);
    const room = await aRoom(t, dj);
    const song = await aSong(t, dj, { title });
    const listener = await aMember(t);
    const watching = await inRoom(dj, room);
    await inRoom(listener, room);
    const playId = await playingNow(t, room.roomid, dj, song);
    const mine = await aSong(t, listener);
    return { dj, room, song, listener, watching, playId, mine };
  }
  const queue = async (who: Credentials) => (await t.ok('playlist.all', {}, who)).list.map((s) => s._id);

  test('playlist.add first: a copy where it was asked, no snag; the snag then counts and makes no second copy', async () => {
    const { room, song, listener, watching, playId, mine } = await aPlayingRoom('Add then snag');
    await t.ok('playlist.add', { playlist_name: 'default', song_dict: { fileid: song._id }, index: 0 }, listener);
    const [copyId] = await queue(listener);
    expect(copyId).not.toBe(song._id);
    expect(await queue(listener)).toEqual([copyId, mine._id]);
    expect((await t.ok('library.list', {}, listener)).songs.find((s) => s._id === copyId)?.metadata.song).toBe(
      'Add then snag',
    );
    expect(await snagsOf(playId)).toBe(0);
    // Again: the copy they have stays the one copy.
    await t.ok('playlist.add', { song_dict: { fileid: song._id }, index: 1 }, listener);
    expect(await queue(listener)).toEqual([mine._id, copyId]);

    const { song: snagged } = await t.ok('snag.add', { roomid: room.roomid }, listener);
    expect(snagged._id).toBe(copyId);
    expect(await heard(watching, room, 'snagged')).toMatchObject({ userid: listener.userid, songid: song._id });
    expect(await snagsOf(playId)).toBe(1);
    expect((await t.ok('library.list', {}, listener)).total).toBe(2);
    expect(await queue(listener)).toEqual([mine._id, copyId]);
  });

  test('snag.add first: playlist.add then places the copy the snag made, and makes no other', async () => {
    const { room, song, listener, playId, mine } = await aPlayingRoom('Snag then add');
    const { song: copy } = await t.ok('snag.add', { roomid: room.roomid }, listener);
    expect(await queue(listener)).toEqual([mine._id, copy._id]);
    await t.ok('playlist.add', { playlist_name: 'default', song_dict: { fileid: song._id }, index: 0 }, listener);
    expect(await queue(listener)).toEqual([copy._id, mine._id]);
    expect((await t.ok('library.list', {}, listener)).total).toBe(2);
    expect(await snagsOf(playId)).toBe(1);
  });

  test("someone else's song that is not playing where the caller is: refused", async () => {
    const { dj, song, listener } = await aPlayingRoom('Not here');
    const notPlaying = await aSong(t, dj);
    const outsider = await aMember(t);
    for (const [who, fileid] of [
      [listener, notPlaying._id],
      [outsider, song._id],
    ] as const) {
      expect(failureOf(await t.call('playlist.add', { song_dict: { fileid } }, who))).toEqual({
        err: libraryMessages.notPlayingHere,
        errcode: 'not_found',
      });
    }
    expect((await t.ok('library.list', {}, outsider)).total).toBe(0);
    expect((await t.ok('library.list', {}, listener)).total).toBe(1);
  });
});
