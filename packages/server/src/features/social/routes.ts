/**
 * The routes of spec §2 "Other paths" (docs/social.md):
 * - GET /facebook_login and /twitter_login/ start the authorization-code flow
 *   (PKCE, state, nonce) and send the browser to the provider; the pending
 *   flow is sealed in a short-lived cookie bound to the browser and to who was
 *   signed in (see sealed-flow.ts);
 * - GET /facebook_login/callback and /twitter_login/callback finish it:
 *   connect, log in or sign up, then send the browser back into the app;
 * - POST /facebook_unattach/ and /twitter_unattach/ (the session's userid +
 *   userauth in a JSON body, like /logout/) unlink; a GET only opens the
 *   Manage Social modal, so that a link cannot change anything.
 * These are navigations, so they know who is signed in from the session
 * cookies, unlike the API, which authenticates by parameter.
 * Starting a flow and unlinking answer only this site's own pages
 * (same-origin.ts); the callback cannot: the provider's redirect back is
 * cross-site by nature, and the sealed flow cookie and its state guard it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  SESSION_COOKIES,
  SOCIAL_LOGIN_PATHS,
  SOCIAL_PROVIDERS,
  SOCIAL_RETURN_PARAMS,
  SOCIAL_RETURN_TO_PARAM,
  SOCIAL_UNATTACH_PATHS,
  type SocialFailure,
  type SocialProviderId,
} from '@platter/contract';
import type { Caller, Services } from '../../api/context';
import { statusOf, type Dispatcher } from '../../api/dispatch';
import { ProviderUnreachable } from '../../adapters/oauth/client';
import { openFlow, sealFlow } from '../../adapters/oauth/sealed-flow';
import { setSessionCookies } from '../../http/session-cookies';
import { thisSiteOnly } from '../../http/same-origin';
import { authenticate } from '../auth';
import { AccountTaken, completeVisit } from './link';
import { socialProviders } from './providers';

const FLOW_COOKIE = 'platter_social_flow';
/** Long enough to log in at the provider, short enough that a stale flow is useless. */
const FLOW_TTL_MS = 10 * 60_000;
const MANAGE_SOCIAL = '/account/social';

/** `/facebook_login`, `/twitter_login`: the login path without its trailing slash. */
const loginBase = (id: SocialProviderId) => SOCIAL_LOGIN_PATHS[id].replace(/\/$/, '');
export const callbackPath = (id: SocialProviderId) => `${loginBase(id)}/callback`;

