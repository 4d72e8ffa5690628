/**
 * Whose address a request is from, as Fastify's `request.ip` says for HTTP: the person's, read
 * from X-Forwarded-For past the proxies TRUST_PROXY names, else the peer's. Sockets need it too
 * (an upgrade never becomes a Fastify request): behind a reverse proxy every socket's peer is the
 * proxy, and a limit per address would count everyone as one.
 */
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

export function clientAddress(trustProxy: boolean | string[]): (request: IncomingMessage) => string {
  if (trustProxy === false) return (request) => request.socket.remoteAddress ?? '';
  const trusted = trustProxy === true ? () => true : proxyAddr.compile(trustProxy);
  return (request) => proxyAddr(request, trusted);
}
