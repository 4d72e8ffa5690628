/**
 * Email and password (spec §2 Account screen, §4 Email, §7 user.change_email …
 * user.reverify_email). An email is unverified until its link is followed;
 * passwords are checked before anything changes; links are single-use tokens.
 */
import { accountMessages } from '@platter/contract';
import type { Caller, HandlerGroup, RequestInfo, Services } from '../../api/context';
import { errors, isUniqueViolation } from '../../api/errors';
import { limitAttempts } from '../../api/rate-limit';
import type { UserRow, UserUpdate } from '../../db/schema';
import { endAllSessions, endOtherSessions, hashPassword, verifyPassword } from '../auth';
import { sendEmailChangeNotice, sendPasswordReset, sendVerification } from './account-mail';
import { findUser, findUserByLoginEmail, isEmailTaken, updateUser } from './store';
import { consumeToken, linkExpired, revokeTokens } from './tokens';

export const emailMessages = {
  changeSent: (email: string) => `We sent a link to ${email}. Follow it to finish changing your email.`,
  verifySent: (email: string) => `We sent a link to ${email}. Follow it to confirm your email address.`,
  emailTaken: 'That email address belongs to another account.',
  sameEmail: "That's already your email address.",
  noPasswordYet: "You haven't set a password yet: set your email and password first.",
  hasPassword: 'You already have a password. Use "change password" or "change email" instead.',
  nothingToVerify: 'Your email address is already verified.',
  notWaiting: "That isn't the email address waiting to be verified.",
} as const;

export const emailPasswordHandlers = {
  'user.change_email': async (input, services) => {
    if ('verify_token' in input) {
      await verifyEmail(services, input.verify_token);
      return { notice: null };
    }
    const user = await signedInMember(services, services.caller);
    await checkPassword(services, user, input.password);
    if (user.emailLower === input.email.toLowerCase()) throw errors.invalid(emailMessages.sameEmail);
    await saveEmail(services, user, input.email, {});
    sendVerification(services, user, input.email);
    if (user.email) sendEmailChangeNotice(services, user, user.email, input.email);
    return { notice: emailMessages.changeSent(input.email) };
  },

  'user.change_password': async (input, services) => {
    if ('reset_token' in input) {
      const userId = await resetPassword(services, input.reset_token, await hashPassword(input.password));
      // A reset is how a taken-over account is won back: nobody stays signed in.
      await endAllSessions(services, userId);
      return {};
    }
    const caller = signedIn(services.caller);
    const user = await memberOf(services, caller);
    await checkPassword(services, user, input.old_password);
    const passwordHash = await hashPassword(input.password);
    await updateUser(services.db, user.id, { passwordHash, ...unverifiedEmailAfterPasswordChange(user, null) });
    await revokeTokens(services.db, user.id, 'reset_password', services.now());
    await endOtherSessions(services, user.id, caller.sessionId);
    return {};
  },

  'user.set_email_password': async ({ email, password }, services) => {
    const user = await signedInMember(services, services.caller);
    if (user.passwordHash) throw errors.conflict(emailMessages.hasPassword);
    const passwordHash = await hashPassword(password);
    if (user.emailLower === email.toLowerCase()) {
      await updateUser(services.db, user.id, { passwordHash });
      return { notice: null };
    }
    await saveEmail(services, user, email, { passwordHash });
    sendVerification(services, user, email);
    return { notice: emailMessages.verifySent(email) };
  },

  'user.forgot_password': async ({ email }, services) => {
    await limitAttempts(services, 'reset', services.request.ip, email);
    const user = await findUserByLoginEmail(services.db, email);
    const address = user?.email ?? user?.unverifiedEmail;
    // The same answer either way: whether an address has an account is nobody's business.
    if (user && address) sendPasswordReset(services, user, address);
    return {};
  },

  'user.reverify_email': async ({ email }, services) => {
    const user = await signedInMember(services, services.caller);
    if (!user.unverifiedEmail || !user.unverifiedEmailLower) throw errors.invalid(emailMessages.nothingToVerify);
    if (user.unverifiedEmailLower !== email.toLowerCase()) throw errors.invalid(emailMessages.notWaiting);
    await limitAttempts(services, 'reset', services.request.ip, user.id);
    sendVerification(services, user, user.unverifiedEmail);
    return {};
  },
} satisfies HandlerGroup;

