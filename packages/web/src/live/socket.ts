/**
 * The page's one websocket to /socket (contract realtime.ts, docs/realtime.md).
 * It says hello with the protocol version and the session's credentials;
 * `request()` makes contract calls over it, answered by message id (over HTTP
 * when the line is down, for calls that work there); `follow()` names calls
 * that are made again after every welcome — a reconnect, or a login from a
 * modal — so what the page follows survives both; pings carry the page's
 * clock and pongs the server's, feeding the clock estimate. It reconnects
 * with a growing, jittered delay. Everything that uses it must also work
 * without it: HTTP polling stays the baseline.
 */
import {
  apiMessages,
  PROTOCOL_VERSION,
  SOCKET_CLOSE,
  SOCKET_PATH,
  socketOnlyCallNames,
  type CallInput,
  type CallName,
  type CallOutput,
  type ClientMessage,
  type Credentials,
  type ServerMessage,
} from '@platter/contract';
import { ApiCallError, call as callOverHttp, NO_MESSAGE } from '../api/client';
import { getCredentials } from '../api/credentials';
import { clockSample, ServerClock } from './clock';

export type EventMessage = Extract<ServerMessage, { type: 'event' }>;

/** stopped: not wanted; connecting: until the welcome; connected; waiting: to try again. */
export type LiveState = 'stopped' | 'connecting' | 'connected' | 'waiting';

/** What the client needs of a socket; the browser's WebSocket in the page, a fake in tests. */
export interface SocketConnection {
  send(data: string): void;
  close(): void;
}

export interface SocketEvents {
  open(): void;
  message(data: string): void;
  /** The line closed, with the server's close code when it gave one. */
  close(code?: number): void;
}

export type OpenSocket = (url: string, events: SocketEvents) => SocketConnection;

export interface LiveSocketOptions {
  url: () => string;
  credentials: () => Credentials | null;
  openSocket?: OpenSocket;
  /** Calls over HTTP, for requests made while the line is down. */
  callOverHttp?: typeof callOverHttp;
  now?: () => number;
  random?: () => number;
}

export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 60_000;
export const PING_INTERVAL_MS = 25_000;
/** Right after a welcome quick pings give the clock estimate something to choose from (clock.ts). */
export const WELCOME_PINGS = 8;
/**
 * Quick pings go this far apart: close enough that a burst is over in a second or two, far
 * enough apart that each meets the line afresh rather than queued behind the one before.
 */
export const CLOCK_PING_SPACING_MS = 100;
/**
 * A line that has said nothing, not even a pong, for this long is dead. Generous, because a
 * hidden tab's timers may run only once a minute, and its pongs answer pings that late.
 */
export const SILENCE_LIMIT_MS = 3 * PING_INTERVAL_MS + 15_000;
/** A call not answered in this long is given up (the line is probably dead; the next ping will tell). */
export const REQUEST_TIMEOUT_MS = 20_000;

export const LINE_DOWN = apiMessages.lineDown;
/**
 * A line closed because its server is going away (SOCKET_CLOSE.reconnect) comes back within this
 * long: at once, spread a little so that a restart's pages do not all land in the same instant.
 */
export const RECONNECT_SOON_MS = 250;
/** A follow refused while the server is briefly short of a part (errcode `unavailable`) is asked again this much later. */
export const UNAVAILABLE_RETRY_MS = 2_000;

/** The address of the socket beside the page: ws: for http:, wss: for https:. */
const SERVER_MESSAGE_TYPES: ReadonlySet<string> = new Set<ServerMessage['type']>([
  'welcome',
  'reply',
  'event',
  'pong',
  'error',
] satisfies ServerMessage['type'][]);

/** A frame of a kind this page knows; its fields are the server's to get right. */
function isServerMessage(json: unknown): json is ServerMessage {
  if (typeof json !== 'object' || json === null) return false;
  const { type } = json as { type?: unknown };
  if (typeof type !== 'string' || !SERVER_MESSAGE_TYPES.has(type)) return false;
  // A reply's envelope is read by index: one that is not a pair would throw in settle().
  return type !== 'reply' || Array.isArray((json as { envelope?: unknown }).envelope);
}

