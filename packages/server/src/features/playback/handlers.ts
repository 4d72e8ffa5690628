/** The playback calls: voting, skipping, and the room's history (contract calls/playback.ts). */
import { ROOM_HISTORY_PAGE_SIZE } from '@platter/contract';
import type { HandlerGroup } from '../../api/context';
import { namedRoom } from '../rooms';
import { historyOf } from './plays';
import { stopSong } from './stop-song';
import { vote } from './votes';

export const playbackHandlers = {
  'room.vote': async ({ roomid, val, songid, vh }, services) => {
    await vote(services, services.caller, await namedRoom(services, roomid), { val, songid, vh });
    return {};
  },

  'room.stop_song': async ({ roomid, current_song }, services) => {
    await stopSong(services, services.caller, await namedRoom(services, roomid), current_song);
    return {};
  },

  'room.history': async ({ roomid, before }, services) => ({
    songs: await historyOf(services.db, await namedRoom(services, roomid), ROOM_HISTORY_PAGE_SIZE, before),
  }),
} satisfies HandlerGroup;
