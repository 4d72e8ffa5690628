/**
 * Routes that set or clear cookies act only on requests from this site's own
 * pages (docs/sessions.md, "Only this site's pages"). A page on another site
 * can make a browser send a "simple" request, such as a form POSTed as
 * text/plain, with no CORS preflight to stop it: without this check it could
 * log a member out, or sign the browser in as someone else.
 */
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Config } from '../config';
import { failure, statusOf } from '../api/dispatch';
import { errors } from '../api/errors';

export const CROSS_SITE_REFUSAL = 'That request came from another site, so it was refused.';

/**
 * True for a request from this site's own pages, or from no page at all:
 * - `Sec-Fetch-Site` decides when the browser sends it: `same-origin`, or
 *   `none` (the person typed the address, chose a bookmark; no site can send
 *   that, whatever the method). `same-site` is refused too: a sibling
 *   subdomain is another app. So is any other value.
 * - Without it (older browsers, curl, tests), `Origin` decides: none at all
 *   (a client that is not a browser; browsers send one with every
 *   cross-origin POST), this server's `PUBLIC_URL`, or an origin on the host
 *   the request was sent to (as the socket gateway checks). `null` and
 *   other origins are refused.
 */
export function fromThisSite(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    const url = new URL(origin);
    return url.origin === new URL(publicUrl).origin || url.host === request.host;
  } catch {
    // `null` (a sandboxed frame, a redirect across origins) or something that is no origin at all.
    return false;
  }
}

/**
 * A route's onRequest hook: a request from elsewhere gets 403 `forbidden`
 * before its body is even read (a form's content type earns no 415 first),
 * so the route changes nothing: no cookie, no session, no login.
 */
export function thisSiteOnly(config: Config): onRequestHookHandler {
  return (request, reply, done) => {
    if (fromThisSite(request, config.publicUrl)) {
      done();
      return;
    }
    request.log.info(
      { url: request.url, secFetchSite: request.headers['sec-fetch-site'], origin: request.headers.origin },
      'refused a request from another site',
    );
    const envelope = failure(errors.forbidden(CROSS_SITE_REFUSAL));
    void reply.status(statusOf(envelope)).header('cache-control', 'no-store').send(envelope);
  };
}
