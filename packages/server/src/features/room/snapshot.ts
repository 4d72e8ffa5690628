/** A room as a page that joins it sees it (contract RoomSnapshot), read under the room's lock. */
import type { RoomSnapshot } from '@platter/contract';
import type { Services } from '../../api/context';
import { roomUserView } from '../accounts';
import { recentChat } from './chat';
import { readRoom, roomDetailsView } from '../rooms';

export function roomSnapshot(services: Services, roomId: string): Promise<RoomSnapshot | null> {
  return readRoom(services, roomId, async (trx, seq) => {
    const room = await trx.selectFrom('rooms').selectAll().where('id', '=', roomId).executeTakeFirstOrThrow();
    const members = await trx
      .selectFrom('roomMembers')
      .innerJoin('users', 'users.id', 'roomMembers.userId')
      .selectAll('users')
      .select(['roomMembers.isDj', 'roomMembers.joinedAt'])
      .where('roomMembers.roomId', '=', roomId)
      .orderBy('roomMembers.joinedAt')
      .orderBy('users.id')
      .execute();
    return {
      room: roomDetailsView(room),
      users: members.map(roomUserView),
      djids: members.filter((member) => member.isDj === 1).map((member) => member.id),
      chat: await recentChat(trx, roomId),
      seq,
    };
  });
}
