/** A room as a page that joins it sees it (contract RoomSnapshot), read under the room's lock. */
import type { RoomSnapshot } from '@platter/contract';
import type { Services } from '../../api/context';
import type { Db } from '../../db/database';
import { recentChat } from './chat';
import { mutesOf } from './moderation';
import { currentPlayOf, playingSongOf, snaggersOf, votesOf } from '../playback';
import { moderatorIdsOf, readRoom, roomDetailsView, roomPeople, waitlistOf } from '../rooms';
import { djPlansOf } from './stage-commands';

/** When the member last did something in the room (the AFK rule's clock), or null. */
async function activeAtOf(trx: Db, roomId: string, userId: string): Promise<number | null> {
  const member = await trx
    .selectFrom('roomMembers')
    .select(['activeAt', 'joinedAt'])
    .where('roomId', '=', roomId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return member ? Number(member.activeAt ?? member.joinedAt) : null;
}

export function roomSnapshot(services: Services, roomId: string, userId: string): Promise<RoomSnapshot | null> {
  return readRoom(services, roomId, async (trx, seq) => {
    const room = await trx.selectFrom('rooms').selectAll().where('id', '=', roomId).executeTakeFirstOrThrow();
    // A silent room needs no more reads.
    const play = room.currentPlayId === null ? null : await currentPlayOf(trx, roomId);
    const mutes = await mutesOf(trx, roomId, services.now());
    return {
      room: roomDetailsView(room, await moderatorIdsOf(trx, roomId)),
      ...(await roomPeople(trx, roomId)),
      chat: await recentChat(trx, roomId),
      muted_until: mutes[userId] ?? null,
      mutes,
      current_song: await playingSongOf(trx, roomId, play),
      votes: await votesOf(trx, play),
      snaggers: await snaggersOf(trx, play),
      waitlist: await waitlistOf(trx, roomId),
      dj_plans: await djPlansOf(trx, roomId),
      active_at: await activeAtOf(trx, roomId, userId),
      seq,
    };
  });
}
