/**
 * Startup, login and logout (spec §4 Startup, Logout): authenticate from the
 * cookies, or become a new guest when there are none (or they have expired).
 */
import type { Credentials, SelfUser } from '@platter/contract';
import { ApiCallError, call, postSessionRoute } from '../api/client';
import { credentialsFromCookies, forgetSessionCookies, getCredentials, setCredentials } from '../api/credentials';
import { browserFingerprint } from '../lib/fingerprint';

export async function startSession(): Promise<SelfUser> {
  const remembered = credentialsFromCookies();
  if (remembered) {
    setCredentials(remembered);
    try {
      return await call('user.info', {});
    } catch (error) {
      if (!(error instanceof ApiCallError && error.code === 'not_authenticated')) throw error;
      forgetSessionCookies();
    }
  }
  return becomeGuest();
}

async function becomeGuest(): Promise<SelfUser> {
  setCredentials(null);
  const guest = await call('user.guest_create', {});
  // The calls carry the credentials themselves: the cookies and the guest's details come in one round trip, not two.
  setCredentials(guest);
  const [, user] = await Promise.all([rememberSession(guest), call('user.info', {})]);
  return user;
}

/** Makes the server set the session cookies for credentials the page already holds. */
export async function rememberSession(credentials: Credentials): Promise<void> {
  await postSessionRoute('/guest_login/', { ...credentials });
  setCredentials(credentials);
}

/** `captcha`: the human-verification widget's token, when the server asks for one. */
export async function logInWithEmail(email: string, password: string, captcha?: string): Promise<void> {
  const fingerprint = await browserFingerprint();
  const credentials = await postSessionRoute<Credentials>('/email_login/', { email, password, fingerprint, captcha });
  setCredentials(credentials);
}

export interface Registration {
  name: string;
  email: string;
  password: string;
  avatarid: number;
  /** The human-verification widget's token, when the server asks for one. */
  captcha?: string;
}

/**
 * Registers (spec §4 Registration): a guest becomes a member with its own id
 * (user.guest_register); a page with no session registers afresh
 * (user.email_register). Either way the new session is remembered in the cookies.
 */
export async function register(details: Registration): Promise<void> {
  const fingerprint = await browserFingerprint();
  const input = { ...details, fingerprint };
  const credentials =
    getCredentials() === null ? await call('user.email_register', input) : await call('user.guest_register', input);
  await rememberSession(credentials);
}

export async function logOut(): Promise<void> {
  try {
    await postSessionRoute('/logout/', { ...getCredentials() });
  } finally {
    forgetSessionCookies();
    setCredentials(null);
  }
}
