/**
 * The directory graph (spec §3): the public rooms where a member's buddies
 * are, each with those buddies, ordered by how many there are, then by how
 * many come from the first social provider, then by hotness.
 */
import type { Buddy, Room } from '@platter/contract';
import type { Db } from '../../db/database';
import { roomView } from './room-view';
import { buddiesInRooms, FIRST_SOCIAL_PROVIDER } from './buddies';
import { roomsByIds } from './store';

export async function directoryGraph(db: Db, userId: string): Promise<[Room, Buddy[]][]> {
  const buddies = await buddiesInRooms(db, userId);
  const rooms = await roomsByIds(db, [...new Set(buddies.map((b) => b.roomId))]);
  const rank = (roomId: string) => {
    const here = buddies.filter((b) => b.roomId === roomId);
    return { total: here.length, first: here.filter((b) => b.provider === FIRST_SOCIAL_PROVIDER).length };
  };
  return rooms
    .map((room) => ({ room, ...rank(room.id) }))
    .sort((a, b) => b.total - a.total || b.first - a.first || b.room.hotness - a.room.hotness)
    .map(({ room }) => [
      roomView(room),
      buddies.filter((b) => b.roomId === room.id).map(({ roomId: _r, provider: _p, ...entry }) => entry),
    ]);
}
