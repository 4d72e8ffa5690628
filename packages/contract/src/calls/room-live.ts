/**
 * The live room's calls (docs/room.md, docs/realtime.md): made over the socket
 * only. Joining answers with a snapshot of the room at one point in its history;
 * the room's numbered events follow (contract realtime.ts).
 */
import { z } from 'zod';
import { callTable, defineCall } from '../define-call';
import { CHAT_MESSAGE_MAX } from '../constants';
import { booleanish } from '../validation';
import { chatLine } from './profile';
import { roomDetails, roomId } from './room';
import { publicUser } from './user';

/** What a room shows of each person in it: their avatar, laptop, points and standing. */
export const roomUser = publicUser.pick({
  userid: true,
  name: true,
  registered: true,
  avatarid: true,
  custom_avatar: true,
  images: true,
  points: true,
  acl: true,
  bot: true,
  laptop: true,
  subscription_level: true,
});
export type RoomUser = z.infer<typeof roomUser>;

/**
 * A room as a member who joins it sees it, at one point in its history: `seq` is the room's
 * sequence number, and the events that follow carry seq + 1, seq + 2, …
 */
export const roomSnapshot = z.object({
  room: roomDetails,
  users: z.array(roomUser),
  djids: z.array(z.string()),
  /** The recent chat, oldest first (CHAT_HISTORY_SIZE lines at most). */
  chat: z.array(chatLine),
  seq: z.number(),
});
export type RoomSnapshot = z.infer<typeof roomSnapshot>;

export const chatMessages = {
  empty: 'Type a message first.',
  tooLong: `Keep chat messages under ${CHAT_MESSAGE_MAX} characters.`,
  flood: "Slow down! You're sending messages too fast. Wait a few seconds and try again.",
  notInRoom: 'Join the room to chat in it.',
} as const;

export const roomLiveCalls = callTable(
  defineCall({
    name: 'room.info',
    method: 'GET',
    access: 'anyone',
    /**
     * A room id or its shortcut: what follows the slash in a room's address. `extended`
     * (turntable's flag, which bots send) adds who is in the room, on its stage, and its moderators.
     */
    input: z.object({ roomid: roomId, extended: booleanish.optional() }),
    output: z.object({
      room: roomDetails,
      users: z.array(roomUser).optional(),
      djids: z.array(z.string()).optional(),
      moderator_ids: z.array(z.string()).optional(),
    }),
  }),
  defineCall({
    name: 'room.register',
    method: 'POST',
    access: 'session',
    transport: 'socket',
    // Joins the room (leaving any other) and follows it: a snapshot now, its events after.
    input: z.object({ roomid: roomId }),
    output: roomSnapshot,
  }),
  defineCall({
    name: 'room.speak',
    method: 'POST',
    access: 'member',
    transport: 'socket',
    // Says something in the room's chat; everyone in the room hears a `speak` event.
    input: z.object({
      roomid: roomId,
      text: z
        .string({ message: chatMessages.empty })
        .trim()
        .min(1, chatMessages.empty)
        .max(CHAT_MESSAGE_MAX, chatMessages.tooLong),
    }),
    output: z.object({}),
  }),
  defineCall({
    name: 'room.deregister',
    method: 'POST',
    access: 'session',
    transport: 'socket',
    input: z.object({ roomid: roomId }),
    output: z.object({}),
  }),
);
