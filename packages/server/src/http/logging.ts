/**
 * The server's logger: what a request line says about the request. At
 * LOG_LEVEL=debug every request is logged with its URL, and a GET call's URL
 * carries the session's `userauth`; a page's URL can carry a reset or
 * verification link's token, and a social login's callback its one-time code.
 * Whoever reads the log must not be able to become the member, so those
 * values are replaced before a line is written, whatever the level.
 */
import type { FastifyRequest } from 'fastify';

/** Where log lines go (pino's destination): one JSON line per write. */
export interface LogStream {
  write(line: string): void;
}

/** Query parameters whose values are secrets: a session, a link's token, a password, a provider's code. */
export const SECRET_PARAMETERS: ReadonlySet<string> = new Set([
  'userauth',
  'verify_token',
  'reset_token',
  'password',
  'old_password',
  'code',
  'fbtoken',
  'captcha',
]);

export const REDACTED = '[redacted]';

/** `url` with each secret parameter's value replaced; the rest kept as it was sent. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const pairs = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return SECRET_PARAMETERS.has(decodedName(name)) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, queryAt)}?${pairs.join('&')}`;
}

/** A parameter's name as the server reads it (`user%61uth` is `userauth`); a malformed one as it is. */
function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/** Fastify's logger options: the level, the request line without secrets, and a stream for tests. */
export function loggerOptions(level: string, stream?: LogStream) {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      // Fastify's own request line (method, url, host, address), with the URL's secrets taken out.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    // Whatever else a line might one day carry: headers with credentials, or a call's fields.
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.userauth', '*.password'],
      censor: REDACTED,
    },
  };
}
