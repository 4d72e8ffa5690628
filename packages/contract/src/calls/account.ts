/**
 * Account management (spec §2 Account screen, Contact Settings; §4 Email;
 * §7 user.change_email … user.edit_prefs, block.*). The spec lists some of
 * these as GET; every call that carries a password or a link's token, or that
 * sends mail, is POST here, so that secrets never sit in URLs, logs or browser
 * history, and a prefetch never sends mail (docs/accounts.md).
 */
import { z } from 'zod';
import { callTable, defineCall } from '../define-call';
import { email, password } from '../validation';
import { IGNORE_LIST_MAX } from '../constants';

export const accountMessages = {
  emailSaved: 'Successfully changed your email!',
  passwordSaved: 'Successfully changed your password.',
  emailAndPasswordSaved: 'Your email and password have been saved!',
  emailAndPasswordUpdated: 'Successfully updated your email and password! Thanks!',
  resetSent: 'Successfully sent your password reset link.  Please check your email.',
  prefsSaved: 'Your preferences have been saved.',
  wrongPassword: "Sorry, that password isn't right.",
  linkExpired: 'That link has expired or has already been used. Please contact support if you need help.',
  /** Spec §8: what the ignore modal says when block.remove fails. */
  ignoreRemoveFailed: 'An error occurred when removing the user',
  ignoreYourself: "You can't ignore yourself.",
  ignoreUnknown: "Sorry, we couldn't find that user.",
  ignoreListFull: `Your ignore list is full (${IGNORE_LIST_MAX} people). Remove someone first.`,
  unknownContactPref: (name: string) => `There is no contact preference named '${name}'.`,
} as const;

/**
 * The contact settings (spec §2 Contact Settings, §3 Contact preference
 * entry), in the order they are shown. `{product}` in a label stands for the
 * instance's PRODUCT_NAME; the server fills it in (contactPrefLabel).
 */
export const CONTACT_PREFS = [
  { name: 'fan_email', label: 'Email me when someone becomes my fan', checked: true },
  { name: 'friend_joined', label: 'Email me when a friend of mine joins {product}', checked: true },
  { name: 'dj_reminders', label: 'Remind me when a room I like needs DJs', checked: false },
  { name: 'news', label: 'Send me news and updates about {product}', checked: false },
] as const;

export type ContactPrefName = (typeof CONTACT_PREFS)[number]['name'];

export function isContactPrefName(name: string): name is ContactPrefName {
  return CONTACT_PREFS.some((pref) => pref.name === name);
}

export function contactPrefLabel(label: string, productName: string): string {
  return label.replaceAll('{product}', productName);
}

const token = z.string().trim().min(1).max(200);

export const contactPref = z.object({ name: z.string(), checked: z.boolean(), label: z.string() });
export type ContactPref = z.infer<typeof contactPref>;

export const accountCalls = callTable(
  defineCall({
    name: 'user.change_email',
    method: 'POST',
    // A verification link works in any browser: its token says whose email it is.
    // The email + password form needs a signed-in member (the handler checks).
    access: 'anyone',
    /** Either a verification link's token, or a new email with the current password. */
    input: z.union([
      z.object({ verify_token: token }),
      z.object({ email, password: z.string().min(1, 'Please enter your password').max(1024) }),
    ]),
    output: z.object({ notice: z.string().nullable() }),
  }),
  defineCall({
    name: 'user.change_password',
    method: 'POST',
    access: 'anyone',
    /** The new password, with the old one or a reset link's token. */
    input: z.union([
      z.object({ password, reset_token: token }),
      z.object({ password, old_password: z.string().min(1, 'Please enter your current password').max(1024) }),
    ]),
    output: z.object({}),
  }),
  defineCall({
    name: 'user.set_email_password',
    method: 'POST',
    access: 'member',
    input: z.object({ email, password }),
    output: z.object({ notice: z.string().nullable() }),
  }),
  defineCall({
    name: 'user.forgot_password',
    method: 'POST',
    access: 'anyone',
    input: z.object({ email }),
    output: z.object({}),
  }),
  /** Sends the verification link again, to the caller's unverified email (which `email` must name). */
  defineCall({
    name: 'user.reverify_email',
    method: 'POST',
    access: 'member',
    input: z.object({ email }),
    output: z.object({}),
  }),
  defineCall({
    name: 'user.get_contact_prefs',
    method: 'GET',
    access: 'member',
    input: z.object({}),
    output: z.object({ sorted_prefs: z.array(contactPref) }),
  }),
  defineCall({
    name: 'user.edit_prefs',
    method: 'POST',
    access: 'member',
    /** Checkbox name → checked; names left out keep their value. Unknown names are refused. */
    input: z.record(z.string().max(64), z.boolean()).superRefine((prefs, ctx) => {
      const unknown = Object.keys(prefs).find((name) => !isContactPrefName(name));
      if (unknown !== undefined) ctx.addIssue({ code: 'custom', message: accountMessages.unknownContactPref(unknown) });
    }),
    output: z.object({}),
  }),
);

export const blockCalls = callTable(
  defineCall({
    name: 'block.add',
    method: 'GET',
    access: 'member',
    input: z.object({ blockedid: z.string().trim().min(1, 'Please say whom to ignore.').max(64) }),
    /** Blocking a fan also unfans them (spec §4 Fan state). */
    output: z.object({ unfanned: z.boolean(), username: z.string() }),
  }),
  defineCall({
    name: 'block.remove',
    method: 'GET',
    access: 'member',
    input: z.object({ blockedid: z.string().trim().min(1).max(64) }),
    output: z.object({}),
  }),
  defineCall({
    name: 'block.list_all',
    method: 'GET',
    access: 'member',
    input: z.object({}),
    output: z.object({ blocks: z.array(z.object({ blockedid: z.string(), username: z.string() })) }),
  }),
);
