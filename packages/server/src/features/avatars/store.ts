/** Data access for what a member wears: the avatar id and the custom avatar maker's last design. */
import type { CustomAvatarParts } from '@platter/contract';
import type { Db } from '../../db/database';

export interface AvatarHolderRow {
  avatarId: number;
  points: number;
  acl: number;
  subscriptionLevel: number;
  customAvatar: string | null;
}

/** Read afresh on every call: points, acl and Gold decide what unlocks, and change under the session. */
export function findAvatarHolder(db: Db, userId: string): Promise<AvatarHolderRow | undefined> {
  return db
    .selectFrom('users')
    .select(['avatarId', 'points', 'acl', 'subscriptionLevel', 'customAvatar'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function wearAvatar(db: Db, userId: string, avatarId: number): Promise<void> {
  await db.updateTable('users').set({ avatarId }).where('id', '=', userId).execute();
}

export async function wearCustomAvatar(
  db: Db,
  userId: string,
  avatarId: number,
  parts: CustomAvatarParts,
): Promise<void> {
  const { head, body, screen } = parts;
  await db
    .updateTable('users')
    .set({ avatarId, customAvatar: JSON.stringify({ head, body, screen }) })
    .where('id', '=', userId)
    .execute();
}

/** The stored design ({head, body, screen}, as accounts/user-view.ts reads it), or null. */
export function storedCustomAvatar(json: string | null): CustomAvatarParts | null {
  if (!json) return null;
  try {
    const parsed = JSON.parse(json) as Partial<CustomAvatarParts>;
    const { head, body, screen } = parsed;
    if (typeof head === 'number' && typeof body === 'number' && typeof screen === 'number')
      return { head, body, screen };
  } catch {
    // A damaged design is as good as none: the maker starts afresh.
  }
  return null;
}
