import { avatarImageUrls, type Profile } from '@platter/contract';
import type { UserRow } from '../../db/schema';

interface ProfileExtras {
  fans: number;
  fanofs: number;
  pastNames: string[];
  fanned: boolean;
  blocked: boolean;
}

/** Presents a member as the contract's Profile (spec §3). */
export function profileView(user: UserRow, extras: ProfileExtras): Profile {
  return {
    userid: user.id,
    name: user.name ?? '',
    twitter: user.twitter,
    facebook: user.facebook,
    soundcloud: user.soundcloud,
    website: user.website,
    about: user.about,
    topartists: user.topartists,
    hangout: user.hangout,
    pastNames: extras.pastNames,
    created: user.createdAt,
    points: user.points,
    fans: extras.fans,
    fanofs: extras.fanofs,
    images: avatarImageUrls(user.avatarId),
    verified: user.verified,
    acl: user.acl,
    registered: user.name !== null,
    avatarid: user.avatarId,
    subscription_level: user.subscriptionLevel,
    bot: user.bot === 1,
    fanned: extras.fanned,
    blocked: extras.blocked,
  };
}
