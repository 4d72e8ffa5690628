/**
 * /email_login/, /guest_login/ and /logout/: the routes that set and clear the
 * three session cookies (spec §7, §4 Logout). The cookies only let the page
 * remember who it is; the API itself authenticates from parameters. All three
 * answer only this site's own pages (same-origin.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SESSION_COOKIE_DAYS, SESSION_COOKIES, type Envelope } from '@platter/contract';
import type { Config } from '../config';
import { statusOf, type Dispatcher } from '../api/dispatch';
import { thisSiteOnly } from './same-origin';

interface SignedIn {
  userid: string;
  userauth: string;
}

function sessionCookieOptions(config: Config) {
  return {
    path: '/',
    sameSite: 'lax' as const,
    secure: config.publicUrl.startsWith('https://'),
    // Readable by the page, which signs each API call with these values.
    httpOnly: false,
  };
}

/** Remembers a session in the three cookies (also used by the social login routes). */
export function setSessionCookies(reply: FastifyReply, config: Config, session: SignedIn, registered: boolean): void {
  const options = { ...sessionCookieOptions(config), maxAge: SESSION_COOKIE_DAYS * 24 * 60 * 60 };
  reply
    .setCookie(SESSION_COOKIES.userId, session.userid, options)
    .setCookie(SESSION_COOKIES.userAuth, session.userauth, options)
    .setCookie(SESSION_COOKIES.named, registered ? '1' : '0', options);
}

export function registerSessionCookieRoutes(app: FastifyInstance, config: Config, dispatcher: Dispatcher): void {
  const cookieOptions = sessionCookieOptions(config);
  const onRequest = thisSiteOnly(config);
  const setCookies = (reply: FastifyReply, session: SignedIn, registered: boolean) =>
    setSessionCookies(reply, config, session, registered);

  const clearCookies = (reply: FastifyReply) => {
    for (const name of Object.values(SESSION_COOKIES)) reply.clearCookie(name, cookieOptions);
  };

  const body = (raw: unknown): Record<string, unknown> =>
    raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};

  const send = (reply: FastifyReply, envelope: Envelope<unknown>) =>
    reply.status(statusOf(envelope)).header('cache-control', 'no-store').send(envelope);

  /** Logs in with email and password, then remembers the new session. */
  app.post('/email_login/', { onRequest }, async (request, reply) => {
    const params = body(request.body);
    const { userid: _u, userauth: _a, ...fields } = params;
    void _u;
    void _a;
    const result = await dispatcher.invoke('user.email_login', fields, { ip: request.ip });
    if (result[0]) setCookies(reply, result[1] as SignedIn, true);
    return send(reply, result);
  });

  /** Remembers a session the client already holds (a new guest, a new member). */
  app.post('/guest_login/', { onRequest }, async (request, reply) => {
    const params = body(request.body);
    const result = await dispatcher.invoke('user.authenticate', params, { ip: request.ip });
    if (result[0]) {
      const { registered } = result[1] as { registered: boolean };
      setCookies(reply, { userid: String(params.userid), userauth: String(params.userauth) }, registered);
    }
    return send(reply, result);
  });

  /** Ends the session (when the credentials are good) and always forgets the cookies. */
  app.post('/logout/', { onRequest }, async (request, reply) => {
    await dispatcher.invoke('user.logout', body(request.body), { ip: request.ip });
    clearCookies(reply);
    return send(reply, [true, {}]);
  });
}
