import type { Caller, HandlerGroup, Services } from '../../api/context';
import { errors } from '../../api/errors';
import type { PreparedBody } from '../../api/prepared-body';
import { roomView } from '../rooms/room-view';
import { cachedPage, cachedWhereabouts } from './cache';
import { directoryGraph } from './graph';
import { directoryRooms, searchRooms } from './store';
import { pageBody, preparePage, type PreparedPage } from './tiles';

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
    const load = async () => preparePage((await directoryRooms(db, query)).map(roomView));
    const page =
      query.view === 'favorites'
        ? await load()
        : await cachedPage(services, JSON.stringify({ ...query, callerId: null }), load);
    return asTiles(services, page);
  },

  'room.search': async ({ query, limit, skip }, services) => {
    const text = query.trim();
    const page = await cachedPage(services, JSON.stringify({ search: text, limit, skip }), async () =>
      preparePage(
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
      ),
    );
    return asTiles(services, page);
  },

  'room.directory_graph': async (_input, { db, caller }) => ({ rooms: await directoryGraph(db, caller.userid) }),
} satisfies HandlerGroup;

/** Rooms as tiles for this caller: their buddies in each, and which one they are in. */
async function asTiles(services: Services & { caller: Caller | null }, page: PreparedPage): Promise<PreparedBody> {
  const { caller } = services;
  return pageBody(page, caller ? await cachedWhereabouts(services, caller.userid) : null);
}
