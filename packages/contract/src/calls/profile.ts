/**
 * Profiles and fans (spec §2 Profile screens, §3 Profile and Fan entry,
 * §4 Fan state, §5 profile limits, §7 user.get_profile_info … room.report_user).
 * Where the spec's request says `userid` for the person looked at, this API
 * says `profileid`: `userid` is always the caller's own (docs/profiles.md).
 */
import { z } from 'zod';
import { callTable, defineCall } from '../define-call';
import {
  NAME_CHANGE_INTERVAL_DAYS,
  PROFILE_TEXT_MAX,
  REPORT_CHATLOG_SIZE,
  REPORT_REASON_MAX,
  REPORTS_PER_DAY,
  TWITTER_HANDLE_MAX,
} from '../constants';
import { djName, wholeNumberWith } from '../validation';
import { FACEBOOK_BASE, SOUNDCLOUD_BASE, serviceLink, webAddress } from '../profile-links';

export const FAN_PAGE_SIZE = 20;

export const profileMessages = {
  guestProfile: "can't load guest profiles",
  nameTooSoon: `You can only change your DJ name once every ${NAME_CHANGE_INTERVAL_DAYS} days.`,
  twitterTooLong: `Your Twitter handle can't be longer than ${TWITTER_HANDLE_MAX} characters`,
  twitterInvalid: 'A Twitter handle has only letters, digits and underscores',
  websiteInvalid: 'Please enter a full web address, like https://example.com',
  /** Not in the spec: an address with a space or another invisible character in it ('http://x y'). */
  websiteSpaces: "A web address can't have spaces in it",
  linkTooLong: 'That link is too long',
  /** Not in the spec: a Facebook or SoundCloud entry that is neither a name there nor a web address. */
  serviceInvalid: (service: string) =>
    `Enter your ${service} name, or the full web address of your page there, like https://…`,
  aboutTooLong: `Keep your about text under ${PROFILE_TEXT_MAX} characters`,
  topartistsTooLong: `Keep your favorite artists under ${PROFILE_TEXT_MAX} characters`,
  hangoutTooLong: `Keep your hangout under ${PROFILE_TEXT_MAX} characters`,
  reasonRequired: 'Please supply a detailed reason',
  reasonTooLong: `Keep the reason under ${REPORT_REASON_MAX} characters`,
  fanYourself: "You can't be your own fan.",
  fanGuest: "Guests don't have fans yet: they need to sign up first.",
  unfanFailed: 'Unfanning failed.',
  noLongerFan: (name: string) => `${name} is no longer your fan.`,
  pageOutOfRange: (pages: number) => `Please enter a number between 1 and ${pages}`,
  reportYourself: "You can't report yourself.",
  reportSent: 'Thanks. Your report has been sent to the moderators.',
  /** Not in the spec: a member's reports are limited (docs/profiles.md). */
  reportLimit: `You've sent ${REPORTS_PER_DAY} reports in the last 24 hours. The moderators read every one; please wait a while before sending another.`,
} as const;

