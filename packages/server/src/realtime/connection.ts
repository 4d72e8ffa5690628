/**
 * One socket's state: who it is (once welcomed), the channels it follows, and
 * the order of what it sends. Frames are handled one at a time in the order
 * they came (the inbox); while a call runs, events for this connection are
 * held and sent after its reply, so a snapshot always arrives before the
 * events that follow it. On a sequenced channel (a room) events go out in
 * sequence order: one that arrives early waits for the ones before it, for
 * a moment, and is then sent anyway so the page sees the gap and re-syncs.
 */
import type { WebSocket } from 'ws';
import { SOCKET_CLOSE, type LiveEvent, type ServerMessage } from '@platter/contract';
import type { Channel } from './channels';
import { holdWritesThisTurn, tcpOf } from './coalesce';
import { eventFrames, wireOf } from './event-frames';
import type { Hub } from './hub';
import { Inbox } from './inbox';

/**
 * What a followed channel carries to pages: the events of one change, in order; on rooms `seq`
 * is the first one's sequence number and the others follow it (a room command's events travel
 * together, so a page gets them in one write and the bus carries one message).
 */
export interface ChannelEvents {
  seq?: number | undefined;
  events: LiveEvent[];
}

/** How long an early event waits for the ones before it (another instance's, still on their way). */
export const GAP_WAIT_MS = 1_500;
/** How long a line being sent away may take to answer its close frame. */
const CLOSE_HANDSHAKE_MS = 1_000;
/** A page that cannot keep up is dropped (it reconnects and re-syncs) rather than buffered without end. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

export interface Follow {
  /** The snapshot the page was given is at `seq`: send only what comes after it, in order. */
  from(seq: number): void;
}

/** What a call over the socket may do with its connection (CallContext.request.connection). */
export interface LiveConnection {
  readonly id: number;
  readonly userid: string;
  readonly sessionId: string;
  /** Starts following (resolves once subscribed, so nothing published after is missed). */
  follow(channel: Channel<ChannelEvents>): Promise<Follow>;
  unfollow(channelName: string): void;
  follows(channelName: string): boolean;
  /** The names of the channels followed that start with `prefix`. */
  channels(prefix: string): string[];
  /**
   * Listens to a channel on the page's behalf while the socket is open (once per key: a
   * second call with the same key changes nothing). For channels whose messages the server
   * turns into something else for the page, as the friends panel does with the lobby's.
   */
  listen<T>(key: string, channel: Channel<T>, listener: (message: T) => void): Promise<void>;
  /** Sends an event that did not come over the bus (a snapshot computed for this page alone). */
  push(channelName: string, event: LiveEvent): void;
  /** Runs once when the socket closes. */
  onClose(listener: () => void): void;
}

export interface Caller {
  userid: string;
  userauth: string;
  sessionId: string;
}

interface FollowState {
  stop: () => void;
  /** The last sequence number sent; null until the snapshot's is known, or on unsequenced channels. */
  seq: number | null;
  /** Events that came before the ones ahead of them, by their first sequence number. */
  early: Map<number, ChannelEvents>;
  gapTimer: NodeJS.Timeout | null;
}

let nextId = 1;

export class Connection implements LiveConnection {
  readonly id = nextId++;
  caller: Caller | null = null;
  /** The welcome went out: from now on the page may be answered out of turn (a ping). */
  welcomeSent = false;
  alive = true;
  private busy = false;
  private readonly inbox = new Inbox(async (run) => {
    this.busy = true;
    try {
      await run();
    } finally {
      this.busy = false;
      this.flushHeld();
    }
  });
  private held: Array<[string, ChannelEvents]> = [];
  private readonly followed = new Map<string, FollowState>();
  private readonly listening = new Map<string, () => void>();
  private readonly closeListeners: Array<() => void> = [];
  private closed = false;

