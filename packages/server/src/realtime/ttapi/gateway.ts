/**
 * The ttapi compatibility gateway at /socket.io/websocket: bots written for
 * turntable.fm with the `ttapi` package talk to Platter unmodified
 * (docs/bots.md). It only translates framing and shapes: each request
 * `{api, msgid, clientid, userid, userauth, …}` runs through the same
 * dispatcher as /socket and /api/{name}, as the authenticated member, on a
 * live connection, and is answered `{msgid, success, …}`; every event the
 * connection receives goes out as `{command, …fields}`.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RawData, WebSocket } from 'ws';
import {
  apiMessages,
  MAX_SOCKET_MESSAGE_BYTES,
  SOCKET_CLOSE,
  type Envelope,
  type ServerMessage,
} from '@platter/contract';
import { userChannel } from '../channels';
import { Connection } from '../connection';
import type { GatewayOptions } from '../gateway';
import type { SocketHandlers } from '../transport';
import { heartbeatFrame, jsonFrame, NO_SESSION, readFrames, type Inbound } from './framing';
import { translations, turntableEvent } from './translations';

export const TTAPI_PATH = '/socket.io/websocket';
/**
 * How often the server's `~h~N` goes out (as turntable's did): ttapi echoes it, and gives up on a
 * line silent for 120 s. The echo is not needed here: a dead line is ended by the transport's
 * WebSocket ping (transport.ts), which ttapi's `ws` answers by itself.
 */
const HEARTBEAT_MS = 20_000;
/** A bot that has not authenticated by then is let go (a wrong userauth never will). */
const AUTH_TIMEOUT_MS = 10_000;

export const ttapiMessages = {
  notAuthenticated: 'userid and userauth do not match a session. Log the bot in again for a new userauth.',
  authenticateFirst: 'Authenticate first (user.authenticate).',
  notProtocol: 'That message is not part of the protocol: send ~m~LEN~m~{"api": …, "msgid": …}.',
  noMsgid: 'A request needs a msgid (a number) to be answered by: it was not run.',
  tooLarge: `That message is too large (at most ${MAX_SOCKET_MESSAGE_BYTES / 1024} KiB).`,
  replaced: 'This bot connected again elsewhere: this connection is replaced.',
  internal: apiMessages.internal,
} as const;

type TtapiOptions = Pick<GatewayOptions, 'hub' | 'log' | 'authenticate' | 'invoke' | 'welcomed' | 'sessionsEnded'> & {
  /** How often `~h~N` goes out (20 s, as turntable). */
  heartbeatMs?: number;
};

/** Fields of a request that carry the request itself, not its input. */
const REQUEST_FIELDS = new Set(['api', 'msgid', 'clientid', 'userid', 'userauth']);

/** Events go out in ttapi's shape: the event itself (it carries turntable's `command`), reshaped where turntable's differed. */
function encodeEvent(message: ServerMessage): string | null {
  return message.type === 'event' ? jsonFrame(turntableEvent(message.event)) : null;
}

export interface TtapiGateway {
  routes: Record<string, SocketHandlers>;
  close(): void;
}