/** Calls open to anyone (for their links) check the session themselves where they need one. */
function signedIn(caller: Caller | null): Caller {
  if (!caller) throw errors.notAuthenticated();
  if (!caller.registered) throw errors.membersOnly();
  return caller;
}

async function memberOf(services: Services, caller: Caller): Promise<UserRow> {
  const user = await findUser(services.db, caller.userid);
  if (!user) throw errors.notAuthenticated();
  return user;
}

/** What a handler is given: the services and the request. */
type Context = Services & { request: RequestInfo };

function signedInMember(services: Services, caller: Caller | null): Promise<UserRow> {
  return memberOf(services, signedIn(caller));
}

/** A signed-in member proving it is them; counted like logins, so a found session cannot guess the password. */
async function checkPassword(services: Context, user: UserRow, password: string): Promise<void> {
  await limitAttempts(services, 'login', services.request.ip, user.id);
  if (!user.passwordHash) throw errors.invalid(emailMessages.noPasswordYet);
  if (!(await verifyPassword(user.passwordHash, password))) throw errors.invalid(accountMessages.wrongPassword);
}

/** Makes `email` the account's unverified email (with other changes), unless another account has it. */
async function saveEmail(services: Services, user: UserRow, email: string, changes: UserUpdate): Promise<void> {
  if (await isEmailTaken(services.db, email, user.id)) throw errors.conflict(emailMessages.emailTaken);
  try {
    await updateUser(services.db, user.id, {
      ...changes,
      unverifiedEmail: email,
      unverifiedEmailLower: email.toLowerCase(),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.conflict(emailMessages.emailTaken);
    throw error;
  }
}

/**
 * Spec §4: verifying sets email and clears unverified_email (and the member
 * has a password: every way to an unverified email sets one). A link for an
 * address the account has since given up is expired.
 */
async function verifyEmail(services: Services, secret: string): Promise<void> {
  const at = services.now();
  await services.db.transaction().execute(async (trx) => {
    const token = await consumeToken(trx, secret, 'verify_email', at);
    const user = await findUser(trx, token.userId);
    if (!user?.unverifiedEmail || user.unverifiedEmailLower !== token.email?.toLowerCase()) throw linkExpired();
    await updateUser(trx, user.id, {
      email: user.unverifiedEmail,
      emailLower: user.unverifiedEmailLower,
      unverifiedEmail: null,
      unverifiedEmailLower: null,
    });
  });
}

/** Sets a new password with a reset link's token; returns whose it was. */
async function resetPassword(services: Services, secret: string, passwordHash: string): Promise<string> {
  const at = services.now();
  return services.db.transaction().execute(async (trx) => {
    const token = await consumeToken(trx, secret, 'reset_password', at);
    const user = await findUser(trx, token.userId);
    if (!user) throw linkExpired();
    await updateUser(trx, user.id, { passwordHash, ...unverifiedEmailAfterPasswordChange(user, token.email) });
    await revokeTokens(trx, user.id, 'reset_password', at);
    return user.id;
  });
}

/**
 * Spec §4: "Changing password sets has_tt_password and clears
 * unverified_email". A reset link mailed to the unverified address proves it,
 * so that address becomes the verified email. Otherwise a pending change of
 * email is dropped — after a password change, a change asked for by whoever
 * had the old password should not go through — except where the unverified
 * address is the account's only one, which it still signs in with.
 */
function unverifiedEmailAfterPasswordChange(user: UserRow, provenEmail: string | null): UserUpdate {
  if (!user.unverifiedEmail) return {};
  if (provenEmail && provenEmail.toLowerCase() === user.unverifiedEmailLower) {
    return {
      email: user.unverifiedEmail,
      emailLower: user.unverifiedEmailLower,
      unverifiedEmail: null,
      unverifiedEmailLower: null,
    };
  }
  return user.email ? { unverifiedEmail: null, unverifiedEmailLower: null } : {};
}
