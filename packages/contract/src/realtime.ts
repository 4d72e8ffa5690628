/**
 * The websocket protocol at /socket: one discriminated union for each
 * direction, checked by both ends. A client says hello with the protocol
 * version and its credentials; the server answers with a welcome and then a
 * full snapshot of what the client follows, so nothing is ever replayed.
 */
import { z } from 'zod';
import { presenceStatuses } from './calls/presence';
import { buddy, room } from './calls/room';

export const PROTOCOL_VERSION = 1;
export const SOCKET_PATH = '/socket';

export const clientMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    version: z.number(),
    userid: z.string().max(64),
    userauth: z.string().max(128),
  }),
  /** The page's person is active (available) or idle (away). */
  z.object({ type: z.literal('presence'), status: z.enum(['available', 'away']) }),
  z.object({ type: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

export const serverMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('welcome'), version: z.number(), userid: z.string() }),
  /** The rooms where the member's buddies are, whenever that changes (spec §3 Directory graph). */
  z.object({ type: z.literal('directory_graph'), rooms: z.array(z.tuple([room, z.array(buddy)])) }),
  z.object({ type: z.literal('presence'), userid: z.string(), status: z.enum(presenceStatuses) }),
  z.object({ type: z.literal('pong') }),
  /** The connection is refused or ends: a reason people can read, and a stable code. */
  z.object({ type: z.literal('error'), err: z.string(), errcode: z.string() }),
]);
export type ServerMessage = z.infer<typeof serverMessage>;
