/** The `user.*` calls of spec §7 that concern identity: sessions, registration, the User entity. */
import { z } from 'zod';
import { callTable, defineCall } from '../define-call';
import { booleanish, djName, email, password, signupAvatarId } from '../validation';
import { DEFAULT_AVATAR_ID } from '../constants';

/** A session's credentials: what the client adds to every call as userid + userauth. */
export const credentials = z.object({ userid: z.string(), userauth: z.string() });
export type Credentials = z.infer<typeof credentials>;

const optionalText = z.string().max(512).optional();

/** Fields the browser adds to registration and login: spec §7. */
const clientEvidence = {
  fingerprint: optionalText,
  captcha: z.string().max(4096).optional(),
};

const registration = z.object({
  name: djName,
  email,
  password,
  avatarid: signupAvatarId.default(DEFAULT_AVATAR_ID),
  ...clientEvidence,
  usertoken: optionalText,
});

export const laptops = ['mac', 'pc', 'linux', 'chrome', 'iphone', 'android'] as const;

export const avatarImages = z.object({ fullfront: z.string(), headfront: z.string() });

export const customAvatar = z.object({
  bf: z.string(),
  sf: z.string(),
  hf: z.string(),
});

/** The §3 User entity as its owner sees it. Secrets (hashes, tokens) are never part of it. */
export const selfUser = z.object({
  userid: z.string(),
  name: z.string().nullable(),
  registered: z.boolean(),
  email: z.string().nullable(),
  unverified_email: z.string().nullable(),
  has_tt_password: z.boolean(),
  avatarid: z.number(),
  custom_avatar: customAvatar.nullable(),
  images: avatarImages,
  points: z.number(),
  fans: z.number(),
  fanofs: z.number(),
  acl: z.number(),
  bot: z.boolean(),
  fbid: z.string().nullable(),
  twitterid: z.string().nullable(),
  twitter_profile_image: z.string().nullable(),
  laptop: z.enum(laptops),
  subscription_level: z.number(),
  status: z.string(),
  created: z.number(),
});
export type SelfUser = z.infer<typeof selfUser>;

/** What anyone else may see of a user: no email, no linked-account ids. */
export const publicUser = selfUser.pick({
  userid: true,
  name: true,
  registered: true,
  avatarid: true,
  custom_avatar: true,
  images: true,
  points: true,
  fans: true,
  fanofs: true,
  acl: true,
  bot: true,
  laptop: true,
  subscription_level: true,
  status: true,
  created: true,
});
export type PublicUser = z.infer<typeof publicUser>;

export const preferences = z.object({
  layout: z.enum(['dual', 'single']),
  miniplayer: z.boolean(),
  disable_zoom: z.boolean(),
  disable_animation: z.boolean(),
  disable_webgl: z.boolean(),
});
export type Preferences = z.infer<typeof preferences>;

export const guestMessages = {
  /** user.guest_create past the limit per address this minute (rate_limited). */
  tooManyGuests: 'Lots of people are arriving from your network right now. Please wait a minute and try again.',
} as const;

export const signupMessages = {
  /**
   * Not in the spec: what the page says once a sign-up is through. The same whether the address was
   * new (a confirmation link) or had an account (its owner is told), so the page tells no one which.
   */
  checkMail: (email: string) => `We sent an email to ${email}. Please check your inbox.`,
} as const;

export const loginMessages = {
  /**
   * user.email_login from an address that has had too many wrong passwords for this email lately
   * (rate_limited): it waits longer after each further one; others, the account's owner included, do not.
   */
  tooManyWrongPasswords: (minutes: number) =>
    `Too many wrong passwords for this email from your network. Please wait ${minutes === 1 ? 'a minute' : `${minutes} minutes`} and try again, or reset your password.`,
} as const;

export const userCalls = callTable(
  defineCall({
    name: 'user.guest_create',
    method: 'POST',
    access: 'anyone',
    input: z.object({ usertoken: optionalText, fingerprint: optionalText }),
    output: credentials,
  }),
  defineCall({
    name: 'user.guest_register',
    method: 'POST',
    access: 'session',
    input: registration,
    output: credentials,
  }),
  defineCall({
    name: 'user.email_register',
    method: 'POST',
    access: 'anyone',
    input: registration,
    output: credentials,
  }),
  defineCall({
    name: 'user.email_login',
    method: 'POST',
    access: 'anyone',
    // Login checks only that the fields are there: the rules are for new passwords.
    input: z.object({
      email: z.string().trim().min(1, 'Please enter your email address').max(254),
      password: z.string().min(1, 'Please enter your password').max(1024),
      ...clientEvidence,
    }),
    output: credentials,
  }),
  defineCall({
    name: 'user.authenticate',
    method: 'GET',
    access: 'session',
    input: z.object({}),
    output: z.object({ userid: z.string(), registered: z.boolean() }),
  }),
  defineCall({
    name: 'user.logout',
    method: 'POST',
    access: 'session',
    input: z.object({}),
    output: z.object({}),
  }),
  defineCall({
    name: 'user.info',
    method: 'GET',
    access: 'session',
    input: z.object({}),
    output: selfUser,
  }),
  defineCall({
    name: 'user.suggest_name',
    method: 'GET',
    access: 'anyone',
    input: z.object({}),
    output: z.object({ suggested_name: z.string() }),
  }),
  defineCall({
    name: 'user.verify_name',
    method: 'GET',
    access: 'anyone',
    input: z.object({ name: djName }),
    output: z.object({ name: z.string() }),
  }),
  defineCall({
    name: 'user.get_id',
    method: 'GET',
    access: 'anyone',
    input: z.object({ name: z.string().trim().min(1, 'Please enter a DJ name').max(64) }),
    output: z.object({ userid: z.string() }),
  }),
  defineCall({
    name: 'user.get_prefs',
    method: 'GET',
    access: 'session',
    input: z.object({}),
    output: preferences,
  }),
  defineCall({
    name: 'user.modify',
    method: 'GET',
    access: 'session',
    /** Changes the caller's preferences (graphics, layout) and laptop; only what is sent changes. */
    input: z.object({
      laptop: z.enum(laptops).optional(),
      layout: z.enum(['dual', 'single']).optional(),
      miniplayer: booleanish.optional(),
      disable_zoom: booleanish.optional(),
      disable_animation: booleanish.optional(),
      disable_webgl: booleanish.optional(),
    }),
    output: preferences.extend({ laptop: z.enum(laptops) }),
  }),
);
