/**
 * Which form Manage Accounts shows (spec §4 Account layout): a member with
 * neither an unverified email nor a password sets both; everyone else sees
 * the overview, or the form they asked for. A reset link's token always
 * opens the change-password form.
 */
import type { SelfUser } from '@platter/contract';
import { ApiCallError } from '../../api/client';

export type AccountView = 'overview' | 'changePassword' | 'changeEmail' | 'setEmailPassword' | 'forgotPassword';

type AccountFacts = Pick<SelfUser, 'email' | 'unverified_email' | 'has_tt_password'>;

export function accountLayout(user: AccountFacts, requested: AccountView, hasResetToken: boolean): AccountView {
  if (hasResetToken) return 'changePassword';
  if (!user.unverified_email && !user.has_tt_password) return 'setEmailPassword';
  // Changing either needs the current password: without one, both are set together.
  if (!user.has_tt_password && (requested === 'changeEmail' || requested === 'changePassword')) {
    return 'setEmailPassword';
  }
  if (requested === 'forgotPassword' && !resetAddress(user)) return 'overview';
  return requested;
}

/** Where a password reset link goes: the verified address, else the one waiting for verification. */
export function resetAddress(user: AccountFacts): string | null {
  return user.email ?? user.unverified_email;
}

/** The set-email-and-password form offers Cancel only when there is something to go back to (spec §2). */
export function canCancelSetForm(user: AccountFacts): boolean {
  return user.unverified_email !== null;
}

/**
 * True when the server says a mailed link's token has expired or was used
 * (the link-expired modal, spec §8).
 */
export function isExpiredLink(error: unknown): boolean {
  return error instanceof ApiCallError && error.code === 'link_expired';
}
