import type { FastifyInstance } from 'fastify';

/**
 * Defence in depth for user text: even if something slipped past escaping,
 * the page runs only its own scripts. Framing stays allowed because the spec
 * has framed pages (which make no API calls).
 */
/**
 * `widgetSources`: origins of a human-verification widget (CAPTCHA_PROVIDER), allowed its script, frame and calls.
 * `paymentOrigins`: the card provider the browser sends cards to (Stripe, or a sandbox elsewhere), allowed calls.
 */
function contentSecurityPolicy(widgetSources: readonly string[], paymentOrigins: readonly string[]): string {
  const and = widgetSources.map((source) => ` ${source}`).join('');
  const payments = paymentOrigins.map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${and}`,
    `style-src 'self' 'unsafe-inline'${and}`,
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    `connect-src 'self' ws: wss:${and}${payments}`,
    `frame-src 'self'${and}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

export function registerSecurityHeaders(
  app: FastifyInstance,
  widgetSources: readonly string[] = [],
  paymentOrigins: readonly string[] = [],
): void {
  const policy = contentSecurityPolicy(widgetSources, paymentOrigins);
  // A callback hook, not an async one: it runs on every response, and a promise per response is measurable.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    // Only the origin, even to this site: a page opened from a mail's reset or verification link
    // would otherwise send its token in the Referer of every asset and call it makes (access logs).
    reply.header('referrer-policy', 'strict-origin');
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      reply.header('content-security-policy', policy);
    }
    done(null, payload);
  });
}
