/**
 * The page's protocol at /socket (contract realtime.ts). A client says hello
 * with the protocol version and its credentials; then each frame names a
 * contract call and a message id and is run by the same dispatcher as
 * `/api/{name}`, answered by id with the same envelope. A refused call or a
 * malformed frame is answered and the socket stays open; only a failed
 * hello, the end of the session (told on the member's user channel, from
 * any instance), or a limit on live connections (docs/realtime.md,
 * "Limits") closes it.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import {
  apiMessages,
  clientMessage,
  liveLimitMessages,
  MAX_SOCKET_MESSAGE_BYTES,
  PROTOCOL_VERSION,
  SOCKET_CLOSE,
  SOCKET_PATH,
  type ApiFailure,
  type Envelope,
  type LiveEvent,
} from '@platter/contract';
import type { MaybePromise } from '../lib/maybe-promise';
import { userChannel } from './channels';
import { Connection, type LiveConnection } from './connection';
import type { Hub } from './hub';
import type { OpenSockets } from './open-sockets';
import { attachTransport, type SocketHandlers, type Transport } from './transport';

const HELLO_TIMEOUT_MS = 10_000;

export const socketMessages = {
  helloFirst: 'Say hello first.',
  notJson: 'Messages must be JSON.',
  notText: 'Messages must be JSON text.',
  notProtocol: 'That message is not part of the protocol.',
  helloOnce: 'This socket has said hello already. To be someone else, open another socket.',
  tooLarge: `That message is too large (at most ${MAX_SOCKET_MESSAGE_BYTES / 1024} KiB).`,
  oldProtocol: 'Platter has been updated. Please reload the page.',
  sessionEnded: apiMessages.sessionEnded,
  internal: apiMessages.internal,
} as const;

export interface SocketCaller {
  userid: string;
  sessionId: string;
}

/** What the gateway needs from the app, passed in so that realtime/ imports no feature. */
export interface GatewayOptions {
  hub: Hub;
  log: FastifyBaseLogger;
  now: () => number;
  /** The sockets open on this instance, counted per session and per address against their limits. */
  openSockets: OpenSockets;
  /** Whose address a socket is from: the person's, past a trusted reverse proxy (TRUST_PROXY). */
  addressOf(request: IncomingMessage): string;
  authenticate(userid: string, userauth: string): MaybePromise<SocketCaller | null>;
  /** Runs a call as `/api/{name}` would, for this connection. */
  invoke(
    name: string,
    params: Record<string, unknown>,
    request: { ip: string; connection: LiveConnection },
  ): Promise<Envelope<unknown>>;
  /** Some of a member's sessions ended (on any instance): forget what this instance remembers of them. */
  sessionsEnded?(userid: string): void;
  /**
   * A member's page (or bot) is here: a sign of life (presence). Called by every framing
   * (/socket and the ttapi gateway) once the connection is the member's, so what starts
   * for a member here starts for their bots too.
   */
  welcomed?(caller: SocketCaller, connection: LiveConnection): Promise<void>;
}

export interface Gateway {
  /**
   * The server is going away: no new line is taken, the calls running on open ones are answered,
   * and each is closed with RECONNECT (its page comes straight back, to another instance).
   */
  sendAway(graceMs: number): Promise<void>;
  close(): Promise<void>;
  /** How many welcomed connections this instance holds. */
  readonly size: number;
}

/**
 * Serves /socket, and beside it `otherRoutes`: other framings of the same calls (the ttapi
 * gateway at /socket.io/websocket), on the one transport.
 */
