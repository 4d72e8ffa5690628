import type { DirectoryRoom, Room } from '@platter/contract';
import type { Caller, HandlerGroup, Services } from '../../api/context';
import { errors } from '../../api/errors';
import { roomView } from '../rooms/room-view';
import { cachedPage, cachedWhereabouts } from './cache';
import { directoryGraph } from './graph';
import { directoryRooms, searchRooms } from './store';

export const directoryHandlers = {
  'room.directory_rooms': async (input, services) => {
    const { db, caller } = services;
    if (input.constraints === 'favorites' && !caller?.registered) throw errors.membersOnly();
    const query = {
      view: input.constraints,
      sorts: input.sort,
      limit: input.limit,
      skip: input.skip,
      sectionAware: input.section_aware,
      seed: input.seed ?? 0,
      callerId: caller?.userid ?? null,
    };
    // A favorites page is the caller's own; every other page is the same for everyone.
    const rooms =
      query.view === 'favorites'
        ? (await directoryRooms(db, query)).map(roomView)
        : await cachedPage(services, JSON.stringify({ ...query, callerId: null }), async () =>
            (await directoryRooms(db, query)).map(roomView),
          );
    return { rooms: await asTiles(services, rooms) };
  },

  'room.search': async ({ query, limit, skip }, services) => {
    const text = query.trim();
    const rooms = await cachedPage(services, JSON.stringify({ search: text, limit, skip }), async () =>
      (text
        ? await searchRooms(services.db, text, limit, skip)
        : await directoryRooms(services.db, {
            view: 'allRooms',
            sorts: ['hotness'],
            limit,
            skip,
            sectionAware: false,
            seed: 0,
            callerId: null,
          })
      ).map(roomView),
    );
    return { rooms: await asTiles(services, rooms) };
  },

  'room.directory_graph': async (_input, { db, caller }) => ({ rooms: await directoryGraph(db, caller.userid) }),
} satisfies HandlerGroup;

/** Rooms as tiles for this caller: their buddies in each, and which one they are in. */
async function asTiles(services: Services & { caller: Caller | null }, rooms: Room[]): Promise<DirectoryRoom[]> {
  const { caller } = services;
  if (!caller) return rooms.map((room) => ({ ...room, friends: [], current: false }));
  const whereabouts = await cachedWhereabouts(services, caller.userid);
  return rooms.map((room) => ({
    ...room,
    friends: whereabouts.buddies.get(room.roomid) ?? [],
    current: room.roomid === whereabouts.current,
  }));
}