/** The profile modal (spec §2 Profile screens) in its own words: the facts, the buttons, the hints. */
export const profileViewMessages = {
  title: 'Profile',
  loading: 'Loading the profile…',
  unreachable: "Sorry, we couldn't reach the server. Please refresh to try again.",
  /** A guest's hint, then "Sign up or log in." with its two links. */
  guestOwnProfile: 'Sign up to get a profile of your own, and fans.',
  guestFan: (name: string) => `Sign up to become a fan of ${name}.`,
  signUp: 'Sign up',
  or: 'or',
  logIn: 'log in',
  points: 'DJ points',
  fans: 'Fans',
  fanOf: 'Fan of',
  fansLabel: (count: number) => `Fans: ${count}`,
  fanOfLabel: (count: number) => `Fan of: ${count}`,
  links: 'Links',
  about: 'About',
  topArtists: 'Favorite artists',
  hangout: 'Where I hang out',
  /** One's own empty profile, around its link to the editor. */
  ownEmpty: 'Your profile is empty.',
  ownEmptyLink: 'Tell people about yourself',
  ownEmptyRest: 'and the artists you love.',
  othersEmpty: (name: string) => `${name} hasn't written anything about themselves yet.`,
  pastNames: 'Past names',
  joined: 'Joined',
  graphics: 'Graphics settings',
  tour: 'Take the welcome tour',
  edit: 'Edit Profile',
  turnGold: 'Turn Gold',
  report: 'Report User',
  avatarAlt: (name: string) => `${name}'s avatar`,
  /** Whether the person is around (spec §4 Presence). */
  online: 'Online',
  away: 'Away',
  offline: 'Offline',
  /** The Fan button: Fanned once fanned, Unfan under the pointer. */
  fan: 'Fan',
  fanned: 'Fanned',
  unfan: 'Unfan',
  ignore: 'Ignore User',
  unignore: 'Unignore User',
  ignoreHint: 'Block their chat messages',
  /** The user-type line: each type and what it means. */
  verified: (as: string) => `Verified ${as}`,
  verifiedHint: (as: string) => `Verified by the server's staff as ${as}.`,
  gatekeeper: 'Gatekeeper',
  gatekeeperHint: "One of this server's gatekeepers.",
  superuser: 'Superuser',
  superuserHint: "One of this server's superusers.",
  supporter: 'Supporter',
  supporterHint: 'A supporter of this server.',
  bot: 'Bot',
  botHint: 'A bot: a program that takes part in rooms, run by a member of this server.',
} as const;

export const profile = z.object({
  userid: z.string(),
  name: z.string(),
  twitter: z.string().nullable(),
  facebook: z.string().nullable(),
  soundcloud: z.string().nullable(),
  website: z.string().nullable(),
  about: z.string().nullable(),
  topartists: z.string().nullable(),
  hangout: z.string().nullable(),
  pastNames: z.array(z.string()),
  created: z.number(),
  points: z.number(),
  fans: z.number(),
  fanofs: z.number(),
  images: z.object({ fullfront: z.string(), headfront: z.string() }),
  verified: z.string().nullable(),
  acl: z.number(),
  registered: z.boolean(),
  avatarid: z.number(),
  subscription_level: z.number(),
  /** A bot's account (docs/bots.md): its profile says so, as its place in a room does. */
  bot: z.boolean(),
  /** The viewer's relation to this person (false for oneself and for guests). */
  fanned: z.boolean(),
  blocked: z.boolean(),
});
export type Profile = z.infer<typeof profile>;

export const fanEntry = z.object({
  _id: z.string(),
  name: z.string(),
  image_url: z.string(),
  points: z.number(),
  fans: z.number(),
  /** Above 0: a Gold member, shown with the Gold emblem (spec §6). */
  subscription_level: z.number(),
});
export type FanEntry = z.infer<typeof fanEntry>;

const personId = (what: string) => z.string().trim().min(1, `Please say ${what}.`).max(64);
const optionalText = (max: number, message: string) => z.string().trim().max(max, message).nullable().optional();

/** A name on a service or the address of one's page there: what the profile can show as a link. */
const serviceField = (service: string, base: string) =>
  z
    .string()
    .trim()
    .max(100, profileMessages.linkTooLong)
    .refine((value) => value === '' || serviceLink(value, base) !== null, profileMessages.serviceInvalid(service))
    .nullable()
    .optional();

/** Profile edits: each field optional; an empty string clears it. */
export const profileEdit = z.object({
  name: djName.optional(),
  twitter: z
    .string()
    .trim()
    .transform((handle) => handle.replace(/^@/, ''))
    .pipe(
      z.string().max(TWITTER_HANDLE_MAX, profileMessages.twitterTooLong).regex(/^\w*$/, profileMessages.twitterInvalid),
    )
    .nullable()
    .optional(),
  facebook: serviceField('Facebook', FACEBOOK_BASE),
  soundcloud: serviceField('SoundCloud', SOUNDCLOUD_BASE),
  website: z
    .string()
    .trim()
    .max(200, profileMessages.linkTooLong)
    // Checked in turn, so an address with a space gets the message about spaces.
    .refine((url) => !/[\s\p{Cc}\p{Cf}]/u.test(url), profileMessages.websiteSpaces)
    .refine((url) => url === '' || webAddress(url) !== null, profileMessages.websiteInvalid)
    .nullable()
    .optional(),
  about: optionalText(PROFILE_TEXT_MAX, profileMessages.aboutTooLong),
  topartists: optionalText(PROFILE_TEXT_MAX, profileMessages.topartistsTooLong),
  hangout: optionalText(PROFILE_TEXT_MAX, profileMessages.hangoutTooLong),
});

