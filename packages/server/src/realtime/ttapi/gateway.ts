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
  liveLimitMessages,
  MAX_SOCKET_MESSAGE_BYTES,
  SOCKET_CLOSE,
  type Envelope,
  type ServerMessage,
} from '@platter/contract';
import { userChannel } from '../channels';
import { Connection } from '../connection';
import type { GatewayOptions } from '../gateway';
import type { SocketHandlers } from '../transport';
import { heartbeatFrame, jsonFrame, NO_SESSION, readFrames } from './framing';
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
/**
 * A connection whose messages are refused this many times (junk: not framed, not JSON, not a
 * request, no msgid; or, before it authenticates, anything but a good user.authenticate) is closed.
 * ttapi frames every request and authenticates first, so a bot never meets it; a line that keeps
 * sending junk costs a reply each time and is let go instead.
 */
export const MAX_REFUSED_MESSAGES = 10;

export const ttapiMessages = {
  notAuthenticated: 'userid and userauth do not match a session. Log the bot in again for a new userauth.',
  authenticateFirst: 'Authenticate first (user.authenticate).',
  notProtocol: 'That message is not part of the protocol: send ~m~LEN~m~{"api": …, "msgid": …}.',
  noMsgid: 'A request needs a msgid (a number) to be answered by: it was not run.',
  tooLarge: `That message is too large (at most ${MAX_SOCKET_MESSAGE_BYTES / 1024} KiB).`,
  replaced: 'This bot connected again elsewhere: this connection is replaced.',
  tooManyRefused: `${MAX_REFUSED_MESSAGES} messages were refused: this connection is closed. Send ~m~LEN~m~{"api": …, "msgid": …}, user.authenticate first.`,
  internal: apiMessages.internal,
} as const;

type TtapiOptions = Pick<
  GatewayOptions,
  'hub' | 'log' | 'authenticate' | 'invoke' | 'welcomed' | 'sessionsEnded' | 'openSockets' | 'addressOf'
> & {
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
  /** Answers the requests running on each bot's line, then closes it with RECONNECT (realtime/gateway.ts). */
  sendAway(graceMs: number): Promise<void>;
  close(): void;
}

