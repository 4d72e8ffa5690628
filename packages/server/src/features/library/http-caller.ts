/**
 * Who is making an upload or audio request. These are plain HTTP routes, not
 * /api calls: the upload reads userid + userauth from the Authorization header
 * (the web app's way) or its query string (as the API reads its parameters;
 * never a cookie, so another site cannot make a browser upload), and audio
 * also from the session cookies, because an <audio> element sends nothing else.
 */
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIES } from '@platter/contract';
import type { Authenticate } from '../../api/dispatch';
import type { Caller, Services } from '../../api/context';
import { credentialsFromHeader } from '../../http/credentials-header';

function cookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export async function callerOf(
  services: Services,
  authenticate: Authenticate,
  request: FastifyRequest,
  options: { cookies: boolean },
): Promise<Caller | null> {
  const query = request.query as Record<string, unknown>;
  const header = credentialsFromHeader(request.headers.authorization);
  if (header === 'malformed') return null;
  let userid = header?.userid ?? (typeof query.userid === 'string' ? query.userid : undefined);
  let userauth = header?.userauth ?? (typeof query.userauth === 'string' ? query.userauth : undefined);
  if ((!userid || !userauth) && options.cookies) {
    userid = cookie(request, SESSION_COOKIES.userId);
    userauth = cookie(request, SESSION_COOKIES.userAuth);
  }
  if (!userid || !userauth || userid.length > 200 || userauth.length > 200) return null;
  return authenticate(services, userid, userauth);
}
