/**
 * The realtime client: one websocket to /socket for the page. It says hello
 * with the protocol version and the session's credentials, checks every
 * message against the contract, hands each to whoever subscribed to its
 * type, pings so that a dead line is noticed, and reconnects with a growing,
 * jittered delay. The server sends a full snapshot after each welcome, so a
 * reconnect never needs to replay anything. Everything that uses it must also
 * work without it: HTTP polling stays the baseline.
 */
import {
  PROTOCOL_VERSION,
  SOCKET_PATH,
  serverMessage,
  type ClientMessage,
  type Credentials,
  type ServerMessage,
} from '@platter/contract';
import { getCredentials } from './credentials';

export type ServerMessageType = ServerMessage['type'];
export type ServerMessageOf<T extends ServerMessageType> = Extract<ServerMessage, { type: T }>;

/** stopped: not wanted; connecting: until the welcome; connected; waiting: to try again. */
export type RealtimeState = 'stopped' | 'connecting' | 'connected' | 'waiting';

/** What the client needs of a socket; the browser's WebSocket in the page, a fake in tests. */
export interface SocketConnection {
  send(data: string): void;
  close(): void;
}

export interface SocketEvents {
  open(): void;
  message(data: string): void;
  close(): void;
}

export type OpenSocket = (url: string, events: SocketEvents) => SocketConnection;

export interface RealtimeOptions {
  url: () => string;
  credentials: () => Credentials | null;
  openSocket?: OpenSocket;
  now?: () => number;
  random?: () => number;
}

export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 60_000;
export const PING_INTERVAL_MS = 25_000;
/**
 * A line that has said nothing, not even a pong, for this long is dead. Generous, because a
 * hidden tab's timers may run only once a minute, and its pongs answer pings that late.
 */
export const SILENCE_LIMIT_MS = 3 * PING_INTERVAL_MS + 15_000;

/** The address of the socket beside the page: ws: for http:, wss: for https:. */
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
  socket.onclose = () => events.close();
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

type Listener = (message: ServerMessage) => void;

export class RealtimeClient {
  private state: RealtimeState = 'stopped';
  private connection: SocketConnection | null = null;
  private failures = 0;
  private lastHeard = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private readonly listeners = new Map<ServerMessageType, Set<Listener>>();
  private readonly stateListeners = new Set<(state: RealtimeState) => void>();
  private readonly openSocket: OpenSocket;
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(private readonly options: RealtimeOptions) {
    this.openSocket = options.openSocket ?? openBrowserSocket;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
  }

  getState(): RealtimeState {
    return this.state;
  }

  /** Connects unless already connected or trying; does nothing without credentials. */
  start(): void {
    if (this.state === 'stopped') this.connect();
  }

  /** Closes the line and stops trying. */
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

  /** Sends when connected and welcomed; says whether it did. */
  send(message: ClientMessage): boolean {
    if (this.state !== 'connected' || !this.connection) return false;
    this.connection.send(JSON.stringify(message));
    return true;
  }

  /** Calls `handler` with each message of one type until the returned function is called. */
  subscribe<T extends ServerMessageType>(type: T, handler: (message: ServerMessageOf<T>) => void): () => void {
    const set = this.listeners.get(type) ?? new Set<Listener>();
    this.listeners.set(type, set);
    const listener = handler as Listener;
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  onStateChange(listener: (state: RealtimeState) => void): () => void {
    this.stateListeners.add(listener);
    return () => {
      this.stateListeners.delete(listener);
    };
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
        const hello: ClientMessage = { type: 'hello', version: PROTOCOL_VERSION, ...credentials };
        connection.send(JSON.stringify(hello));
      },
      message: (data) => {
        if (this.connection === connection) this.receive(data);
      },
      close: () => {
        if (this.connection !== connection) return;
        this.connection = null;
        this.scheduleRetry();
      },
    });
    this.connection = connection;
  }

  private receive(data: string): void {
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    // A message this page does not understand (a newer server, say) is skipped, not fatal.
    const parsed = serverMessage.safeParse(json);
    if (!parsed.success) return;
    const message = parsed.data;
    this.lastHeard = this.now();
    if (message.type === 'welcome') {
      this.failures = 0;
      this.setState('connected');
      this.startPinging();
    } else if (message.type === 'error') {
      // Refused (an old protocol, a session that ended): come back only after the longest wait.
      this.failures = Math.max(this.failures, 16);
    }
    for (const listener of [...(this.listeners.get(message.type) ?? [])]) listener(message);
  }

  private startPinging(): void {
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      if (this.now() - this.lastHeard > SILENCE_LIMIT_MS) {
        this.dropConnection();
        this.scheduleRetry();
      } else {
        this.send({ type: 'ping' });
      }
    }, PING_INTERVAL_MS);
  }

  private scheduleRetry(): void {
    this.clearTimers();
    const delay = reconnectDelay(this.failures, this.random);
    this.failures += 1;
    this.setState('waiting');
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private dropConnection(): void {
    const connection = this.connection;
    this.connection = null;
    connection?.close();
  }

  private clearTimers(): void {
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    this.retryTimer = undefined;
    this.pingTimer = undefined;
  }

  private setState(state: RealtimeState): void {
    if (state === this.state) return;
    this.state = state;
    for (const listener of [...this.stateListeners]) listener(state);
  }
}

/** The page's one connection. */
export const realtime = new RealtimeClient({
  url: () => socketUrl(window.location),
  credentials: getCredentials,
});