export function ttapiGateway(options: TtapiOptions): TtapiGateway {
  const { hub, log } = options;
  const connections = new Map<WebSocket, Connection>();
  const addresses = new WeakMap<Connection, string>();
  /** How many of each connection's messages were refused (MAX_REFUSED_MESSAGES). */
  const refusals = new WeakMap<Connection, number>();
  let beat = 0;

  const reply = (connection: Connection, msgid: unknown, fields: Record<string, unknown>) =>
    connection.write(jsonFrame({ msgid: typeof msgid === 'number' ? msgid : -1, ...fields }));

  const refuse = (connection: Connection, msgid: unknown, err: string, errcode: string) =>
    reply(connection, msgid, { success: false, err, errcode });

  /**
   * Counts a refused message; past the limit the connection is told why, closed and let go (what
   * it left waiting is dropped). True when it was closed so.
   */
  const refusedOnce = (connection: Connection): boolean => {
    const count = (refusals.get(connection) ?? 0) + 1;
    refusals.set(connection, count);
    if (count < MAX_REFUSED_MESSAGES) return false;
    if (connection.isOpen) refuse(connection, null, ttapiMessages.tooManyRefused, 'bad_request');
    closeRefused(connection, 'bad_request');
    return true;
  };

  const closeRefused = (connection: Connection, reason: string) => {
    connection.socket.close(SOCKET_CLOSE.refused, reason);
    connection.dispose();
  };

  /** Turntable's word for a session that ended or was replaced; the socket then closes. */
  const killdashnine = (connection: Connection, err: string) => {
    connection.write(jsonFrame({ command: 'killdashnine', msg: err }));
    connection.socket.close(SOCKET_CLOSE.sessionEnded, 'killdashnine');
    // Let go now, not after the close handshake: the room this connection was in hears it leave
    // before the replacing connection (already authenticated) registers.
    connection.dispose();
  };

  /** True once the connection is the bot's; false when refused (the refusal counted) or closed. */
  const authenticate = async (connection: Connection, request: Record<string, unknown>): Promise<boolean> => {
    const { msgid, userid, userauth } = request;
    if (connection.caller) {
      reply(connection, msgid, { success: true, userid: connection.caller.userid });
      return true;
    }
    const caller =
      typeof userid === 'string' && typeof userauth === 'string' ? await options.authenticate(userid, userauth) : null;
    if (!caller || typeof userid !== 'string' || typeof userauth !== 'string') {
      refuse(connection, msgid, ttapiMessages.notAuthenticated, 'not_authenticated');
      refusedOnce(connection);
      return false;
    }
    if (!connection.isOpen) return false;
    const release = options.openSockets.ofSession(caller.sessionId);
    if (!release) {
      refuse(connection, msgid, liveLimitMessages.tooManyPages, 'rate_limited');
      closeRefused(connection, 'rate_limited');
      return false;
    }
    connection.onClose(release);
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
    return true;
  };

  const run = async (connection: Connection, request: Record<string, unknown>) => {
    const { api, msgid } = request;
    const caller = connection.caller;
    if (!caller) return;
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

  /**
   * Runs a message's requests in turn, each answered before the next, and answers its refusal
   * last: at most one refusal a message (a message packed with thousands of junk frames was
   * answered thousands of times). Before the bot authenticates, only user.authenticate runs.
   */
  const answerMessage = async (connection: Connection, message: BotMessage) => {
    for (const request of message.requests) {
      if (!connection.isOpen) return;
      if (request.api === 'user.authenticate') {
        // A refused authenticate is the message's one refusal.
        if (!(await authenticate(connection, request))) return;
      } else if (connection.caller) {
        await run(connection, request);
      } else if (message.refusal) {
        break; // the message's one refusal is its junk's, below
      } else {
        refuse(connection, request.msgid, ttapiMessages.authenticateFirst, 'not_authenticated');
        refusedOnce(connection);
        return;
      }
    }
    const { refusal } = message;
    if (refusal && connection.isOpen) refuse(connection, refusal.msgid, refusal.err, 'bad_request');
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
      const address = options.addressOf(request);
      addresses.set(connection, address);
      const release = options.openSockets.fromAddress(address);
      if (!release) {
        refuse(connection, null, liveLimitMessages.tooManyConnections, 'rate_limited');
        return closeRefused(connection, 'rate_limited');
      }
      connection.onClose(release);
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
      // Read now, not in turn: a junk message counts at once (a burst of them is let go as it comes,
      // not queued), and what waits is the requests read, never the message's bytes.
      const message = readMessage(data, isBinary);
      if (message.refusal && refusedOnce(connection)) return;
      const taken = connection.enqueue(
        () => answerMessage(connection, message),
        (error) => {
          log.error({ err: error }, 'ttapi message failed');
          refuse(connection, null, ttapiMessages.internal, 'internal');
        },
      );
      if (!taken && connection.isOpen) {
        refuse(connection, null, liveLimitMessages.tooManyWaiting, 'rate_limited');
        closeRefused(connection, 'rate_limited');
      }
    },
    close(socket) {
      connections.get(socket)?.dispose();
      connections.delete(socket);
    },
  };

  return {
    routes: { [TTAPI_PATH]: handlers },
    async sendAway(graceMs) {
      await Promise.all([...connections.values()].map((connection) => connection.sendAway(graceMs)));
    },
    close() {
      clearInterval(heartbeat);
      for (const connection of connections.values()) connection.dispose();
      connections.clear();
    },
  };
}

/** A websocket message from a bot, read: its requests in order, and why the rest of it is refused, if it is. */
interface BotMessage {
  requests: Array<Record<string, unknown> & { api: string; msgid: number }>;
  refusal: { msgid: unknown; err: string } | null;
}

/**
 * Reads the `~m~LEN~m~DATA` of one websocket message up to the first that is not a request with a
 * msgid (a request that cannot be answered by its msgid is not run, as on /socket: a call that
 * changes something would do so unseen); the rest of the message is not read.
 */
function readMessage(data: RawData, isBinary: boolean): BotMessage {
  const requests: BotMessage['requests'] = [];
  if (isBinary) return { requests, refusal: { msgid: null, err: ttapiMessages.notProtocol } };
  const size = Buffer.isBuffer(data) ? data.length : Buffer.byteLength(String(data));
  if (size > MAX_SOCKET_MESSAGE_BYTES) return { requests, refusal: { msgid: null, err: ttapiMessages.tooLarge } };
  for (const inbound of readFrames(String(data))) {
    if (inbound.kind === 'heartbeat') continue; // the bot's echo of our ~h~N
    const request = inbound.kind === 'json' ? inbound.value : null;
    if (!isRequest(request)) {
      const msgid = (request as { msgid?: unknown } | null)?.msgid;
      return { requests, refusal: { msgid, err: ttapiMessages.notProtocol } };
    }
    if (typeof request.msgid !== 'number') return { requests, refusal: { msgid: null, err: ttapiMessages.noMsgid } };
    requests.push(request as BotMessage['requests'][number]);
  }
  return { requests, refusal: null };
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
