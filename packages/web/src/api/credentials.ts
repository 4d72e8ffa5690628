/** Who this page is: the session's userid + userauth, remembered in the three cookies. */
import { SESSION_COOKIES, type Credentials } from '@platter/contract';
import { getCookie, removeCookie } from '../lib/cookies';

let current: Credentials | null = null;

export function getCredentials(): Credentials | null {
  return current;
}

export function setCredentials(credentials: Credentials | null): void {
  current = credentials;
}

export function credentialsFromCookies(): Credentials | null {
  const userid = getCookie(SESSION_COOKIES.userId);
  const userauth = getCookie(SESSION_COOKIES.userAuth);
  return userid && userauth ? { userid, userauth } : null;
}

/** The server clears the cookies on /logout/; this covers a logout that could not reach it. */
export function forgetSessionCookies(): void {
  for (const name of Object.values(SESSION_COOKIES)) removeCookie(name);
}
