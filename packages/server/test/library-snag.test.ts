/**
 * snag.add (docs/music.md): a listener copies the playing song into their own
 * library and queue, once per play; the room hears `snagged`; the DJ cannot
 * snag their own song, nothing playing and not being in the room are refused.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { playbackMessages, roomMessages, type Credentials, type LiveEvent } from '@platter/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { aMember, aRoom, type TestRoom } from './support/factories';
import { failureOf } from './support/envelopes';
import { aSong, playingNow } from './support/library';
import { TestSocket } from './support/socket-client';
import { tinyPng } from './support/audio-files';

let t: TestApp;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await startTestApp();
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
