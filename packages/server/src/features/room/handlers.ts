/**
 * The live room's calls (socket only): joining follows the room's channel
 * first and reads the snapshot after, so the page misses nothing between;
 * the connection then sends only events numbered after the snapshot.
 */
import { roomMessages } from '@platter/contract';
import type { HandlerGroup, Services } from '../../api/context';
import { errors } from '../../api/errors';
import { liveConnectionOf } from '../../api/live';
import { roomChannel } from '../../realtime/channels';
import { enterRoom, findRoom, leaveRoom } from '../rooms';
import { speak } from './chat';
import { roomSnapshot } from './snapshot';

export const liveRoomHandlers = {
  'room.register': async ({ roomid }, services) => {
    const connection = liveConnectionOf(services.request);
    const room = await findRoom(services.db, roomid);
    if (!room) throw errors.notFound(roomMessages.broken);
    const channel = roomChannel(room.id);
    // One room at a time for a page: joining another leaves the one it was in.
    for (const other of connection.channels('room:')) if (other !== channel.name) connection.unfollow(other);
    // Asking again (a page re-syncing after a gap) keeps the follow it has.
    const again = connection.follows(channel.name);
    const follow = await connection.follow(channel);
    await enterRoom(services, services.caller.userid, room.id);
    const snapshot = await roomSnapshot(services, room.id);
    if (!snapshot) throw errors.notFound(roomMessages.broken);
    follow.from(snapshot.seq);
    // A page that goes away takes its person out of the room (a grace period comes with the stage).
    if (!again) {
      // Only the ids are kept for later: every open page holds this until it closes (the row is 2 KiB).
      const { userid } = services.caller;
      const roomId = room.id;
      connection.onClose(() => {
        leaveIfStillIn(services, userid, roomId).catch(() => undefined);
      });
    }
    return snapshot;
  },

  'room.speak': async ({ roomid, text }, services) => {
    const room = await findRoom(services.db, roomid);
    if (!room) throw errors.notFound(roomMessages.broken);
    await speak(services, services.caller.userid, room.id, text);
    return {};
  },

  'room.deregister': async ({ roomid }, services) => {
    const connection = liveConnectionOf(services.request);
    const room = await findRoom(services.db, roomid);
    if (!room) throw errors.notFound(roomMessages.broken);
    connection.unfollow(roomChannel(room.id).name);
    await leaveIfStillIn(services, services.caller.userid, room.id);
    return {};
  },
} satisfies HandlerGroup;

async function leaveIfStillIn(services: Services, userId: string, roomId: string): Promise<void> {
  const here = await services.db
    .selectFrom('roomMembers')
    .select('roomId')
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (here?.roomId === roomId) await leaveRoom(services, userId);
}
