import type { HandlerGroup } from '../../api/context';
import { errors } from '../../api/errors';
import { currentPlayOf, playingSongOf, votesOf } from '../playback';
import { createRoom, limitRoomCreation } from './create-room';
import { roomPeople } from './room-people';
import { moderatorIdsOf, roomDetailsView } from './room-view';
import { waitlistOf } from './waitlist';
import { addFavorite, favoriteRoomIds, findRoom, removeFavorite } from './store';

const NO_SUCH_ROOM = "Sorry, we couldn't find that room.";

export const roomHandlers = {
  'room.create': async (input, services) => {
    await limitRoomCreation(services);
    return createRoom(services, services.caller.userid, input);
  },

  'room.info': async ({ roomid, extended }, { db }) => {
    const room = await findRoom(db, roomid);
    if (!room) throw errors.notFound(NO_SUCH_ROOM);
    const moderators = await moderatorIdsOf(db, room.id);
    const details = roomDetailsView(room, moderators);
    // What plays, at the top level (bots read it as room.metadata.current_song and current_dj).
    const play = room.currentPlayId === null ? null : await currentPlayOf(db, room.id);
    const current_song = await playingSongOf(db, room.id, play);
    const playing = { current_song, current_dj: current_song?.djid ?? null };
    if (!extended) return { room: details, ...playing };
    // Turntable's moderator list: the room's creator (its owner), then the moderators they appointed.
    const moderatorIds = [...(room.creatorId ? [room.creatorId] : []), ...moderators];
    return {
      room: details,
      ...(await roomPeople(db, room.id)),
      moderator_ids: moderatorIds,
      waitlist: await waitlistOf(db, room.id),
      ...playing,
      votes: await votesOf(db, play),
    };
  },

  'room.add_favorite': async ({ roomid }, { db, now, caller }) => {
    const room = await findRoom(db, roomid);
    if (!room) throw errors.notFound(NO_SUCH_ROOM);
    await addFavorite(db, caller.userid, room.id, now());
    return {};
  },

  'room.rem_favorite': async ({ roomid }, { db, caller }) => {
    const room = await findRoom(db, roomid);
    if (!room) throw errors.notFound(NO_SUCH_ROOM);
    await removeFavorite(db, caller.userid, room.id);
    return {};
  },

  'room.get_favorites': async (_input, { db, caller }) => ({ roomids: await favoriteRoomIds(db, caller.userid) }),
} satisfies HandlerGroup;