export function registerSocialRoutes(app: FastifyInstance, services: Services, dispatcher: Dispatcher): void {
  const { config } = services;
  const providers = socialProviders(services);
  const secure = () => config.publicUrl.startsWith('https://');
  const onRequest = thisSiteOnly(config);

  for (const id of SOCIAL_PROVIDERS) {
    const provider = providers[id];
    const purpose = `social-flow:${id}`;
    const flowCookie = { path: loginBase(id), httpOnly: true, sameSite: 'lax' as const };

    const start = async (request: FastifyRequest, reply: FastifyReply) => {
      const query = request.query as Record<string, unknown>;
      const returnTo = safeReturnPath(query[SOCIAL_RETURN_TO_PARAM]);
      const caller = await callerFromCookies(services, request);
      const back = returnTo ?? defaultReturn(caller);
      if (!provider.client) return sendBack(reply, back, failure(id, 'unavailable'));
      try {
        const started = await provider.client.start(`${config.publicUrl}${callbackPath(id)}`);
        const sealed = sealFlow(
          { ...started.checks, userId: caller?.userid ?? null, returnTo, expiresAt: services.now() + FLOW_TTL_MS },
          provider.client.settings.clientSecret,
          purpose,
        );
        reply.setCookie(FLOW_COOKIE, sealed, { ...flowCookie, secure: secure(), maxAge: FLOW_TTL_MS / 1000 });
        return reply.header('cache-control', 'no-store').redirect(started.url, 302);
      } catch (error) {
        request.log.warn({ err: error, provider: id }, 'could not start a social login');
        return sendBack(reply, back, failure(id, error instanceof ProviderUnreachable ? 'unreachable' : 'failed'));
      }
    };

    const finish = async (request: FastifyRequest, reply: FastifyReply) => {
      const query = request.query as Record<string, unknown>;
      const caller = await callerFromCookies(services, request);
      const client = provider.client;
      // One use only: whatever happens next, the flow is spent.
      reply.clearCookie(FLOW_COOKIE, flowCookie);
      const flow = client
        ? openFlow(request.cookies[FLOW_COOKIE], client.settings.clientSecret, purpose, services.now())
        : null;
      const fail = (reason: SocialFailure, why?: string) => {
        if (why) request.log.warn({ provider: id, reason }, `social login refused: ${why}`);
        return sendBack(reply, flow?.returnTo ?? defaultReturn(caller), failure(id, reason));
      };
      if (!client) return fail('unavailable');
      if (!flow) return fail('failed', 'no pending flow in this browser, or it expired');
      if ((caller?.userid ?? null) !== flow.userId)
        return fail('failed', 'the browser signed in as someone else meanwhile');
      if (query.error === 'access_denied') return fail('denied');
      if (typeof query.state !== 'string' || query.state !== flow.state)
        return fail('failed', 'the state does not match');
      try {
        const { identity, accessToken } = await client.finish(new URL(request.url, `${config.publicUrl}/`), flow);
        const friends = await client.friends(accessToken, identity).catch((error: unknown) => {
          request.log.warn({ err: error, provider: id }, 'could not read the friend list');
          return null;
        });
        const visit = await completeVisit(services, { provider: id, identity, friends, caller });
        if (visit.session) setSessionCookies(reply, config, visit.session, true);
        const back = flow.returnTo ?? (visit.outcome === 'connected' ? MANAGE_SOCIAL : '/');
        return sendBack(reply, back, {
          [SOCIAL_RETURN_PARAMS.connected]: id,
          [SOCIAL_RETURN_PARAMS.outcome]: visit.outcome,
        });
      } catch (error) {
        if (error instanceof AccountTaken) return fail('taken');
        request.log.warn({ err: error, provider: id }, 'a social login failed');
        return fail(error instanceof ProviderUnreachable ? 'unreachable' : 'failed');
      }
    };

    const unattach = async (request: FastifyRequest, reply: FastifyReply) => {
      const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {};
      const envelope = await dispatcher.invoke('social.disconnect', { ...body, provider: id }, { ip: request.ip });
      return reply.status(statusOf(envelope)).header('cache-control', 'no-store').send(envelope);
    };

    const base = loginBase(id);
    const unattachBase = SOCIAL_UNATTACH_PATHS[id].replace(/\/$/, '');
    // A start from another site could link whichever provider account that browser is signed in to
    // (one the attacker signed it in to, say) to the member here, or sign a guest up: refused.
    for (const path of [base, `${base}/`]) app.get(path, { onRequest }, start);
    app.get(callbackPath(id), finish);
    for (const path of [unattachBase, `${unattachBase}/`]) {
      app.post(path, { onRequest }, unattach);
      app.get(path, (_request, reply) => reply.redirect(MANAGE_SOCIAL, 302));
    }
  }
}

async function callerFromCookies(services: Services, request: FastifyRequest): Promise<Caller | null> {
  const userid = request.cookies[SESSION_COOKIES.userId];
  const userauth = request.cookies[SESSION_COOKIES.userAuth];
  return userid && userauth ? authenticate(services, userid, userauth) : null;
}

/** Members come back to Manage Social; guests and visitors to the lobby. */
function defaultReturn(caller: Caller | null): string {
  return caller?.registered ? MANAGE_SOCIAL : '/';
}

function failure(id: SocialProviderId, reason: SocialFailure): Record<string, string> {
  return { [SOCIAL_RETURN_PARAMS.error]: reason, [SOCIAL_RETURN_PARAMS.provider]: id };
}

const ORIGIN = 'http://return.invalid';
const FLOW_PATHS = /^\/(facebook|twitter)_(login|unattach)/;

/** A path on this site to come back to, or null: never another site, never a login route (a loop). */
export function safeReturnPath(raw: unknown): string | null {
  // eslint-disable-next-line no-control-regex
  if (typeof raw !== 'string' || raw.length > 512 || !/^\/(?![/\\])/.test(raw) || /[\\\u0000-\u001f]/.test(raw)) {
    return null;
  }
  const url = new URL(raw, ORIGIN);
  if (url.origin !== ORIGIN || FLOW_PATHS.test(url.pathname)) return null;
  for (const name of Object.values(SOCIAL_RETURN_PARAMS)) url.searchParams.delete(name);
  return `${url.pathname}${url.search}${url.hash}`;
}

function sendBack(reply: FastifyReply, path: string, params: Record<string, string>) {
  const url = new URL(path, ORIGIN);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return reply.header('cache-control', 'no-store').redirect(`${url.pathname}${url.search}${url.hash}`, 302);
}