  /**
   * `encode` writes a message in the socket's framing: JSON for /socket; another
   * framing of the same calls (the ttapi gateway) passes its own, null to send nothing.
   */
  constructor(
    readonly socket: WebSocket,
    private readonly hub: Hub,
    private readonly encode: (message: ServerMessage) => string | null = JSON.stringify,
  ) {}

  get userid(): string {
    return this.welcomed().userid;
  }

  get sessionId(): string {
    return this.welcomed().sessionId;
  }

  get isOpen(): boolean {
    return !this.closed && this.socket.readyState === this.socket.OPEN;
  }

  send(message: ServerMessage): void {
    const text = this.encode(message);
    if (text !== null) this.sendFrame(text);
  }

  /** Sends text as it is (a framing's own frames); a page that cannot keep up is dropped. */
  write(text: string): void {
    this.sendFrame(text);
  }

  /** Sends a text frame already made (a string, or its UTF-8 bytes). */
  private sendFrame(frame: string | Buffer): void {
    if (!this.isOpen) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.socket.terminate();
      return;
    }
    holdWritesThisTurn(this.socket);
    this.socket.send(frame, { binary: false });
  }

  /**
   * Handles frames one after another, in the order sent; events that come while one runs wait
   * for it. False when the frame is not taken: the connection has ended, or too many frames wait.
   */
  enqueue(work: () => Promise<void>, onError: (error: unknown) => void): boolean {
    return this.inbox.enqueue(work, onError);
  }

  /**
   * Nothing more from this socket runs: what waits is dropped, and frames that come later are not
   * taken (its session ended, or it is being closed for what it sent). The frame running finishes.
   */
  stopTakingFrames(): void {
    this.inbox.end();
  }

  /**
   * The server is going away: what waits is dropped (the page fails those calls and makes them
   * again elsewhere), the frame running finishes and is answered, then the line is closed with
   * RECONNECT, so the page comes back at once to another instance. Resolves once it is closed.
   */
  async sendAway(graceMs: number): Promise<void> {
    this.inbox.end();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.inbox.idle(), new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
    if (!this.isOpen) return;
    const closed = new Promise((resolve) => this.socket.once('close', resolve));
    this.socket.close(SOCKET_CLOSE.reconnect, 'server restarting');
    // The page answers the close at once; one that does not is cut by the transport's close.
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, CLOSE_HANDSHAKE_MS).unref())]);
  }

  async follow(channel: Channel<ChannelEvents>): Promise<Follow> {
    const existing = this.followed.get(channel.name);
    const state: FollowState = existing ?? { stop: () => undefined, seq: null, early: new Map(), gapTimer: null };
    if (!existing) {
      this.followed.set(channel.name, state);
      const stop = await this.hub.listen(channel, (message) => this.receive(channel.name, message));
      // Closed or unfollowed while subscribing: let go at once.
      if (this.followed.get(channel.name) !== state) stop();
      else state.stop = stop;
    }
    return {
      from: (seq) => {
        state.seq = seq;
        for (const early of state.early.keys()) if (early <= seq) state.early.delete(early);
      },
    };
  }

  async listen<T>(key: string, channel: Channel<T>, listener: (message: T) => void): Promise<void> {
    if (this.listening.has(key) || this.closed) return;
    this.listening.set(key, () => undefined);
    const stop = await this.hub.listen(channel, listener);
    if (this.closed) stop();
    else this.listening.set(key, stop);
  }

  unfollow(channelName: string): void {
    const state = this.followed.get(channelName);
    if (!state) return;
    this.followed.delete(channelName);
    if (state.gapTimer) clearTimeout(state.gapTimer);
    state.stop();
    this.held = this.held.filter(([name]) => name !== channelName);
  }

  follows(channelName: string): boolean {
    return this.followed.has(channelName);
  }

  channels(prefix: string): string[] {
    return [...this.followed.keys()].filter((name) => name.startsWith(prefix));
  }

  push(channelName: string, event: LiveEvent): void {
    this.send({ type: 'event', channel: channelName, event });
  }

  onClose(listener: () => void): void {
    if (this.closed) listener();
    else this.closeListeners.push(listener);
  }

  /** Lets go of everything: called once, when the socket closes. */
  dispose(): void {
    if (this.closed) return;
    this.closed = true;
    // Work a closed socket left waiting is not done: nobody hears its answer.
    this.inbox.end();
    for (const name of [...this.followed.keys()]) this.unfollow(name);
    for (const stop of this.listening.values()) stop();
    this.listening.clear();
    for (const listener of this.closeListeners.splice(0)) listener();
  }

  private welcomed(): Caller {
    if (!this.caller) throw new Error('This connection has not been welcomed.');
    return this.caller;
  }

  private receive(channelName: string, message: ChannelEvents): void {
    if (this.busy) this.held.push([channelName, message]);
    else this.emit(channelName, message);
  }

  private flushHeld(): void {
    const held = this.held;
    this.held = [];
    for (const [name, message] of held) this.emit(name, message);
  }

  private emit(channelName: string, message: ChannelEvents): void {
    const state = this.followed.get(channelName);
    if (!state) return;
    if (state.seq === null || message.seq === undefined) return this.deliver(channelName, message, 0);
    const last = message.seq + message.events.length - 1;
    if (last <= state.seq) return; // already in the snapshot, or a repeat
    if (message.seq > state.seq + 1) {
      state.early.set(message.seq, message);
      state.gapTimer ??= setTimeout(() => this.giveUpWaiting(channelName), GAP_WAIT_MS);
      return;
    }
    this.deliver(channelName, message, state.seq + 1 - message.seq);
    state.seq = last;
    this.drainEarly(channelName, state);
  }

  /** Sends the early events that are next in line now; stops waiting once none is left. */
  private drainEarly(channelName: string, state: FollowState): void {
    for (let next = state.early.get((state.seq ?? 0) + 1); next; next = state.early.get((state.seq ?? 0) + 1)) {
      state.early.delete(next.seq!);
      this.deliver(channelName, next, 0);
      state.seq = next.seq! + next.events.length - 1;
    }
    if (state.early.size === 0 && state.gapTimer) {
      clearTimeout(state.gapTimer);
      state.gapTimer = null;
    }
  }

  /**
   * The missing events are not coming (a lost bus message): send what is next after the gap, so
   * the page sees it and re-syncs; what is still behind another gap waits its own moment.
   */
  private giveUpWaiting(channelName: string): void {
    const state = this.followed.get(channelName);
    if (!state) return;
    state.gapTimer = null;
    if (state.early.size === 0) return;
    state.seq = Math.min(...state.early.keys()) - 1;
    this.drainEarly(channelName, state);
    if (state.early.size > 0) state.gapTimer = setTimeout(() => this.giveUpWaiting(channelName), GAP_WAIT_MS);
  }

  /** Sends the message's events from index `skip` on (those before it the page has). */
  private deliver(channelName: string, message: ChannelEvents, skip: number): void {
    // Another framing (the ttapi gateway's) writes each event its own way.
    if (this.encode !== JSON.stringify) {
      for (let index = skip; index < message.events.length; index++) {
        const seq = message.seq === undefined ? undefined : message.seq + index;
        this.send({ type: 'event', channel: channelName, seq, event: message.events[index]! });
      }
      return;
    }
    const frames = eventFrames(channelName, message);
    const tcp = tcpOf(this.socket);
    // Framed once for all, written as is (see textFrame); ws frames it itself when it has no TCP
    // socket, and the rare page that has some of the events already gets the rest one by one.
    if (!tcp || !this.isOpen || skip > 0) {
      for (const payload of frames.payloads.slice(skip)) this.sendFrame(payload);
      return;
    }
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) return this.socket.terminate();
    holdWritesThisTurn(this.socket);
    tcp.write(wireOf(frames));
  }
}
