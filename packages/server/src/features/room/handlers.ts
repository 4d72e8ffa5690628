/**
 * The live room's calls. Joining follows the room's channel first and reads
 * the snapshot after, so the page misses nothing between; the connection then
 * sends only events numbered after the snapshot. The stage and moderation
 * calls are plain contract calls (socket or HTTP).
 */
import { roomMessages } from '@platter/contract';
import type { Caller, HandlerGroup, Services } from '../../api/context';
import { ApiError, errors } from '../../api/errors';
import { liveConnectionOf } from '../../api/live';
import type { LiveConnection } from '../../realtime/connection';
import { roomChannel, userChannel } from '../../realtime/channels';
import { enterRoom, namedRoom } from '../rooms';
import { requireModerator } from './authority';
import { speak } from './chat';
import { banList, banUser, barredFrom, bootUser, deleteChat, muteUser, unbanUser } from './moderation';
import { moderationLog } from './moderation-log';
import { closePage, openPage } from './pages';
import { modifyRoom, setModerator } from './room-settings';
import { roomSnapshot } from './snapshot';
import { planStepDown, stepDown, stepUp, stillHere } from './stage-commands';
import { joinWaitlist, leaveWaitlist, moveWaitlist } from './waitlist-commands';

/** The page (row in room_pages) each connection holds in each room it follows. */
const pageIds = new WeakMap<LiveConnection, Map<string, string>>();

