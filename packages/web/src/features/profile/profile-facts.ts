/**
 * What a profile says about its member beyond their own words: the user-type
 * line of spec §2 (and §6's access levels), Gold, and their links elsewhere.
 */
import {
  FACEBOOK_BASE,
  profileViewMessages as say,
  serviceLink,
  shortAddress,
  SOUNDCLOUD_BASE,
  webAddress,
  type Profile,
} from '@platter/contract';

export interface UserType {
  label: string;
  /** A sentence for a tooltip and screen readers: the label alone is jargon. */
  description: string;
}

/**
 * The user-type line (spec §2): "Verified" plus the verified value; then the
 * access level by acl: above 1 gatekeeper, exactly 1 superuser, above 0 (a
 * level below 1, §6) supporter. Nothing for everyone else. A bot's account says so first.
 */
export function userTypes(profile: Pick<Profile, 'verified' | 'acl'> & { bot?: boolean }): UserType[] {
  const types: UserType[] = [];
  if (profile.bot) types.push({ label: say.bot, description: say.botHint });
  const verified = profile.verified?.trim();
  if (verified) {
    types.push({ label: say.verified(verified), description: say.verifiedHint(verified) });
  }
  if (profile.acl > 1) {
    types.push({ label: say.gatekeeper, description: say.gatekeeperHint });
  } else if (profile.acl === 1) {
    types.push({ label: say.superuser, description: say.superuserHint });
  } else if (profile.acl > 0) {
    types.push({ label: say.supporter, description: say.supporterHint });
  }
  return types;
}

/** Gold means a subscription level above 0 (spec §4 Subscription). */
export function isGold(person: { subscription_level: number }): boolean {
  return person.subscription_level > 0;
}

export interface ProfileLink {
  service: 'twitter' | 'facebook' | 'soundcloud' | 'website';
  label: string;
  /** What the link reads: a handle, or an address without its scheme. */
  text: string;
  href: string;
}

type LinkFields = Pick<Profile, 'twitter' | 'facebook' | 'soundcloud' | 'website'>;

/**
 * The member's links, in the spec's order. A handle becomes an address on its
 * service; a full http(s) address is used as it is; anything else (a
 * `javascript:` address, say) is left out rather than linked.
 */
export function profileLinks(profile: LinkFields): ProfileLink[] {
  const links: ProfileLink[] = [];
  const twitter = profile.twitter?.trim().replace(/^@/, '');
  if (twitter && /^\w+$/.test(twitter)) {
    links.push({
      service: 'twitter',
      label: 'Twitter',
      text: `@${twitter}`,
      href: `https://twitter.com/${twitter}`,
    });
  }
  const facebook = serviceLink(profile.facebook, FACEBOOK_BASE);
  if (facebook) links.push({ service: 'facebook', label: 'Facebook', ...facebook });
  const soundcloud = serviceLink(profile.soundcloud, SOUNDCLOUD_BASE);
  if (soundcloud) links.push({ service: 'soundcloud', label: 'SoundCloud', ...soundcloud });
  const website = webAddress(profile.website);
  if (website) links.push({ service: 'website', label: 'Website', text: shortAddress(website), href: website });
  return links;
}

const joinedFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/** A member's created date, readably: "March 5, 2024" (in the reader's own locale). */
export function joinedDate(created: number): string {
  return joinedFormat.format(new Date(created));
}
