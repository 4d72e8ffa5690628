/**
 * A member's buddies (spec §3 Buddy entry): people they are a fan of
 * ("fanned"), and friends from their linked social accounts ("friends"),
 * here only those who are in a public room right now.
 */
import { avatarImageUrl, type Buddy } from '@platter/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** The social provider whose friends rank first in the friends panel (spec §2). */
export const FIRST_SOCIAL_PROVIDER = 'facebook';

export interface BuddyInRoom extends Buddy {
  roomId: string;
  /** The social provider a friend comes from; null for people one is a fan of. */
  provider: string | null;
}

export async function buddiesInRooms(db: Db, userId: string, roomIds?: readonly string[]): Promise<BuddyInRoom[]> {
  if (roomIds && roomIds.length === 0) return [];
  const inRooms = roomIds ? sql`and rm.room_id in (${sql.join(roomIds)})` : sql``;
  const { rows } = await sql<{
    userid: string;
    name: string | null;
    avatarId: number;
    subscriptionLevel: number;
    roomId: string;
    type: 'friends' | 'fanned';
    provider: string | null;
  }>`
    select u.id as userid, u.name, u.avatar_id, u.subscription_level, rm.room_id, 'fanned' as type, null as provider
      from fans f
      join users u on u.id = f.dj_id
      join room_members rm on rm.user_id = u.id
      join rooms r on r.id = rm.room_id and r.privacy = 'public'
     where f.fan_id = ${userId} ${inRooms}
    union all
    select u.id as userid, u.name, u.avatar_id, u.subscription_level, rm.room_id, 'friends' as type, sa.provider
      from social_friends sf
      join social_accounts sa on sa.provider = sf.provider and sa.provider_user_id = sf.friend_provider_user_id
      join users u on u.id = sa.user_id
      join room_members rm on rm.user_id = u.id
      join rooms r on r.id = rm.room_id and r.privacy = 'public'
     where sf.user_id = ${userId} ${inRooms}
  `.execute(db);

  // Someone both a friend and fanned counts once, as a friend.
  const byUser = new Map<string, BuddyInRoom>();
  for (const row of rows) {
    if (row.name === null || row.userid === userId) continue;
    const known = byUser.get(row.userid);
    if (known && (known.type === 'friends' || row.type === 'fanned')) continue;
    byUser.set(row.userid, {
      userid: row.userid,
      name: row.name,
      type: row.type,
      icon: avatarImageUrl(row.avatarId, 'headfront'),
      subscription_level: Number(row.subscriptionLevel),
      roomId: row.roomId,
      provider: row.provider,
    });
  }
  return [...byUser.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Groups buddies by room, dropping the bookkeeping fields. */
export function buddiesByRoom(buddies: readonly BuddyInRoom[]): Map<string, Buddy[]> {
  const map = new Map<string, Buddy[]>();
  for (const { roomId, provider: _provider, ...entry } of buddies) {
    const list = map.get(roomId) ?? [];
    list.push(entry);
    map.set(roomId, list);
  }
  return map;
}

/** Everyone whose whereabouts a member's friends panel follows: fanned people and social friends. */
export async function buddyIdsOf(db: Db, userId: string): Promise<Set<string>> {
  const fanned = db.selectFrom('fans').select('djId as id').where('fanId', '=', userId);
  const friends = db
    .selectFrom('socialFriends')
    .innerJoin('socialAccounts', (join) =>
      join
        .onRef('socialAccounts.provider', '=', 'socialFriends.provider')
        .onRef('socialAccounts.providerUserId', '=', 'socialFriends.friendProviderUserId'),
    )
    .select('socialAccounts.userId as id')
    .where('socialFriends.userId', '=', userId);
  const rows = await fanned.union(friends).execute();
  return new Set(rows.map((r) => r.id));
}
