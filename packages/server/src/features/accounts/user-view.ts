/** Presents a user row as the contract's §3 User: only the fields its owner may see. */
import { avatarImageUrls, type RoomUser, type SelfUser } from '@platter/contract';
import type { UserRow } from '../../db/schema';
import { presenceOf } from './presence';

export interface SocialIds {
  fbid: string | null;
  twitterid: string | null;
  twitterProfileImage: string | null;
}

export function selfUserView(
  user: UserRow,
  counts: { fans: number; fanofs: number },
  social: SocialIds,
  now: number,
): SelfUser {
  return {
    userid: user.id,
    name: user.name,
    registered: user.name !== null,
    email: user.email,
    unverified_email: user.unverifiedEmail,
    has_tt_password: user.passwordHash !== null,
    avatarid: user.avatarId,
    custom_avatar: customAvatarOf(user),
    images: avatarImageUrls(user.avatarId),
    points: user.points,
    fans: counts.fans,
    fanofs: counts.fanofs,
    acl: user.acl,
    bot: user.bot === 1,
    fbid: social.fbid,
    twitterid: social.twitterid,
    twitter_profile_image: social.twitterProfileImage,
    laptop: user.laptop as SelfUser['laptop'],
    subscription_level: user.subscriptionLevel,
    status: presenceOf(user, now),
    created: user.createdAt,
  };
}

/**
 * The columns a room's view of a user reads: a room's snapshot reads them for everyone in it, and
 * the user table's other columns (profile text, mail, hashes) would be most of that read's cost.
 */
export const roomUserColumns = [
  'id',
  'name',
  'avatarId',
  'customAvatar',
  'points',
  'acl',
  'bot',
  'laptop',
  'subscriptionLevel',
] as const satisfies readonly (keyof UserRow)[];
export type RoomUserRow = Pick<UserRow, (typeof roomUserColumns)[number]>;

/** A user as the people in a room see them (contract RoomUser). */
export function roomUserView(user: RoomUserRow): RoomUser {
  return {
    userid: user.id,
    name: user.name,
    registered: user.name !== null,
    avatarid: user.avatarId,
    custom_avatar: customAvatarOf(user),
    images: avatarImageUrls(user.avatarId),
    points: user.points,
    acl: user.acl,
    bot: user.bot === 1,
    laptop: user.laptop as RoomUser['laptop'],
    subscription_level: user.subscriptionLevel,
  };
}

/** The custom avatar maker stores head/body/screen parts; the images are named after them. */
function customAvatarOf(user: Pick<UserRow, 'customAvatar'>): SelfUser['custom_avatar'] {
  if (!user.customAvatar) return null;
  const parts = JSON.parse(user.customAvatar) as { head: number; body: number; screen: number };
  return { hf: `head-${parts.head}`, bf: `body-${parts.body}`, sf: `screen-${parts.screen}` };
}
