/**
 * The websocket gateway at /socket (contract realtime.ts). A client says
 * hello with the protocol version and its credentials, then receives a full
 * snapshot of its friends panel, and a fresh one whenever a buddy moves —
 * wherever that happened: room moves arrive on the bus from every instance.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { clientMessage, PROTOCOL_VERSION, SOCKET_PATH, type ServerMessage } from '@platter/contract';
import type { Caller, Services } from '../api/context';
import { authenticate } from '../features/auth/sessions';
import { updateUser } from '../features/accounts/store';
import { buddyIdsOf } from '../features/directory/buddies';
import { directoryGraph } from '../features/directory/graph';
import { LOBBY_CHANNEL, type LobbyEvent } from '../features/rooms/membership';

const HELLO_TIMEOUT_MS = 10_000;
const HEARTBEAT_MS = 30_000;
/** Several buddies moving at once make one update, not several. */
const GRAPH_DEBOUNCE_MS = 300;
const MAX_MESSAGE_BYTES = 16 * 1024;

interface Connection {
  socket: WebSocket;
  caller: Caller | null;
  buddies: Set<string>;
  alive: boolean;
  pendingGraph: NodeJS.Timeout | null;
  /** Messages are handled one after another, in the order sent: a ping right after hello waits for the welcome. */
  inbox: Promise<void>;
}

export interface Gateway {
  close(): Promise<void>;
}

export async function attachGateway(app: FastifyInstance, services: Services): Promise<Gateway> {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const connections = new Set<Connection>();
  const log = app.log.child({ component: 'gateway' });

  const send = (connection: Connection, message: ServerMessage) => {
    if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(JSON.stringify(message));
  };

  const refuse = (connection: Connection, err: string, errcode: string) => {
    send(connection, { type: 'error', err, errcode });
    connection.socket.close(4000, errcode);
  };

  const sendGraph = async (connection: Connection) => {
    if (!connection.caller) return;
    connection.buddies = await buddyIdsOf(services.db, connection.caller.userid);
    send(connection, { type: 'directory_graph', rooms: await directoryGraph(services.db, connection.caller.userid) });
  };

  const scheduleGraph = (connection: Connection) => {
    if (connection.pendingGraph) return;
    connection.pendingGraph = setTimeout(() => {
      connection.pendingGraph = null;
      sendGraph(connection).catch((error: unknown) => log.error({ err: error }, 'graph update failed'));
    }, GRAPH_DEBOUNCE_MS);
  };

  const unsubscribe = await services.bus.subscribe(LOBBY_CHANNEL, (message) => {
    const event = message as LobbyEvent;
    for (const connection of connections) {
      if (!connection.caller) continue;
      const mine = event.type === 'fans_changed' && event.userid === connection.caller.userid;
      const buddyMoved = event.type === 'room_membership' && connection.buddies.has(event.userid);
      if (mine || buddyMoved) scheduleGraph(connection);
    }
  });

  const onMessage = async (connection: Connection, data: string) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return refuse(connection, 'Messages must be JSON.', 'bad_request');
    }
    const result = clientMessage.safeParse(parsed);
    if (!result.success) return refuse(connection, 'That message is not part of the protocol.', 'bad_request');
    const message = result.data;

    if (message.type === 'hello') {
      if (connection.caller) return;
      if (message.version !== PROTOCOL_VERSION) {
        return refuse(connection, 'Platter has been updated. Please reload the page.', 'protocol_version');
      }
      const caller = await authenticate(services, message.userid, message.userauth);
      if (!caller) {
        return refuse(
          connection,
          'Your session has ended. Please reload the page and log in again.',
          'not_authenticated',
        );
      }
      connection.caller = caller;
      await updateUser(services.db, caller.userid, { presenceStatus: 'available', lastSeenAt: services.now() });
      send(connection, { type: 'welcome', version: PROTOCOL_VERSION, userid: caller.userid });
      return sendGraph(connection);
    }
    if (!connection.caller) return refuse(connection, 'Say hello first.', 'not_authenticated');
    if (message.type === 'presence') {
      await updateUser(services.db, connection.caller.userid, {
        presenceStatus: message.status,
        lastSeenAt: services.now(),
      });
    } else if (message.type === 'ping') {
      send(connection, { type: 'pong' });
    }
  };

  wss.on('connection', (socket: WebSocket) => {
    const connection: Connection = {
      socket,
      caller: null,
      buddies: new Set(),
      alive: true,
      pendingGraph: null,
      inbox: Promise.resolve(),
    };
    connections.add(connection);
    const helloTimer = setTimeout(() => {
      if (!connection.caller) refuse(connection, 'Say hello first.', 'not_authenticated');
    }, HELLO_TIMEOUT_MS);
    socket.on('pong', () => (connection.alive = true));
    socket.on('message', (data, isBinary) => {
      connection.inbox = connection.inbox
        .then(() =>
          isBinary
            ? refuse(connection, 'Messages must be JSON text.', 'bad_request')
            : onMessage(connection, String(data)),
        )
        .catch((error: unknown) => {
          log.error({ err: error }, 'socket message failed');
          refuse(connection, 'Sorry, something went wrong on our side. Please reload the page.', 'internal');
        });
    });
    socket.on('close', () => {
      clearTimeout(helloTimer);
      if (connection.pendingGraph) clearTimeout(connection.pendingGraph);
      connections.delete(connection);
    });
    socket.on('error', () => socket.terminate());
  });

  const heartbeat = setInterval(() => {
    for (const connection of connections) {
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }, HEARTBEAT_MS);

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (pathname !== SOCKET_PATH || !sameOrigin(request)) {
      socket.write('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  };
  app.server.on('upgrade', onUpgrade);

  return {
    async close() {
      clearInterval(heartbeat);
      app.server.off('upgrade', onUpgrade);
      await unsubscribe();
      for (const connection of connections) connection.socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** A browser on another site may open a socket here too; it still needs credentials, but we refuse it outright. */
function sameOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}
