/**
 * A room's new song reaches the lobby live (docs/music.md): tiles following the counts
 * (room.follow_counts) hear it with the room's counts, and a friends panel showing the
 * room gets a fresh graph with it. A room the panel does not show does not redraw it.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { becomeFanOf } from '../src/features/fans/store';
import { enterRoom } from '../src/features/rooms/membership';
import { playSong } from '../src/features/rooms/now-playing';
import { startTestApp, type TestApp } from './support/test-app';
import { aMember, aRoom } from './support/factories';
import { TestSocket } from './support/socket-client';

/** Longer than the friends panel's debounce (300 ms), with room to spare. */
const QUIET_MS = 800;
let t: TestApp;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await t.close();
});

const song = { artist: 'The Tins', title: 'Blue Hour', coverart: '/media/covers/blue.svg' };

test('lobby tiles hear a new song with the counts, and silence as null', async () => {
  const owner = await aMember(t);
  const room = await aRoom(t, owner);
  const lobby = await TestSocket.welcomed(t, await aMember(t));
  sockets.push(lobby);
  await lobby.ok('room.follow_counts', {});
  await playSong(t.app.services, room.roomid, song);
  const { event } = await lobby.nextEvent('room_counts');
  expect(event).toEqual({
    command: 'room_counts',
    roomid: room.roomid,
    listeners: 0,
    djcount: 0,
    max_djs: expect.any(Number),
    current_song: {
      artist: 'The Tins',
      song: 'Blue Hour',
      coverart: '/media/covers/blue.svg',
      played: expect.any(Number),
    },
  });
  await playSong(t.app.services, room.roomid, null);
  expect((await lobby.nextEvent('room_counts')).event).toMatchObject({ roomid: room.roomid, current_song: null });
});

test("a friends panel showing the room redraws with its new song; another room's song leaves it be", async () => {
  const member = await aMember(t);
  const buddy = await aMember(t);
  const [room, elsewhere] = [await aRoom(t, buddy), await aRoom(t, buddy)];
  await becomeFanOf(t.app.services, member.userid, buddy.userid);
  await enterRoom(t.app.services, buddy.userid, room.roomid);
  const panel = await TestSocket.connect(t, member);
  sockets.push(panel);
  await panel.nextGraph();
  await playSong(t.app.services, room.roomid, song);
  const graph = await panel.nextGraph();
  expect(graph.rooms.map(([shown]) => [shown.roomid, shown.metadata.current_song?.song])).toEqual([
    [room.roomid, 'Blue Hour'],
  ]);
  await playSong(t.app.services, elsewhere.roomid, song);
  expect(await panel.quietFor(QUIET_MS)).toEqual([]);
});
