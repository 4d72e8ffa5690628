/** A room as a page that joins it sees it (contract RoomSnapshot), read under the room's lock. */
import type { RoomSnapshot } from '@platter/contract';
import type { Services } from '../../api/context';
import { roomUserView } from '../accounts';
import { recentChat } from './chat';
import { mutedUntil } from './moderation';
import { moderatorIdsOf, readRoom, roomDetailsView, stageOf } from '../rooms';

export function roomSnapshot(services: Services, roomId: string, userId: string): Promise<RoomSnapshot | null> {
  return readRoom(services, roomId, async (trx, seq) => {
    const room = await trx.selectFrom('rooms').selectAll().where('id', '=', roomId).executeTakeFirstOrThrow();
    const members = await trx
      .selectFrom('roomMembers')
      .innerJoin('users', 'users.id', 'roomMembers.userId')
      .selectAll('users')
      .where('roomMembers.roomId', '=', roomId)
      .orderBy('roomMembers.joinedAt')
      .orderBy('users.id')
      .execute();
    return {
      room: roomDetailsView(room, await moderatorIdsOf(trx, roomId)),
      users: members.map(roomUserView),
      djids: await stageOf(trx, roomId),
      chat: await recentChat(trx, roomId),
      muted_until: await mutedUntil(trx, roomId, userId, services.now()),
      seq,
    };
  });
}
