import type { Caller, HandlerGroup, Services } from '../../api/context';
import { errors } from '../../api/errors';
import type { Db } from '../../db/database';
import type { PreparedBody } from '../../api/prepared-body';
import { andThen, type MaybePromise } from '../../lib/maybe-promise';
import { roomView } from './room-view';
import { cachedPage, cachedWhereabouts } from './cache';
import { directoryGraph } from './graph';
import { followDirectoryGraph, followRoomCounts } from './graph-push';
import { liveConnectionOf } from '../../api/live';
import { directoryRooms, searchRooms, type DirectoryQuery } from './store';
import { pageBody, preparePage, type PreparedPage } from './tiles';

// The lobby's two reads answer at once when their page and the caller's whereabouts are cached (lib/maybe-promise.ts).
export const directoryHandlers = {
  'room.directory_rooms': (input, services) => {
    const { caller } = services;
    if (input.constraints === 'favorites' && !caller?.registered) throw errors.membersOnly();
    const query: DirectoryQuery = {
      view: input.constraints,
      sorts: input.sort,
      limit: input.limit,
      skip: input.skip,
      sectionAware: input.section_aware,
      seed: input.seed ?? 0,
      callerId: caller?.userid ?? null,
    };
    // A favorites page is the caller's own; every other page is the same for everyone.
    if (query.view === 'favorites') return directoryPage(services.db, query).then((page) => asTiles(services, page));
    const key = `${query.view}|${query.sorts.join(',')}|${query.limit}|${query.skip}|${query.sectionAware}|${query.seed}`;
    return andThen(
      cachedPage(services, key, () => directoryPage(services.db, query)),
      (page) => asTiles(services, page),
    );
  },

  'room.search': ({ query, limit, skip }, services) => {
    const text = query.trim();
    return andThen(
      cachedPage(services, `search|${limit}|${skip}|${text}`, () => searchPage(services.db, text, limit, skip)),
      (page) => asTiles(services, page),
    );
  },

  'room.directory_graph': async (_input, { db, caller }) => ({ rooms: await directoryGraph(db, caller.userid) }),

  'room.follow_directory_graph': async (_input, services) =>
    followDirectoryGraph(services, liveConnectionOf(services.request)),

  'room.follow_counts': async (_input, services) => {
    await followRoomCounts(liveConnectionOf(services.request));
    return {};
  },
} satisfies HandlerGroup;

async function directoryPage(db: Db, query: DirectoryQuery): Promise<PreparedPage> {
  return preparePage((await directoryRooms(db, query)).map(roomView));
}

/** Rooms matching the text; for no text, the plain list (hottest first). */
async function searchPage(db: Db, text: string, limit: number, skip: number): Promise<PreparedPage> {
  const rooms = text
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
  return preparePage(rooms.map(roomView));
}

/** Rooms as tiles for this caller: their buddies in each, and which one they are in. */
function asTiles(services: Services & { caller: Caller | null }, page: PreparedPage): MaybePromise<PreparedBody> {
  const { caller } = services;
  if (!caller) return pageBody(page, null);
  return andThen(cachedWhereabouts(services, caller.userid), (whereabouts) => pageBody(page, whereabouts));
}
