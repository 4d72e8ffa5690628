/**
 * The spec's §5 rules with their exact messages. The server enforces them
 * (authoritative); the web's forms reuse them for instant feedback.
 */
import { z } from 'zod';
import { DJ_NAME_MAX, EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, SIGNUP_AVATAR_IDS } from './constants';

export const messages = {
  emailInvalid: 'Please enter a valid email address',
  passwordTooShort: `Your password must be at least ${PASSWORD_MIN} characters long`,
  passwordTooLong: `Your password can't be longer than ${PASSWORD_MAX} characters`,
  passwordsMustMatch: 'Your passwords must match',
  nameBlank: "Your DJ name can't be blank",
  nameTooLong: `Your DJ name is too long! Keep it under ${DJ_NAME_MAX} characters`,
  nameSpecialCharacters: "Your DJ name can't have special characters",
  nameAdjacentSpaces: "Your DJ name can't have two spaces in a row",
  nameTaken: 'That DJ name is already taken. Try another!',
  /** Not in the spec: a name that would pass for one taken ('Bоb' with a Cyrillic о beside 'Bob'). */
  nameLookalike: (taken: string) => `That DJ name looks just like ${taken}, which is taken. Try another!`,
  avatarNotOffered: 'Please choose one of the avatars shown',
} as const;

/**
 * Letters of any script, digits, single spaces and the punctuation a DJ name
 * may carry. Left out on purpose: < > " ` \ / and control characters, which
 * only ever serve to break markup or impersonate formatting (docs/accounts.md).
 */
const DJ_NAME_CHARACTERS = /^[\p{L}\p{M}\p{N} _\-.!?'&()[\]{}*+,:;@#$%^~=|]*$/u;

export const djName = z
  .string()
  .trim()
  .superRefine((name, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (name.length === 0) return fail(messages.nameBlank);
    if ([...name].length > DJ_NAME_MAX) return fail(messages.nameTooLong);
    if (!DJ_NAME_CHARACTERS.test(name)) return fail(messages.nameSpecialCharacters);
    if (/\s{2,}/.test(name)) return fail(messages.nameAdjacentSpaces);
  });

export const email = z.string().trim().max(EMAIL_MAX, messages.emailInvalid).pipe(z.email(messages.emailInvalid));

export const password = z
  .string()
  .min(PASSWORD_MIN, messages.passwordTooShort)
  .max(PASSWORD_MAX, messages.passwordTooLong);

/** A form's password plus its confirmation; the web uses it, the API takes one password. */
export const passwordWithConfirmation = z
  .object({ password, confirm: z.string() })
  .refine((v) => v.password === v.confirm, {
    message: messages.passwordsMustMatch,
    path: ['confirm'],
  });

/**
 * A whole number as JSON sends it (5) or as a query string does ("5"). Unlike
 * z.coerce, it refuses true, "" and " ", which coerce to 1 and 0.
 */
export const wholeNumber = wholeNumberWith();

/** wholeNumber, with the sentence to show when the value is not a whole number at all. */
export function wholeNumberWith(message?: string) {
  return z.union(
    [
      z.number().int(),
      z
        .string()
        .trim()
        // Up to 15 digits (a double holds them exactly), after any leading zeros: "007" is 7.
        .regex(/^-?0*\d{1,15}$/)
        .transform(Number),
    ],
    message ? { message } : undefined,
  );
}

/** A flag as JSON sends it (true) or as a query string does ("true", "1"). */
export const booleanish = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const signupAvatarId = wholeNumber.refine(
  (id) => (SIGNUP_AVATAR_IDS as readonly number[]).includes(id),
  messages.avatarNotOffered,
);

/** The first message a schema gives for a value, or null when it passes. */
export function firstError(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid value');
}
