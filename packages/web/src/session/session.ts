/**
 * Startup, login and logout (spec §4 Startup, Logout): authenticate from the
 * cookies, or become a new guest when there are none (or they have expired).
 */
import type { Credentials, SelfUser } from '@platter/contract';
import { ApiCallError, call, postSessionRoute } from '../api/client';
import { credentialsFromCookies, forgetSessionCookies, getCredentials, setCredentials } from '../api/credentials';

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
  await rememberSession(guest);
  return call('user.info', {});
}

/** Makes the server set the session cookies for credentials the page already holds. */
export async function rememberSession(credentials: Credentials): Promise<void> {
  await postSessionRoute('/guest_login/', { ...credentials });
  setCredentials(credentials);
}

export async function logInWithEmail(email: string, password: string): Promise<void> {
  const credentials = await postSessionRoute<Credentials>('/email_login/', { email, password });
  setCredentials(credentials);
}

export async function logOut(): Promise<void> {
  try {
    await postSessionRoute('/logout/', { ...getCredentials() });
  } finally {
    forgetSessionCookies();
    setCredentials(null);
  }
}
