/**
 * Who is in a room, in the order they came, and who of them is on its stage:
 * what a page's snapshot shows and what a bot's room.info reads.
 */
import type { RoomUser } from '@platter/contract';
import type { Db } from '../../db/database';
import { roomUserColumns, roomUserView } from '../accounts';
import { stageOf } from './stage';

export interface RoomPeople {
  users: RoomUser[];
  djids: string[];
}

/** The users' columns a room shows (qualified: the read joins the members). */
const roomUserFields = roomUserColumns.map((column) => `users.${column}` as const);

/** Pass the room command's transaction to read them under the room's lock (a snapshot). DJs in stage order. */
export async function roomPeople(db: Db, roomId: string): Promise<RoomPeople> {
  const members = await db
    .selectFrom('roomMembers')
    .innerJoin('users', 'users.id', 'roomMembers.userId')
    .select(roomUserFields)
    .where('roomMembers.roomId', '=', roomId)
    .orderBy('roomMembers.joinedAt')
    .orderBy('users.id')
    .execute();
  return {
    users: members.map(roomUserView),
    djids: await stageOf(db, roomId),
  };
}
