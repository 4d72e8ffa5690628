/**
 * The socket's transport: the HTTP upgrade at one path, the same-origin
 * check, the frame size limit and the heartbeat that ends dead lines. It
 * knows nothing of what the frames say.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';

const HEARTBEAT_MS = 30_000;
/**
 * The heartbeat goes round in slices this far apart, each line pinged once a heartbeat: pinged
 * all at once, 5,000 lines (and their 5,000 pongs) held every room on the instance up for tens
 * of milliseconds every 30 s.
 */
const PING_SLICE_MS = 250;
/**
 * The hard limit ws enforces by closing the socket. Frames between the protocol's own limit
 * and this one are answered with an error instead, so a page that sends too much is told why.
 */
const HARD_MAX_PAYLOAD = 1024 * 1024;

export interface SocketHandlers {
  open(socket: WebSocket, request: IncomingMessage): void;
  message(socket: WebSocket, data: RawData, isBinary: boolean): void;
  close(socket: WebSocket): void;
}

export interface Transport {
  /** New lines are refused from now on (the server is going away); open ones stay. */
  stopAccepting(): void;
  close(): Promise<void>;
}

/**
 * Serves websockets at the given paths (the page's protocol at /socket, and later other
 * framings of the same calls); every other upgrade, and any from another site, is refused.
 */
export function attachTransport(
  app: FastifyInstance,
  routes: Record<string, SocketHandlers>,
  { heartbeatMs = HEARTBEAT_MS }: { heartbeatMs?: number } = {},
): Transport {
  // The slices below are the open lines; ws need not keep a list of its own.
  const wss = new WebSocketServer({ noServer: true, maxPayload: HARD_MAX_PAYLOAD, clientTracking: false });
  const alive = new WeakMap<WebSocket, boolean>();
  // Lines join the slices in turn, so each slice holds about as many.
  const slices = Array.from(
    { length: Math.max(1, Math.round(heartbeatMs / PING_SLICE_MS)) },
    () => new Set<WebSocket>(),
  );
  let joining = 0;
  let pinging = 0;

  const accept = (handlers: SocketHandlers, socket: WebSocket, request: IncomingMessage) => {
    alive.set(socket, true);
    const slice = slices[joining++ % slices.length]!;
    slice.add(socket);
    socket.on('pong', () => alive.set(socket, true));
    socket.on('message', (data, isBinary) => handlers.message(socket, data, isBinary));
    socket.on('close', () => {
      slice.delete(socket);
      handlers.close(socket);
    });
    socket.on('error', () => socket.terminate());
    handlers.open(socket, request);
  };

  // A line that did not answer its last ping is gone (a sleeping laptop, a dropped network).
  const heartbeat = setInterval(() => {
    for (const socket of slices[pinging++ % slices.length]!) {
      if (!alive.get(socket)) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
  }, heartbeatMs / slices.length);

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const handlers = Object.hasOwn(routes, pathname) ? routes[pathname] : undefined;
    if (!handlers || !sameOrigin(request)) {
      socket.write('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => accept(handlers, ws, request));
  };
  app.server.on('upgrade', onUpgrade);

  return {
    stopAccepting() {
      app.server.off('upgrade', onUpgrade);
    },
    async close() {
      clearInterval(heartbeat);
      app.server.off('upgrade', onUpgrade);
      for (const slice of slices) for (const socket of slice) socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** A browser on another site may open a socket here too; it still needs credentials, but we refuse it outright. */
export function sameOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}
