import { expect, test } from 'vitest';
import type { DirectoryRoom } from '@platter/contract';
import { withCounts } from './use-rooms';

const tile = (roomid: string, listeners: number): DirectoryRoom => ({
  roomid,
  shortcut: roomid,
  name: roomid,
  theme: null,
  metadata: { max_djs: 5, djcount: 0, listeners, featured: false, current_song: null },
  friends: [],
  current: false,
});

test("a room's new counts change its tile in place; a page without it stays the same object", () => {
  const page = { rooms: [tile('a', 1), tile('b', 2)] };
  const counts = { command: 'room_counts' as const, roomid: 'b', listeners: 7, djcount: 2, max_djs: 4 };
  const next = withCounts(page, counts);
  expect(next.rooms.map((room) => [room.roomid, room.metadata.listeners, room.metadata.djcount])).toEqual([
    ['a', 1, 0],
    ['b', 7, 2],
  ]);
  expect(next.rooms[0]).toBe(page.rooms[0]);
  const other = { rooms: [tile('c', 3)] };
  expect(withCounts(other, counts)).toBe(other);
});

test("a room's new song changes its tile; counts without a song leave the tile's song as it was", () => {
  const song = { coverart: '/media/covers/c.jpg', artist: 'The Tins', song: 'Blue Hour', played: 5 };
  const counts = { command: 'room_counts' as const, roomid: 'a', listeners: 1, djcount: 1, max_djs: 5 };
  let page = withCounts({ rooms: [tile('a', 1)] }, { ...counts, current_song: song });
  expect(page.rooms[0]?.metadata.current_song).toEqual(song);
  page = withCounts(page, counts);
  expect(page.rooms[0]?.metadata.current_song).toEqual(song);
  page = withCounts(page, { ...counts, current_song: null });
  expect(page.rooms[0]?.metadata.current_song).toBeNull();
});
