/**
 * The typed bus: every channel names the one shape its messages have, and the
 * hub checks each message against it on receipt, so a message from an older
 * or newer instance (or anything else on Redis) cannot reach a handler
 * malformed. Three kinds of channel:
 *   lobby       who moved, whose follows changed (the friends panel listens), rooms' counts (tiles)
 *   room:<id>   a room's events, a room command's together, numbered by the room's sequence
 *   user:<id>   a member's own news: their sessions ended (their sockets close), their pages
 *               must let go of a room (booted, banned, opened elsewhere), events for their
 *               pages alone (private messages), a newer ttapi connection replaced an older one
 */
import { z } from 'zod';
import { liveEvent, roomEvent, song } from '@platter/contract';

export interface Channel<T> {
  readonly name: string;
  readonly schema: z.ZodType<T>;
}

const lobbyMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('room_membership'), userid: z.string(), roomid: z.string().nullable() }),
  z.object({ type: z.literal('fans_changed'), userid: z.string() }),
  /** A room's counts changed: lobby tiles showing it update in place; with `current_song` when its song changed. */
  z.object({
    type: z.literal('room_counts'),
    roomid: z.string(),
    listeners: z.number(),
    djcount: z.number(),
    max_djs: z.number(),
    current_song: song.nullable().optional(),
  }),
]);
export type LobbyMessage = z.infer<typeof lobbyMessage>;

/** A room command's events, in order: `seq` is the first one's number, the others follow it. */
const roomMessage = z.object({ seq: z.number().int(), events: z.array(roomEvent).min(1) });
export type RoomMessage = z.infer<typeof roomMessage>;

const userMessage = z.discriminatedUnion('type', [
  /** Sessions ended: `only` one of them, or all of them but `keep` (which may be absent). */
  z.object({
    type: z.literal('session_ended'),
    only: z.string().optional(),
    keep: z.string().optional(),
    err: z.string(),
  }),
  /** The member's pages in the room stop following it, told why; those of session `keep` stay. */
  z.object({ type: z.literal('room_exit'), roomid: z.string(), keep: z.string().optional(), err: z.string() }),
  /** An event for every page of the member, wherever it is in the app (a private message). */
  z.object({ type: z.literal('event'), event: liveEvent }),
  /** A bot connected over the ttapi gateway (`connection` names it): its older ttapi connections end. */
  z.object({ type: z.literal('ttapi_connected'), connection: z.string() }),
]);
export type UserMessage = z.infer<typeof userMessage>;

export const lobbyChannel: Channel<LobbyMessage> = { name: 'lobby', schema: lobbyMessage };
export const roomChannel = (roomid: string): Channel<RoomMessage> => ({ name: `room:${roomid}`, schema: roomMessage });
export const userChannel = (userid: string): Channel<UserMessage> => ({ name: `user:${userid}`, schema: userMessage });
