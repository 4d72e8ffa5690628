/** Becoming someone: guest sessions, registration and email login (spec §4 Startup, Registration). */
import { guestMessages, type ParsedInput } from '@platter/contract';
import type { HandlerGroup, Services } from '../../api/context';
import { errors } from '../../api/errors';
import { limitAction, limitAttempts, RATE_LIMIT_WINDOW_MS, type AttemptKind } from '../../api/rate-limit';
import { requireHuman } from '../../adapters/captcha';
import { newId } from '../../lib/ids';
import { createSession, endSession, verifyPassword } from '../auth';
import { awaitTurn, rightPassword, wrongPassword } from './login-backoff';
import { mailRegistration, register, type PrehashedPassword, type Registration } from './registration';
import { findUserByLoginEmail, insertUser, updateUser } from './store';

const LOGIN_FAILED = "Sorry, that email and password don't match. Please try again.";
const ALREADY_MEMBER = "You're already signed up! Log out first to make a new account.";

export const authHandlers = {
  'user.guest_create': async (device, services) => {
    // Every first visit makes a guest, and a school or an office shares one address: a generous limit.
    await limitAction(services, {
      counts: [{ key: `guest:ip:${services.request.ip}`, limit: services.config.guestsPerAddressPerMinute }],
      windowMs: RATE_LIMIT_WINDOW_MS,
      message: guestMessages.tooManyGuests,
    });
    return createGuest(services, device);
  },

  'user.email_register': async (input, services) => {
    await checkAttempt(services, 'register', input);
    const { id, emailTaken } = await insertMember(services, input);
    mailRegistration(services, id, input, emailTaken);
    return createSession(services, id, input);
  },

  'user.guest_register': async (input, services) => {
    const { caller } = services;
    if (caller.registered) throw errors.conflict(ALREADY_MEMBER);
    await checkAttempt(services, 'register', input);
    const { emailTaken } = await register(
      services,
      input,
      (fields) => updateUser(services.db, caller.userid, fields),
      caller.userid,
    );
    mailRegistration(services, caller.userid, input, emailTaken);
    // A new secret for the new identity: whoever knew the guest's does not inherit the member.
    await endSession(services, caller.sessionId);
    return createSession(services, caller.userid, input);
  },

  'user.email_login': async (input, services) => {
    const { email, password, fingerprint } = input;
    const { ip } = services.request;
    // Per address a minute, and per address and email with a growing wait; never per account alone,
    // which anyone knowing the email could keep locked (login-backoff.ts).
    await limitAttempts(services, 'login', ip, null);
    await awaitTurn(services, ip, email);
    await requireHuman(services.config.captcha, input.captcha, ip);
    const user = await findUserByLoginEmail(services.db, email);
    const ok = await verifyPassword(user?.passwordHash ?? null, password);
    if (!user || !ok) {
      await wrongPassword(services, ip, email);
      throw errors.invalid(LOGIN_FAILED);
    }
    await rightPassword(services, ip, email);
    return createSession(services, user.id, { fingerprint });
  },

  'user.authenticate': async (_input, { caller }) => ({ userid: caller.userid, registered: caller.registered }),

  'user.logout': async (_input, services) => {
    await endSession(services, services.caller.sessionId);
    return {};
  },
} satisfies HandlerGroup;

/** A new guest and its session, with no limit (the handler adds it; the demo seed makes hundreds). */
export async function createGuest(services: Services, device: ParsedInput<'user.guest_create'>) {
  const id = newId();
  await insertUser(services.db, { id, createdAt: services.now(), lastSeenAt: services.now() });
  return createSession(services, id, device);
}

/**
 * Brute force and bots: attempts are limited per IP and per email, then the
 * human check runs (when configured) before any password is looked at.
 */
async function checkAttempt(
  services: Services & { request: { ip: string } },
  kind: AttemptKind,
  input: { email: string; captcha?: string | undefined },
): Promise<void> {
  await limitAttempts(services, kind, services.request.ip, input.email);
  await requireHuman(services.config.captcha, input.captcha, services.request.ip);
}

/** A new member from a sign-up form, with no limits or mail (the handler adds those; the demo seed needs neither). */
export async function createEmailMember(services: Services, input: Registration & PrehashedPassword): Promise<string> {
  return (await insertMember(services, input)).id;
}

async function insertMember(
  services: Services,
  input: Registration & PrehashedPassword,
): Promise<{ id: string; emailTaken: boolean }> {
  const id = newId();
  const { emailTaken } = await register(services, input, (fields) =>
    insertUser(services.db, { id, createdAt: services.now(), lastSeenAt: services.now(), ...fields }),
  );
  return { id, emailTaken };
}
