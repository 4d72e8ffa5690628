/** The playback calls: voting, skipping, and the room's history (contract calls/playback.ts). */
import { ROOM_HISTORY_PAGE_SIZE, roomMessages } from '@platter/contract';
import type { HandlerGroup, Services } from '../../api/context';
import { errors } from '../../api/errors';
import { findRoom } from '../rooms';
import { historyOf } from './plays';
import { stopSong } from './stop-song';
import { vote } from './votes';

async function roomOf(services: Services, roomid: string): Promise<string> {
  const room = await findRoom(services.db, roomid);
  if (!room) throw errors.notFound(roomMessages.broken);
  return room.id;
}

export const playbackHandlers = {
  'room.vote': async ({ roomid, val, songid, vh }, services) => {
    await vote(services, services.caller, await roomOf(services, roomid), { val, songid, vh });
    return {};
  },

  'room.stop_song': async ({ roomid, current_song }, services) => {
    await stopSong(services, services.caller, await roomOf(services, roomid), current_song);
    return {};
  },

  'room.history': async ({ roomid, before }, services) => ({
    songs: await historyOf(services.db, await roomOf(services, roomid), ROOM_HISTORY_PAGE_SIZE, before),
  }),
} satisfies HandlerGroup;