export const liveRoomHandlers = {
  'room.register': async ({ roomid }, services) => {
    const connection = liveConnectionOf(services.request);
    const roomId = await namedRoom(services, roomid);
    const { caller } = services;
    const barred = await barredFrom(services.db, roomId, caller.userid, services.now());
    if (barred) throw new ApiError(barred, 'forbidden');
    const channel = roomChannel(roomId);
    // One room at a time for a page: joining another leaves the one it was in.
    for (const other of connection.channels('room:')) {
      if (other !== channel.name)
        await letGo(services, caller, connection, other.slice('room:'.length), { leave: true });
    }
    const follow = await connection.follow(channel);
    try {
      // The ban is asked again where they enter: one may have come since the check above.
      await enterRoom(services, caller.userid, roomId, {
        barred: (trx) => barredFrom(trx, roomId, caller.userid, services.now()),
      });
    } catch (error) {
      connection.unfollow(channel.name);
      throw error;
    }
    const snapshot = await roomSnapshot(services, roomId, caller.userid);
    if (!snapshot) throw errors.notFound(roomMessages.broken);
    follow.from(snapshot.seq);
    // Asking again (a page re-syncing after a gap) keeps the page it has.
    const pages = pageIds.get(connection) ?? new Map<string, string>();
    pageIds.set(connection, pages);
    if (!pages.has(roomId)) {
      pages.set(roomId, await openPage(services, caller, roomId));
      // A page that goes away leaves its person away, keeping their place a while (pages.ts).
      connection.onClose(() => {
        letGo(services, caller, connection, roomId, { leave: false }).catch(() => undefined);
      });
      // Booted, banned, or replaced by another session: this page lets go of the room, told why.
      await connection.listen(`room-exit:${roomId}`, userChannel(caller.userid), (message) => {
        if (message.type !== 'room_exit' || message.roomid !== roomId || message.keep === caller.sessionId) return;
        if (!connection.follows(channel.name)) return;
        pages.delete(roomId);
        connection.push(channel.name, { command: 'killdashnine', roomid: roomId, err: message.err });
        connection.unfollow(channel.name);
      });
    }
    // A ban that came after they entered, and told its room_exit before the listener above was
    // there: asked once more, now that any later one reaches that listener.
    const barredSince = await barredFrom(services.db, roomId, caller.userid, services.now());
    if (barredSince) {
      pages.delete(roomId);
      connection.unfollow(channel.name);
      throw new ApiError(barredSince, 'forbidden');
    }
    return snapshot;
  },

  'room.speak': async ({ roomid, text, clientid }, services) => {
    await speak(services, services.caller.userid, await namedRoom(services, roomid), text, clientid ?? null);
    return {};
  },

  'room.deregister': async ({ roomid }, services) => {
    const connection = liveConnectionOf(services.request);
    await letGo(services, services.caller, connection, await namedRoom(services, roomid), { leave: true });
    return {};
  },

  'room.add_dj': async ({ roomid }, services) => {
    await stepUp(services, services.caller, await namedRoom(services, roomid));
    return {};
  },

  'room.rem_dj': async ({ roomid, djid }, services) => {
    await stepDown(services, services.caller, await namedRoom(services, roomid), djid);
    return {};
  },

  'room.waitlist_join': async ({ roomid }, services) => ({
    position: await joinWaitlist(services, services.caller, await namedRoom(services, roomid)),
  }),

  'room.waitlist_leave': async ({ roomid, target_userid }, services) => {
    await leaveWaitlist(services, services.caller, await namedRoom(services, roomid), target_userid);
    return {};
  },

  'room.waitlist_move': async ({ roomid, target_userid, position }, services) => ({
    waitlist: await moveWaitlist(services, services.caller, await namedRoom(services, roomid), target_userid, position),
  }),

  'room.dj_step_down_after': async ({ roomid, songs }, services) => ({
    songs_left: await planStepDown(services, services.caller, await namedRoom(services, roomid), songs),
  }),

  'room.still_here': async ({ roomid }, services) => ({
    active_at: await stillHere(services, services.caller, await namedRoom(services, roomid)),
  }),

  'room.boot_user': async ({ roomid, target_userid, reason }, services) => {
    const roomId = await namedRoom(services, roomid);
    await bootUser(services, { roomId, caller: services.caller, targetId: target_userid, reason });
    return {};
  },

  'room.ban_user': async ({ roomid, target_userid, minutes, reason }, services) => {
    const roomId = await namedRoom(services, roomid);
    await banUser(services, { roomId, caller: services.caller, targetId: target_userid, reason, minutes });
    return {};
  },

  'room.unban_user': async ({ roomid, target_userid }, services) => {
    await unbanUser(services, await namedRoom(services, roomid), services.caller, target_userid);
    return {};
  },

  'room.ban_list': async ({ roomid }, services) => ({
    bans: await banList(services, await namedRoom(services, roomid), services.caller),
  }),

  'room.mute_user': async ({ roomid, target_userid, minutes, reason }, services) => {
    const roomId = await namedRoom(services, roomid);
    await muteUser(services, { roomId, caller: services.caller, targetId: target_userid, minutes, reason });
    return {};
  },

  'room.unmute_user': async ({ roomid, target_userid }, services) => {
    const roomId = await namedRoom(services, roomid);
    await muteUser(services, { roomId, caller: services.caller, targetId: target_userid, minutes: null });
    return {};
  },

  'room.delete_chat': async ({ roomid, chatid }, services) => {
    await deleteChat(services, await namedRoom(services, roomid), services.caller, chatid);
    return {};
  },

  'room.add_moderator': async ({ roomid, target_userid }, services) => {
    await setModerator(services, await namedRoom(services, roomid), services.caller, target_userid, true);
    return {};
  },

  'room.rem_moderator': async ({ roomid, target_userid }, services) => {
    await setModerator(services, await namedRoom(services, roomid), services.caller, target_userid, false);
    return {};
  },

  'room.modify': async ({ roomid, ...changes }, services) => {
    await modifyRoom(services, await namedRoom(services, roomid), services.caller, changes);
    return {};
  },

  'room.moderation_log': async ({ roomid, before }, services) => {
    const roomId = await namedRoom(services, roomid);
    await requireModerator(services.db, roomId, services.caller);
    return { entries: await moderationLog(services.db, roomId, before) };
  },
} satisfies HandlerGroup;

/** This page stops following the room; `leave`: its person leaves too if it was their last page. */
async function letGo(
  services: Services,
  caller: Caller,
  connection: LiveConnection,
  roomId: string,
  how: { leave: boolean },
) {
  connection.unfollow(roomChannel(roomId).name);
  const pages = pageIds.get(connection);
  const pageId = pages?.get(roomId);
  if (!pages || pageId === undefined) return;
  pages.delete(roomId);
  await closePage(services, pageId, caller, roomId, how);
}
