/**
 * The session a request presents in its `Authorization: Platter <userid>:<userauth>` header
 * (the web app's way, which keeps the secret out of every URL and so out of access logs).
 * Another scheme is not ours (a proxy's Basic login, say) and counts as no header at all.
 */
import { CREDENTIALS_SCHEME } from '@platter/contract';

export interface HeaderCredentials {
  userid: string;
  userauth: string;
}

/** Longer than any userid or userauth the server hands out; a longer value is refused unread. */
const MAX_PART = 200;
const SCHEME = CREDENTIALS_SCHEME.toLowerCase();

/** The header's credentials, `undefined` without a Platter header, or 'malformed'. */
export function credentialsFromHeader(header: string | undefined): HeaderCredentials | 'malformed' | undefined {
  const space = header?.indexOf(' ') ?? -1;
  // The scheme is matched without regard to case, as HTTP says.
  if (header === undefined || (space < 0 ? header : header.slice(0, space)).toLowerCase() !== SCHEME) return undefined;
  const value = space < 0 ? '' : header.slice(space + 1).trim();
  const colon = value.indexOf(':');
  const userid = value.slice(0, colon);
  const userauth = value.slice(colon + 1);
  if (colon < 1 || !userauth || userid.length > MAX_PART || userauth.length > MAX_PART) return 'malformed';
  return { userid, userauth };
}
