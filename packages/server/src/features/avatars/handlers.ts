/**
 * user.available_avatars, user.set_avatar and user.set_custom_avatar (spec §7):
 * tiers unlock by DJ points and acl, Gold avatars need Gold too, and the top
 * tier opens the custom avatar maker (spec §6). The tier table is the contract's.
 */
import {
  AVATAR_TIERS,
  CUSTOM_AVATAR_MIN_POINTS,
  GOLD_ONLY_HINT,
  avatarMessages,
  avatarRefusal,
  customAvatarId,
  findAvatar,
  isGold,
  tierUnlockHint,
  tierUnlocked,
  type AvatarHolder,
} from '@platter/contract';
import type { HandlerGroup } from '../../api/context';
import { errors } from '../../api/errors';
import type { Db } from '../../db/database';
import { userChanged } from '../rooms';
import { findAvatarHolder, storedCustomAvatar, wearAvatar, wearCustomAvatar, type AvatarHolderRow } from './store';

async function holderOf(db: Db, userId: string): Promise<{ row: AvatarHolderRow; holder: AvatarHolder }> {
  const row = await findAvatarHolder(db, userId);
  if (!row) throw errors.notAuthenticated();
  return { row, holder: { points: row.points, acl: row.acl, subscription_level: row.subscriptionLevel } };
}

export const avatarHandlers = {
  'user.available_avatars': async (_input, { db, caller }) => {
    const { row, holder } = await holderOf(db, caller.userid);
    const gold = isGold(holder);
    return {
      tiers: AVATAR_TIERS.map((tier) => {
        const unlocked = tierUnlocked(tier, holder);
        const hasPro = tier.pro.length > 0;
        return {
          ...tier,
          avatarids: [...tier.avatarids],
          pro: tier.pro.map((group) => ({ name: group.name, avatarids: [...group.avatarids] })),
          unlocked,
          pro_unlocked: hasPro && unlocked && gold,
          unlock_hint: unlocked ? null : tierUnlockHint(tier),
          pro_unlock_hint: !hasPro || (unlocked && gold) ? null : unlocked ? GOLD_ONLY_HINT : tierUnlockHint(tier),
        };
      }),
      avatarid: row.avatarId,
      gold,
      custom_unlocked: holder.points >= CUSTOM_AVATAR_MIN_POINTS,
      custom_avatar: storedCustomAvatar(row.customAvatar),
    };
  },

  'user.set_avatar': async ({ avatarid }, services) => {
    const { db, caller } = services;
    if (!findAvatar(avatarid)) throw errors.notFound(avatarMessages.unknown);
    const { holder } = await holderOf(db, caller.userid);
    const refusal = avatarRefusal(avatarid, holder);
    if (refusal) throw errors.forbidden(refusal);
    await wearAvatar(db, caller.userid, avatarid);
    await userChanged(services, caller.userid);
    return { avatarid };
  },

  'user.set_custom_avatar': async ({ avatarid, head, body, screen }, services) => {
    const { db, caller } = services;
    const parts = { head, body, screen };
    const id = customAvatarId(parts);
    if (avatarid !== undefined && avatarid !== id) throw errors.invalid(avatarMessages.customMismatch);
    const { holder } = await holderOf(db, caller.userid);
    if (holder.points < CUSTOM_AVATAR_MIN_POINTS) throw errors.forbidden(avatarMessages.customLocked);
    await wearCustomAvatar(db, caller.userid, id, parts);
    await userChanged(services, caller.userid);
    return { avatarid: id, custom_avatar: parts };
  },
} satisfies HandlerGroup;
