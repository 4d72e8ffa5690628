/**
 * Writing a sign-up (spec §4 Registration), for a new member or a guest
 * becoming one. A sign-up with an address that already has an account answers
 * as any other does, by its words and by its time, so that sign-up cannot tell
 * anyone whether an address has an account (login and forgot-password keep
 * the same secret): the member is made with the name and password, the address
 * stays with its account, and its owner is mailed that someone tried it
 * instead of a confirmation link.
 */
import type { ParsedInput } from '@platter/contract';
import type { Services } from '../../api/context';
import { isUniqueViolation } from '../../api/errors';
import { hashPassword } from '../auth';
import { sendSignupAttemptNotice, sendVerification } from './account-mail';
import { nameColumns } from '../../lib/name-skeleton';
import { ensureNameFree, findUserHoldingEmail, isEmailTaken } from './store';

export type Registration = ParsedInput<'user.email_register'>;

/** What a registration writes on the member's row. */
export interface RegistrationFields {
  name: string;
  nameLower: string;
  nameSkeleton: string;
  unverifiedEmail: string | null;
  unverifiedEmailLower: string | null;
  passwordHash: string;
  avatarId: number;
  registeredAt: number;
}

/** The argon2id hash of `password` made already: the demo's members share one password, hashed once. */
export interface PrehashedPassword {
  passwordHash?: string;
}

/**
 * Writes a registration through `write` (an insert, or the guest's update).
 * A taken name is refused: names are public. A taken address is not: the
 * member is made without it, and `emailTaken` says so, for mailRegistration.
 * The work is the same either way (one check of each, one argon2id hash, one
 * write), so the time tells nothing either.
 */
export async function register(
  services: Services,
  input: Registration & PrehashedPassword,
  write: (fields: RegistrationFields) => Promise<void>,
  exceptUserId?: string,
): Promise<{ emailTaken: boolean }> {
  const { db } = services;
  await ensureNameFree(db, input.name, exceptUserId);
  const emailTaken = await isEmailTaken(db, input.email, exceptUserId);
  const fields = {
    ...nameColumns(input.name),
    passwordHash: input.passwordHash ?? (await hashPassword(input.password)),
    avatarId: input.avatarid,
    registeredAt: services.now(),
  };
  const withEmail = (taken: boolean) => ({
    ...fields,
    unverifiedEmail: taken ? null : input.email,
    unverifiedEmailLower: taken ? null : input.email.toLowerCase(),
  });
  try {
    await write(withEmail(emailTaken));
    return { emailTaken };
  } catch (error) {
    // A simultaneous sign-up won the name or the address: the name is refused, the address ends as a taken one.
    if (!isUniqueViolation(error)) throw error;
    await ensureNameFree(db, input.name, exceptUserId);
    await write(withEmail(true));
    return { emailTaken: true };
  }
}

/**
 * Mails the address a sign-up gave, in the background: a confirmation link,
 * or, when another account has it, a word to that account's owner.
 */
export function mailRegistration(services: Services, memberId: string, input: Registration, emailTaken: boolean): void {
  if (emailTaken) sendSignupAttemptNotice(services, input.email, () => findUserHoldingEmail(services.db, input.email));
  else sendVerification(services, { id: memberId, name: input.name }, input.email);
}
