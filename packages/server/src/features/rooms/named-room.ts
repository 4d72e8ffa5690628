/** The room a call names, by id or shortcut, or the spec's broken-room refusal. */
import { roomMessages } from '@platter/contract';
import type { RequestInfo, Services } from '../../api/context';
import { errors } from '../../api/errors';
import { roomChannel } from '../../realtime/channels';
import { findRoom } from './store';

/**
 * The id of the room `roomid` names. A room the calling page follows exists (it was found when the
 * page joined, and rooms are never deleted), so the room's hot calls (chat, votes, skips) skip the lookup.
 */
export async function namedRoom(services: Services & { request?: RequestInfo }, roomid: string): Promise<string> {
  if (services.request?.connection?.follows(roomChannel(roomid).name)) return roomid;
  const room = await findRoom(services.db, roomid);
  if (!room) throw errors.notFound(roomMessages.broken);
  return room.id;
}