const fanList = z.object({ numFans: z.number(), pages: z.number(), info: z.array(fanEntry) });

export const chatLine = z.object({
  userid: z.string(),
  name: z.string(),
  text: z.string().max(1000),
  time: z.number(),
});
export type ChatLine = z.infer<typeof chatLine>;

export const profileCalls = callTable(
  defineCall({
    name: 'user.get_profile_info',
    method: 'GET',
    access: 'anyone',
    input: z.object({ profileid: personId('whose profile') }),
    output: profile,
  }),
  defineCall({
    name: 'user.modify_profile',
    method: 'POST',
    access: 'member',
    input: profileEdit,
    output: profile,
  }),
  defineCall({
    name: 'user.become_fan',
    method: 'GET',
    access: 'member',
    input: z.object({ djid: personId('whose fan to become') }),
    output: z.object({}),
  }),
  defineCall({
    name: 'user.remove_fan',
    method: 'GET',
    access: 'member',
    input: z.object({ djid: personId('whom to unfan') }),
    output: z.object({}),
  }),
  defineCall({
    name: 'user.get_fan_info',
    method: 'GET',
    access: 'anyone',
    /** The people who are fans of profileid; page_number is zero-based. */
    input: z.object({
      profileid: personId('whose fans'),
      page_number: wholeNumberWith('The page number must be a whole number')
        .pipe(z.number().min(0, 'The page number must be 0 or more'))
        .default(0),
    }),
    output: fanList,
  }),
  defineCall({
    name: 'user.get_fan_of_info',
    method: 'GET',
    access: 'anyone',
    /** The people profileid is a fan of; page_number is zero-based. */
    input: z.object({
      profileid: personId('whose list'),
      page_number: wholeNumberWith('The page number must be a whole number')
        .pipe(z.number().min(0, 'The page number must be 0 or more'))
        .default(0),
    }),
    output: fanList,
  }),
  defineCall({
    name: 'user.get_fan_of',
    method: 'GET',
    access: 'session',
    input: z.object({}),
    output: z.object({ fanof: z.array(z.string()) }),
  }),
  defineCall({
    name: 'room.report_user',
    method: 'POST',
    access: 'member',
    input: z.object({
      roomid: z.string().max(64).optional(),
      reported: personId('whom to report'),
      reason: z
        .string({ message: profileMessages.reasonRequired })
        .trim()
        .min(1, profileMessages.reasonRequired)
        .max(REPORT_REASON_MAX, profileMessages.reasonTooLong),
      /**
       * Accepted as turntable's clients send it, and not kept: the report carries the room's own
       * record of its recent chat (docs/profiles.md), never a reporter's word for what someone said.
       */
      chatlog: z
        .array(chatLine)
        .max(REPORT_CHATLOG_SIZE * 2)
        .default([]),
    }),
    output: z.object({}),
  }),
  defineCall({
    name: 'room.get_reports',
    method: 'GET',
    access: 'member',
    /** Staff only: the newest reports first. */
    input: z.object({}),
    output: z.object({
      reports: z.array(
        z.object({
          id: z.string(),
          reporter: z.object({ userid: z.string(), name: z.string() }),
          reported: z.object({ userid: z.string(), name: z.string() }),
          roomid: z.string().nullable(),
          reason: z.string(),
          chatlog: z.array(chatLine),
          /**
           * Whose record `chatlog` is: `room`, the room's own chat as the server kept it; `reporter`,
           * what the reporter's page sent (reports made before Platter kept the room's), their word only.
           */
          chatlog_source: z.enum(['room', 'reporter']),
          created: z.number(),
        }),
      ),
    }),
  }),
);
