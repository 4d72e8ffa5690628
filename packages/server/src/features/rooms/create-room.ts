/** Making a room (spec §7 room.create): a shortcut from its name, public unless unlisted. */
import { randomInt } from 'node:crypto';
import { roomMessages, type ParsedInput } from '@platter/contract';
import type { CallContext, Services } from '../../api/context';
import { isUniqueViolation } from '../../api/errors';
import { limitAction } from '../../api/rate-limit';
import { newId } from '../../lib/ids';
import { directoryChanged } from '../directory';
import { hotness } from './hotness';
import { isShortcutTaken } from './store';
import { uniqueShortcut } from './shortcut';

export interface RoomDetails extends ParsedInput<'room.create'> {
  description?: string | null;
  theme?: string | null;
  featured?: boolean;
}

const HOUR_MS = 60 * 60_000;

/**
 * Flooding the lobby (issue 13): rooms made per member and per address in an
 * hour. Counted before the room is made, so a refused call makes nothing.
 */
export async function limitRoomCreation(context: CallContext<'room.create'>): Promise<void> {
  const { config, caller, request } = context;
  await limitAction(context, {
    counts: [
      { key: `room:member:${caller.userid}`, limit: config.roomsPerMemberPerHour },
      { key: `room:ip:${request.ip}`, limit: config.roomsPerAddressPerHour },
    ],
    windowMs: HOUR_MS,
    message: roomMessages.tooManyRooms,
  });
}

export async function createRoom(
  services: Services,
  creatorId: string,
  details: RoomDetails,
): Promise<{ roomid: string; shortcut: string }> {
  const { db, now } = services;
  const id = newId();
  const at = now();
  // Two rooms of one name at one moment: the loser of the unique index tries the next shortcut.
  for (let attempt = 0; attempt < 5; attempt++) {
    const shortcut = await uniqueShortcut(details.room_name, (s) => isShortcutTaken(db, s));
    try {
      await db
        .insertInto('rooms')
        .values({
          id,
          shortcut,
          name: details.room_name,
          description: details.description ?? null,
          theme: details.theme ?? null,
          creatorId,
          privacy: details.privacy === 'unlisted' ? 'unlisted' : 'public',
          maxDjs: details.max_djs,
          djthreshold: details.djthreshold,
          featured: details.featured ? 1 : 0,
          shuffleKey: randomInt(0, 2 ** 47) / 2 ** 47,
          activeAt: at,
          hotness: hotness({ listeners: 0, djcount: 0, upvotes: 0, downvotes: 0, activeAt: at }),
          createdAt: at,
        })
        .execute();
      directoryChanged(services);
      return { roomid: id, shortcut };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('no free shortcut after 5 attempts');
}