export function socketUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${SOCKET_PATH}`;
}

/**
 * How long to wait before the attempt after `failures` failed ones: doubling
 * from a second up to a minute, each delay cut by up to half at random so
 * that a server restart is not met by every page at the same instant.
 */
export function reconnectDelay(failures: number, random: () => number = Math.random): number {
  const full = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.min(failures, 16));
  return Math.round(full * (0.5 + random() / 2));
}

/** The browser's WebSocket behind the small interface above. */
export const openBrowserSocket: OpenSocket = (url, events) => {
  const socket = new WebSocket(url);
  socket.onopen = () => events.open();
  socket.onmessage = (event: MessageEvent<unknown>) => {
    if (typeof event.data === 'string') events.message(event.data);
  };
  // An error is always followed by a close, which is where the client reacts.
  socket.onclose = (event) => events.close(event.code);
  return {
    send: (data) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(data);
    },
    close: () => {
      socket.onclose = null;
      socket.close();
    },
  };
};

interface Pending {
  name: CallName;
  resolve(value: unknown): void;
  reject(error: ApiCallError): void;
  timer: ReturnType<typeof setTimeout>;
}

/** A call made again after every welcome, and what to do with its answer. */
export interface FollowSpec<N extends CallName> {
  call: N;
  input: CallInput<N>;
  snapshot(result: CallOutput<N>): void;
  /** The call was refused (an unknown room, say): it is not made again. */
  refused?(error: ApiCallError): void;
}

export class LiveSocket {
  readonly clock: ServerClock;
  private state: LiveState = 'stopped';
  private connection: SocketConnection | null = null;
  private failures = 0;
  private lastHeard = 0;
  private nextMsgid = 1;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  /** Clock pings asked for and not yet sent, one CLOCK_PING_SPACING_MS apart. */
  private queuedPings = 0;
  private pingBurstTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly pending = new Map<number, Pending>();
  private readonly follows = new Set<FollowSpec<CallName>>();
  private readonly eventListeners = new Set<(message: EventMessage) => void>();
  private readonly stateListeners = new Set<(state: LiveState) => void>();
  private readonly openSocket: OpenSocket;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly overHttp: typeof callOverHttp;

  constructor(private readonly options: LiveSocketOptions) {
    this.openSocket = options.openSocket ?? openBrowserSocket;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.overHttp = options.callOverHttp ?? callOverHttp;
    this.clock = new ServerClock(this.now);
  }

  getState(): LiveState {
    return this.state;
  }

  /** The member this page speaks as, or null before login. */
  userid(): string | null {
    return this.options.credentials()?.userid ?? null;
  }

  /** Connects unless already connected or trying; does nothing without credentials. */
  start(): void {
    if (this.state === 'stopped') this.connect();
  }

  /** Closes the line and stops trying. What the page follows is kept for the next start. */
  stop(): void {
    this.clearTimers();
    this.dropConnection();
    this.failures = 0;
    this.setState('stopped');
  }

  /** While waiting to reconnect, tries at once (the browser is back online, say). */
  retryNow(): void {
    if (this.state !== 'waiting') return;
    clearTimeout(this.retryTimer);
    this.connect();
  }

  /**
   * More clock samples, quickly one after another (clock-sampling.ts asks while music plays: the
   * more samples, the narrower the estimate). Asked for during a burst, they follow it.
   */
  sampleClock(count = WELCOME_PINGS): void {
    if (this.state !== 'connected') return;
    this.queuedPings += count;
    this.pingBurstTimer ??= setTimeout(() => this.nextQueuedPing(), 0);
  }

  /**
   * Makes a contract call: over the socket when it is connected, answered by message id;
   * otherwise over HTTP, except for socket-only calls, which fail until the line is back.
   */
  request<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>> {
    if (this.state !== 'connected' || !this.connection) {
      return socketOnlyCallNames.has(name)
        ? Promise.reject(new ApiCallError(LINE_DOWN, 'request'))
        : this.overHttp(name, input);
    }
    const msgid = this.nextMsgid++;
    return new Promise<CallOutput<N>>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(msgid);
        reject(new ApiCallError(LINE_DOWN, 'request'));
      }, REQUEST_TIMEOUT_MS);
      this.pending.set(msgid, { name, resolve: resolve as (value: unknown) => void, reject, timer });
      this.sendMessage({ type: 'call', msgid, call: name, input: input as Record<string, unknown> });
    });
  }

  /**
   * Makes `call` now if connected, and again after every welcome, handing each answer to
   * `snapshot`. Returns the function that stops following.
   */
  follow<N extends CallName>(spec: FollowSpec<N>): () => void {
    const entry = spec as unknown as FollowSpec<CallName>;
    this.follows.add(entry);
    if (this.state === 'connected') this.refollow(entry);
    return () => {
      this.follows.delete(entry);
    };
  }

  /** Asks again for one follow's snapshot (its page saw a gap in the events). */
  resync<N extends CallName>(spec: FollowSpec<N>): void {
    const entry = spec as unknown as FollowSpec<CallName>;
    if (this.follows.has(entry) && this.state === 'connected') this.refollow(entry);
  }

  /** Resolves true once the line is connected (at once if it is), false after `timeoutMs` or if stopped. */
  whenConnected(timeoutMs: number): Promise<boolean> {
    if (this.state === 'connected') return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (connected: boolean) => {
        clearTimeout(timer);
        stop();
        resolve(connected);
      };
      const timer = setTimeout(() => done(false), timeoutMs);
      const stop = this.onStateChange((state) => {
        if (state === 'connected') done(true);
        else if (state === 'stopped') done(false);
      });
    });
  }

  /** Calls `listener` with every event on the channels the page follows. */
  onEvent(listener: (message: EventMessage) => void): () => void {
    this.eventListeners.add(listener);
    return () => {
      this.eventListeners.delete(listener);
    };
  }

  onStateChange(listener: (state: LiveState) => void): () => void {
    this.stateListeners.add(listener);
    return () => {
      this.stateListeners.delete(listener);
    };
  }

  private refollow(entry: FollowSpec<CallName>): void {
    this.request(entry.call, entry.input).then(
      (result) => {
        if (this.follows.has(entry)) entry.snapshot(result);
      },
      (error: unknown) => {
        // Refused for now: asked again in a moment, on this line (the next welcome asks anyway).
        if (error instanceof ApiCallError && error.code === 'unavailable') {
          const line = this.connection;
          setTimeout(() => {
            if (this.connection === line) this.resync(entry);
          }, UNAVAILABLE_RETRY_MS);
          return;
        }
        // Refused for good (not a lost line): stop asking.
        if (error instanceof ApiCallError && error.kind === 'api') {
          this.follows.delete(entry);
          entry.refused?.(error);
        }
      },
    );
  }

  private sendMessage(message: ClientMessage): boolean {
    if (!this.connection) return false;
    this.connection.send(JSON.stringify(message));
    return true;
  }

  private connect(): void {
    const credentials = this.options.credentials();
    if (!credentials) {
      this.setState('stopped');
      return;
    }
    this.setState('connecting');
    const connection: SocketConnection = this.openSocket(this.options.url(), {
      open: () => {
        if (this.connection !== connection) return;
        this.lastHeard = this.now();
        this.sendMessage({ type: 'hello', version: PROTOCOL_VERSION, ...credentials });
      },
      message: (data) => {
        if (this.connection === connection) this.receive(data);
      },
      close: (code) => {
        if (this.connection !== connection) return;
        this.connection = null;
        this.failPending();
        // The server is going away, not failing: come back at once (to another instance).
        if (code === SOCKET_CLOSE.reconnect) this.scheduleRetry(Math.round(this.random() * RECONNECT_SOON_MS));
        else this.scheduleRetry();
      },
    });
    this.connection = connection;
  }

  private receive(data: string): void {
    // Read before parsing: a pong's time of arrival bounds the clock estimate (clock.ts).
    const receivedAt = this.now();
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    // The server is trusted to send what realtime.ts says (docs/web-weight.md); a kind of
    // message this page does not know (a newer server, say) is skipped, not fatal.
    if (!isServerMessage(json)) return;
    const message = json;
    this.lastHeard = receivedAt;
    switch (message.type) {
      case 'welcome':
        this.failures = 0;
        this.clock.reset();
        this.setState('connected');
        this.startPinging();
        for (const entry of [...this.follows]) this.refollow(entry);
        return;
      case 'reply':
        return this.settle(message.msgid, message.envelope);
      case 'event':
        for (const listener of [...this.eventListeners]) listener(message);
        return;
      case 'pong':
        if (message.t !== undefined) this.clock.add(clockSample(message.t, message.now, receivedAt));
        return;
      case 'error':
        // Refused (an old protocol, a session that ended): come back only after the longest wait.
        this.failures = Math.max(this.failures, 16);
        return;
    }
  }

  private settle(msgid: number, envelope: Extract<ServerMessage, { type: 'reply' }>['envelope']): void {
    const pending = this.pending.get(msgid);
    if (!pending) return;
    this.pending.delete(msgid);
    clearTimeout(pending.timer);
    if (!envelope[0]) {
      const failure = envelope[1];
      pending.reject(new ApiCallError(failure.err || NO_MESSAGE, 'api', failure.errcode as never));
      return;
    }
    pending.resolve(envelope[1]);
  }

  /** Calls in flight on a line that closed: whether they ran is unknown; their callers are told. */
  private failPending(): void {
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(new ApiCallError(LINE_DOWN, 'request'));
    }
    this.pending.clear();
  }

  private ping(): void {
    this.sendMessage({ type: 'ping', t: this.now() });
  }

  /** One ping of those asked for, and the next CLOCK_PING_SPACING_MS later. */
  private nextQueuedPing(): void {
    this.pingBurstTimer = undefined;
    if (this.queuedPings <= 0) return;
    this.queuedPings -= 1;
    this.ping();
    this.pingBurstTimer = setTimeout(() => this.nextQueuedPing(), CLOCK_PING_SPACING_MS);
  }

  private startPinging(): void {
    this.clearPingTimers();
    this.sampleClock(WELCOME_PINGS);
    this.pingTimer = setInterval(() => {
      if (this.now() - this.lastHeard > SILENCE_LIMIT_MS) {
        this.dropConnection();
        this.scheduleRetry();
      } else {
        this.ping();
      }
    }, PING_INTERVAL_MS);
  }

  private scheduleRetry(soon?: number): void {
    this.clearTimers();
    const delay = soon ?? reconnectDelay(this.failures, this.random);
    this.failures += 1;
    this.setState('waiting');
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private dropConnection(): void {
    const connection = this.connection;
    this.connection = null;
    connection?.close();
    this.failPending();
  }

  private clearPingTimers(): void {
    clearInterval(this.pingTimer);
    this.pingTimer = undefined;
    clearTimeout(this.pingBurstTimer);
    this.pingBurstTimer = undefined;
    this.queuedPings = 0;
  }

  private clearTimers(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.clearPingTimers();
  }

  private setState(state: LiveState): void {
    if (state === this.state) return;
    this.state = state;
    for (const listener of [...this.stateListeners]) listener(state);
  }
}

/** The page's one connection. Its clock reads performance.now (sub-millisecond, never set back). */
export const live = new LiveSocket({
  url: () => socketUrl(window.location),
  credentials: getCredentials,
  now: () => performance.timeOrigin + performance.now(),
});