export function ttapiGateway(options: TtapiOptions): TtapiGateway {
  const { hub, log } = options;
  const connections = new Map<WebSocket, Connection>();
  const addresses = new WeakMap<Connection, string>();
  let beat = 0;

  const reply = (connection: Connection, msgid: unknown, fields: Record<string, unknown>) =>
    connection.write(jsonFrame({ msgid: typeof msgid === 'number' ? msgid : -1, ...fields }));

  const refuse = (connection: Connection, msgid: unknown, err: string, errcode: string) =>
    reply(connection, msgid, { success: false, err, errcode });

  /** Turntable's word for a session that ended or was replaced; the socket then closes. */
  const killdashnine = (connection: Connection, err: string) => {
    connection.write(jsonFrame({ command: 'killdashnine', msg: err }));
    connection.socket.close(SOCKET_CLOSE.sessionEnded, 'killdashnine');
    // Let go now, not after the close handshake: the room this connection was in hears it leave
    // before the replacing connection (already authenticated) registers.
    connection.dispose();
  };

  const authenticate = async (connection: Connection, request: Record<string, unknown>) => {
    const { msgid, userid, userauth } = request;
    if (connection.caller) return reply(connection, msgid, { success: true, userid: connection.caller.userid });
    const caller =
      typeof userid === 'string' && typeof userauth === 'string' ? await options.authenticate(userid, userauth) : null;
    if (!caller || typeof userid !== 'string' || typeof userauth !== 'string') {
      return refuse(connection, msgid, ttapiMessages.notAuthenticated, 'not_authenticated');
    }
    connection.caller = { userid, userauth, sessionId: caller.sessionId };
    // One ttapi connection per bot, across instances: a newer one ends the older (killdashnine).
    const me = randomUUID();
    const stop = await hub.listen(userChannel(userid), (message) => {
      // The member's own events (a private message: pmmed) reach the bot as they reach pages, but
      // for its own messages (pages hear them, for the member's other pages): turntable sent a bot
      // only what others said to it, and a bot that answers every pmmed would answer itself.
      if (message.type === 'event') {
        if (message.event.command === 'pmmed' && message.event.senderid === userid) return;
        return connection.push(userChannel(userid).name, message.event);
      }
      if (message.type === 'ttapi_connected' && message.connection !== me)
        killdashnine(connection, ttapiMessages.replaced);
      if (message.type !== 'session_ended') return;
      options.sessionsEnded?.(userid);
      const mine = message.only ? message.only === caller.sessionId : message.keep !== caller.sessionId;
      if (mine) killdashnine(connection, message.err);
    });
    connection.onClose(stop);
    await hub.publish(userChannel(userid), { type: 'ttapi_connected', connection: me });
    await options.welcomed?.(caller, connection);
    reply(connection, msgid, { success: true, userid });
  };

  const run = async (connection: Connection, request: Record<string, unknown>) => {
    const { api, msgid } = request;
    if (api === 'user.authenticate') return authenticate(connection, request);
    const caller = connection.caller;
    if (!caller) return refuse(connection, msgid, ttapiMessages.authenticateFirst, 'not_authenticated');
    const translation = Object.hasOwn(translations, api as string) ? translations[api as string] : undefined;
    const fields: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(request)) if (!REQUEST_FIELDS.has(key)) fields[key] = value;
    const input = translation?.input ? translation.input(fields, request) : fields;
    const params = { ...input, userid: caller.userid, userauth: caller.userauth };
    const call =
      typeof translation?.call === 'function' ? translation.call(fields) : (translation?.call ?? (api as string));
    const envelope: Envelope<unknown> = await options.invoke(call, params, {
      ip: addresses.get(connection) ?? '',
      connection,
    });
    if (!envelope[0]) return refuse(connection, msgid, envelope[1].err, envelope[1].errcode);
    const body = translation?.output ? translation.output(envelope[1]) : (envelope[1] as Record<string, unknown>);
    reply(connection, msgid, { success: true, ...body });
  };

  const onMessage = async (connection: Connection, data: RawData, isBinary: boolean) => {
    const text = String(data);
    if (isBinary) return refuse(connection, null, ttapiMessages.notProtocol, 'bad_request');
    if (Buffer.byteLength(text) > MAX_SOCKET_MESSAGE_BYTES) {
      return refuse(connection, null, ttapiMessages.tooLarge, 'bad_request');
    }
    // One after another, each answered before the next runs (as frames in the inbox are).
    for (const inbound of readFrames(text)) await onInbound(connection, inbound);
  };

  const onInbound = async (connection: Connection, inbound: Inbound) => {
    if (inbound.kind === 'heartbeat') return; // the bot's echo of our ~h~N
    const request = inbound.kind === 'json' ? inbound.value : null;
    if (!isRequest(request)) {
      const msgid = (request as { msgid?: unknown } | null)?.msgid;
      return refuse(connection, msgid, ttapiMessages.notProtocol, 'bad_request');
    }
    // Like /socket, a request that cannot be answered by its msgid is not run: a call that changes
    // something would do so unseen.
    if (typeof request.msgid !== 'number') return refuse(connection, null, ttapiMessages.noMsgid, 'bad_request');
    return run(connection, request);
  };

  // One timer for every bot here: the heartbeat ttapi expects.
  const heartbeat = setInterval(() => {
    beat += 1;
    for (const connection of connections.values()) connection.write(heartbeatFrame(beat));
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();

  const handlers: SocketHandlers = {
    open(socket: WebSocket, request: IncomingMessage) {
      const connection = new Connection(socket, hub, encodeEvent);
      connections.set(socket, connection);
      addresses.set(connection, request.socket.remoteAddress ?? '');
      const authTimer = setTimeout(() => {
        if (!connection.caller) socket.close(SOCKET_CLOSE.refused, 'not_authenticated');
      }, AUTH_TIMEOUT_MS);
      connection.onClose(() => clearTimeout(authTimer));
      // Turntable greeted every new socket so; ttapi answers with user.authenticate.
      connection.write(NO_SESSION);
    },
    message(socket, data, isBinary) {
      const connection = connections.get(socket);
      if (!connection) return;
      connection.enqueue(
        () => onMessage(connection, data, isBinary),
        (error) => {
          log.error({ err: error }, 'ttapi message failed');
          refuse(connection, null, ttapiMessages.internal, 'internal');
        },
      );
    },
    close(socket) {
      connections.get(socket)?.dispose();
      connections.delete(socket);
    },
  };

  return {
    routes: { [TTAPI_PATH]: handlers },
    close() {
      clearInterval(heartbeat);
      for (const connection of connections.values()) connection.dispose();
      connections.clear();
    },
  };
}

function isRequest(value: unknown): value is Record<string, unknown> & { api: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { api?: unknown }).api === 'string' &&
    (value as { api: string }).api.length <= 64
  );
}
