import type { DirectoryRoom } from '@platter/contract';
import type { HandlerGroup } from '../../api/context';
import { errors } from '../../api/errors';
import type { Db } from '../../db/database';
import type { RoomRow } from '../../db/schema';
import { roomView } from '../rooms/room-view';
import { buddiesByRoom, buddiesInRooms } from './buddies';
import { directoryGraph } from './graph';
import { currentRoomOf, directoryRooms, searchRooms } from './store';

export const directoryHandlers = {
  'room.directory_rooms': async (input, { db, caller }) => {
    if (input.constraints === 'favorites' && !caller?.registered) throw errors.membersOnly();
    const rows = await directoryRooms(db, {
      view: input.constraints,
      sorts: input.sort,
      limit: input.limit,
      skip: input.skip,
      sectionAware: input.section_aware,
      seed: input.seed ?? 0,
      callerId: caller?.userid ?? null,
    });
    return { rooms: await tiles(db, rows, caller?.userid ?? null) };
  },

  'room.search': async ({ query, limit, skip }, { db, caller }) => {
    const text = query.trim();
    const rows = text
      ? await searchRooms(db, text, limit, skip)
      : await directoryRooms(db, {
          view: 'allRooms',
          sorts: ['hotness'],
          limit,
          skip,
          sectionAware: false,
          seed: 0,
          callerId: null,
        });
    return { rooms: await tiles(db, rows, caller?.userid ?? null) };
  },

  'room.directory_graph': async (_input, { db, caller }) => ({ rooms: await directoryGraph(db, caller.userid) }),
} satisfies HandlerGroup;

/** Rooms as tiles for this caller: their buddies in each, and which one they are in. */
async function tiles(db: Db, rows: RoomRow[], callerId: string | null): Promise<DirectoryRoom[]> {
  if (!callerId) return rows.map((row) => ({ ...roomView(row), friends: [], current: false }));
  const [buddies, current] = await Promise.all([
    buddiesInRooms(
      db,
      callerId,
      rows.map((r) => r.id),
    ),
    currentRoomOf(db, callerId),
  ]);
  const byRoom = buddiesByRoom(buddies);
  return rows.map((row) => ({ ...roomView(row), friends: byRoom.get(row.id) ?? [], current: row.id === current }));
}