export function attachGateway(
  app: FastifyInstance,
  options: GatewayOptions,
  otherRoutes: Record<string, SocketHandlers> = {},
  transportOptions: { heartbeatMs?: number } = {},
): Gateway {
  const { hub, log } = options;
  const connections = new Map<WebSocket, Connection>();
  const addresses = new WeakMap<Connection, string>();

  const failure = (err: string, errcode: ApiFailure['errcode']): Envelope<never> => [false, { err, errcode }];

  /** Answers a frame that could not be run; the socket stays open. */
  const answer = (connection: Connection, msgid: number | null, err: string, errcode: ApiFailure['errcode']) =>
    connection.send({ type: 'reply', msgid: msgid ?? -1, envelope: failure(err, errcode) });

  /** Refuses the connection itself: told why, then closed. */
  const refuse = (connection: Connection, err: string, errcode: string, code: number = SOCKET_CLOSE.refused) => {
    connection.send({ type: 'error', err, errcode });
    connection.socket.close(code, errcode);
  };

  const hello = async (connection: Connection, version: number, userid: string, userauth: string) => {
    if (connection.caller) return answer(connection, null, socketMessages.helloOnce, 'bad_request');
    if (version !== PROTOCOL_VERSION) return refuse(connection, socketMessages.oldProtocol, 'protocol_version');
    const caller = await options.authenticate(userid, userauth);
    if (!caller || !connection.isOpen) return refuse(connection, socketMessages.sessionEnded, 'not_authenticated');
    const release = options.openSockets.ofSession(caller.sessionId);
    if (!release) return refuse(connection, liveLimitMessages.tooManyPages, 'rate_limited');
    connection.onClose(release);
    // Every page of the member listens to their user channel: when a session ends, its pages close everywhere;
    // the member's own events (private messages) reach each page, whatever it follows.
    const channel = userChannel(userid);
    // Events that come before the welcome is sent wait for it: a page hears nothing before its welcome.
    let early: LiveEvent[] | null = [];
    const stop = await hub.listen(channel, (message) => {
      if (message.type === 'event') {
        if (early) early.push(message.event);
        else connection.push(channel.name, message.event);
        return;
      }
      if (message.type !== 'session_ended') return;
      options.sessionsEnded?.(userid);
      const mine = message.only ? message.only === caller.sessionId : message.keep !== caller.sessionId;
      if (!mine) return;
      refuse(connection, message.err, 'not_authenticated', SOCKET_CLOSE.sessionEnded);
      // Now, not once the close handshake is done: frames this session sent before it ended and
      // that still wait in the inbox never run (a flood of votes went on for seconds after logout).
      connection.dispose();
    });
    connection.onClose(stop);
    if (!connection.isOpen) return;
    // Only now is the socket its member's: it acts as them only once it hears their session end.
    connection.caller = { userid, userauth, sessionId: caller.sessionId };
    try {
      await options.welcomed?.(caller, connection);
      connection.send({ type: 'welcome', version: PROTOCOL_VERSION, userid, now: options.now() });
      connection.welcomeSent = true;
    } finally {
      for (const event of early) connection.push(channel.name, event);
      early = null;
    }
  };

  const runCall = async (connection: Connection, msgid: number, call: string, input: Record<string, unknown>) => {
    const caller = connection.caller;
    if (!caller) return answer(connection, msgid, socketMessages.helloFirst, 'not_authenticated');
    const params = { ...input, userid: caller.userid, userauth: caller.userauth };
    const envelope = await options.invoke(call, params, { ip: addresses.get(connection) ?? '', connection });
    connection.send({ type: 'reply', msgid, envelope });
  };

  /** A frame read and checked: the client's message, or why it is refused (a bad request, answered so). */
  type Frame = { message: ReturnType<typeof clientMessage.parse> } | { refused: { msgid: number | null; err: string } };

  const readFrame = (data: RawData, isBinary: boolean): Frame => {
    if (isBinary) return { refused: { msgid: null, err: socketMessages.notText } };
    const text = String(data);
    if (Buffer.byteLength(text) > MAX_SOCKET_MESSAGE_BYTES) {
      return { refused: { msgid: msgidIn(text), err: socketMessages.tooLarge } };
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { refused: { msgid: null, err: socketMessages.notJson } };
    }
    const parsed = clientMessage.safeParse(json);
    if (!parsed.success) return { refused: { msgid: msgidOf(json), err: socketMessages.notProtocol } };
    return { message: parsed.data };
  };

  const onFrame = async (connection: Connection, frame: Frame) => {
    if ('refused' in frame) return answer(connection, frame.refused.msgid, frame.refused.err, 'bad_request');
    const { message } = frame;
    switch (message.type) {
      case 'hello':
        return hello(connection, message.version, message.userid, message.userauth);
      case 'ping':
        return pong(connection, message.t);
      case 'call':
        return runCall(connection, message.msgid, message.call, message.input);
    }
  };

  /** A socket whose inbox is full (it sends faster than it is answered) is told so and let go. */
  const tooManyWaiting = (connection: Connection) => {
    if (!connection.isOpen) return;
    refuse(connection, liveLimitMessages.tooManyWaiting, 'rate_limited');
    connection.dispose();
  };

  const pong = (connection: Connection, t: number | undefined) =>
    connection.send({ type: 'pong', t, now: options.now() });

  const routes: Record<string, SocketHandlers> = {
    ...otherRoutes,
    [SOCKET_PATH]: {
      open(socket: WebSocket, request: IncomingMessage) {
        const connection = new Connection(socket, hub);
        connections.set(socket, connection);
        const address = options.addressOf(request);
        addresses.set(connection, address);
        const release = options.openSockets.fromAddress(address);
        if (!release) return refuse(connection, liveLimitMessages.tooManyConnections, 'rate_limited');
        connection.onClose(release);
        const helloTimer = setTimeout(() => {
          if (!connection.caller) refuse(connection, socketMessages.helloFirst, 'not_authenticated');
        }, HELLO_TIMEOUT_MS);
        connection.onClose(() => clearTimeout(helloTimer));
      },
      message(socket, data, isBinary) {
        const connection = connections.get(socket);
        if (!connection) return;
        const frame = readFrame(data, isBinary);
        // After the welcome, a ping is answered at once, not after the calls still running on this
        // socket: the clock its pong carries bounds the page's estimate of ours only as tightly as the
        // pong is prompt (web live/clock.ts), and a ping that waited behind a slow call would widen it.
        if (connection.welcomeSent && 'message' in frame && frame.message.type === 'ping') {
          return pong(connection, frame.message.t);
        }
        const taken = connection.enqueue(
          () => onFrame(connection, frame),
          (error) => {
            log.error({ err: error }, 'socket message failed');
            answer(connection, null, socketMessages.internal, 'internal');
          },
        );
        if (!taken) tooManyWaiting(connection);
      },
      close(socket) {
        connections.get(socket)?.dispose();
        connections.delete(socket);
      },
    },
  };
  const transport: Transport = attachTransport(app, routes, transportOptions);

  return {
    get size() {
      let welcomed = 0;
      for (const connection of connections.values()) if (connection.caller) welcomed += 1;
      return welcomed;
    },
    async sendAway(graceMs) {
      transport.stopAccepting();
      await Promise.all([...connections.values()].map((connection) => connection.sendAway(graceMs)));
    },
    async close() {
      await transport.close();
      for (const connection of connections.values()) connection.dispose();
      connections.clear();
    },
  };
}

/** The msgid of a frame that is not a valid call, when it has one, so the answer can name it. */
function msgidOf(json: unknown): number | null {
  const msgid = (json as { msgid?: unknown } | null)?.msgid;
  return typeof msgid === 'number' && Number.isSafeInteger(msgid) ? msgid : null;
}

function msgidIn(text: string): number | null {
  const match = /"msgid"\s*:\s*(\d{1,15})/.exec(text);
  return match ? Number(match[1]) : null;
}
