/**
 * The live room benchmark's load generator (it runs in the benchmark's own
 * process, never the server's): listener connections to either server, chat
 * sent at a steady rate, and every delivery timed on this one clock.
 *
 * Each chat line carries `bench#<n>#` in its text; a delivery is any frame
 * holding that mark, its latency the time since line n was sent from here.
 * One broadcast (a song change) is timed the same way: from the frame that
 * sets it off until each listener has the frame it waits for.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { PROTOCOL_VERSION, SOCKET_PATH } from '@platter/contract';
import { readFramesDirectly } from './frame-reader';
import { listenerAuth, listenerId } from './room-fixtures';

/**
 * `bare` sends every frame it gets to everyone; `stored` does the same after checking the speaker
 * and storing the line in SQLite (the least a chat that keeps its lines must do); `platter` is
 * the real server.
 */
export type ServerKind = 'platter' | 'bare' | 'stored';

const MARK = 'bench#';
const HASH = '#'.charCodeAt(0);
const ZERO = '0'.charCodeAt(0);
const REPLY = Buffer.from('{"type":"reply"');
const WELCOME = Buffer.from('{"type":"welcome"');
const ERROR = Buffer.from('{"type":"error"');
const startsWith = (frame: Buffer, prefix: Buffer) => frame.compare(prefix, 0, prefix.length, 0, prefix.length) === 0;

/** What a measurement saw: deliveries against what was expected, and their latencies. */
export interface Delivery {
  sent: number;
  expected: number;
  delivered: number;
  refused: number;
  firstRefusal: string | null;
  latenciesMs: Float64Array;
  /**
   * Each line's first delivery: the server's own delay before it writes, plus one frame's reading.
   * The others wait for the load generator to read the frames before them (one thread reads all
   * the listeners'), which is most of every server's p99 in a room of 200.
   */
  firstLatenciesMs: Float64Array;
}

/** One broadcast as the listeners heard it: each one's latency, and the frame they waited for. */
export interface Broadcast {
  latenciesMs: Float64Array;
  frame: Buffer | null;
}

interface Watch {
  match: Buffer;
  started: number;
  latencies: number[];
  frame: Buffer | null;
  done: () => void;
}

/** Everything the listeners of one server hear, and when they last heard anything. */
export class Room {
  readonly listeners: Listener[] = [];
  lastFrameAt = performance.now();
  private sentAt: number[] = [];
  private latencies: number[] = [];
  private firstLatencies: number[] = [];
  private recording = false;
  refused = 0;
  firstRefusal: string | null = null;
  private nextLine = 0;
  private watch: Watch | null = null;

  constructor(
    readonly kind: ServerKind,
    readonly port: number,
    readonly roomid: string,
  ) {}

  /** Looks for the mark in the frame's bytes (no decoding: this runs for every delivery to every listener). */
  heard(frame: Buffer, at: number): void {
    this.lastFrameAt = at;
    if (this.watch && frame.indexOf(this.watch.match) >= 0) this.watched(this.watch, frame, at);
    if (!this.recording) return;
    const start = frame.indexOf(MARK);
    if (start < 0) return;
    let line = 0;
    for (let i = start + MARK.length; frame[i] !== HASH && i < frame.length; i++) line = line * 10 + frame[i]! - ZERO;
    const sentAt = this.sentAt[line];
    if (sentAt === undefined) return;
    this.latencies.push(at - sentAt);
    this.firstLatencies[line] ??= at - sentAt;
  }

  private watched(watch: Watch, frame: Buffer, at: number): void {
    watch.latencies.push(at - watch.started);
    watch.frame ??= Buffer.from(frame);
    if (watch.latencies.length === this.listeners.length) watch.done();
  }

  /**
   * Times one broadcast: `start` sets it off; resolves once every listener has heard a frame
   * holding `match` (each is expected to hear one), or after `timeoutMs` with those that did.
   */
  async timeBroadcast(match: Buffer, start: () => void, timeoutMs = 10_000): Promise<Broadcast> {
    let timer: NodeJS.Timeout | undefined;
    const watch: Watch = { match, started: 0, latencies: [], frame: null, done: () => undefined };
    const finished = new Promise<void>((resolve) => {
      watch.done = resolve;
      timer = setTimeout(resolve, timeoutMs);
    });
    this.watch = watch;
    watch.started = performance.now();
    start();
    await finished;
    clearTimeout(timer);
    this.watch = null;
    return { latenciesMs: Float64Array.from(watch.latencies), frame: watch.frame };
  }

  /** A contract call made by listener `n` over its socket; resolves to `[true]`, or the whole reply when refused. */
  call(n: number, call: string, input: Record<string, unknown>): Promise<string> {
    return this.listeners[n]!.call(call, input);
  }

  /** Listener `n` sends `frame` as is (to the bare server, which sends it to everyone). */
  send(n: number, frame: Buffer | string): void {
    this.listeners[n]!.socket.send(frame, { binary: false });
  }

  refusedLine(err: string): void {
    this.refused += 1;
    this.firstRefusal ??= err;
  }

  /** Sends chat at `rate` lines a second for `seconds`, each from the next listener in turn; waits for the deliveries. */
  async measure(rate: number, seconds: number): Promise<Delivery> {
    this.sentAt = [];
    this.latencies = [];
    this.firstLatencies = [];
    this.refused = 0;
    this.firstRefusal = null;
    this.recording = true;
    const total = Math.round(rate * seconds);
    const started = performance.now();
    for (let sent = 0; sent < total; sent++) {
      const due = started + (sent * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const speaker = this.listeners[this.nextLine++ % this.listeners.length]!;
      this.sentAt[sent] = performance.now();
      speaker.say(sent);
    }
    const expected = total * this.listeners.length;
    // Wait for the last deliveries: until all are in, or nothing has come for 3 s.
    while (this.latencies.length < expected && performance.now() - this.lastFrameAt < 3_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    this.recording = false;
    return {
      sent: total,
      expected,
      delivered: this.latencies.length,
      refused: this.refused,
      firstRefusal: this.firstRefusal,
      latenciesMs: Float64Array.from(this.latencies),
      firstLatenciesMs: Float64Array.from(this.firstLatencies.filter((ms) => ms !== undefined)),
    };
  }

  /** Resolves once no frame has arrived for `quietMs` (the join's `registered` storm is over). */
  async quiet(quietMs = 1_000): Promise<void> {
    while (performance.now() - this.lastFrameAt < quietMs) await new Promise((resolve) => setTimeout(resolve, 100));
  }

  /** Connects listeners `from`..`to`-1, `batch` at a time, each welcomed and in the room before the next batch. */
  async connect(from: number, to: number, batch: number): Promise<void> {
    for (let start = from; start < to; start += batch) {
      const joining = [];
      for (let n = start; n < Math.min(to, start + batch); n++) joining.push(Listener.join(this, n));
      this.listeners.push(...(await Promise.all(joining)));
    }
  }

  close(): void {
    for (const listener of this.listeners) listener.socket.terminate();
  }
}

class Listener {
  private msgid = 1;
  private readonly replies = new Map<number, (text: string) => void>();
  private welcomed: ((refusal: string | null) => void) | null = null;

  private constructor(
    private readonly room: Room,
    readonly socket: WebSocket,
    private readonly n: number,
  ) {}

  static async join(room: Room, n: number): Promise<Listener> {
    const path = room.kind === 'platter' ? SOCKET_PATH : '/';
    const socket = new WebSocket(`ws://127.0.0.1:${room.port}${path}`, { perMessageDeflate: false });
    const listener = new Listener(room, socket, n);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    socket.on('error', () => undefined);
    readFramesDirectly(socket, (frame) => listener.onFrame(frame));
    if (room.kind !== 'platter') return listener;
    const refusal = await new Promise<string | null>((resolve) => {
      listener.welcomed = resolve;
      socket.send(
        JSON.stringify({ type: 'hello', version: PROTOCOL_VERSION, userid: listenerId(n), userauth: listenerAuth(n) }),
      );
    });
    if (refusal) throw new Error(`listener ${n} was refused: ${refusal}`);
    const reply = await listener.call('room.register', { roomid: room.roomid });
    if (!reply.startsWith('[true')) throw new Error(`listener ${n} could not join: ${reply}`);
    return listener;
  }

  /** Says chat line `line`: through room.speak on Platter; the same frame, broadcast as is, on the bare server. */
  say(line: number): void {
    const input = { roomid: this.room.roomid, text: `${MARK}${line}# hello from listener ${this.n}` };
    if (this.room.kind !== 'platter') {
      this.socket.send(JSON.stringify({ type: 'call', msgid: this.msgid++, call: 'room.speak', input }));
      return;
    }
    void this.call('room.speak', input).then((envelope) => {
      if (!envelope.startsWith('[true')) this.room.refusedLine(envelope);
    });
  }

  /** A contract call over the socket; resolves to `[true]`, or the whole reply when refused. */
  call(call: string, input: Record<string, unknown>): Promise<string> {
    const msgid = this.msgid++;
    return new Promise((resolve) => {
      this.replies.set(msgid, resolve);
      this.socket.send(JSON.stringify({ type: 'call', msgid, call, input }));
    });
  }

  private onFrame(frame: Buffer): void {
    const at = performance.now();
    if (startsWith(frame, REPLY)) {
      // Only the head is read: a join's reply is the room's snapshot, a megabyte at 5,000 listeners.
      const head = /^\{"type":"reply","msgid":(\d+),"envelope":\[(true|false)/.exec(frame.toString('latin1', 0, 80));
      const msgid = Number(head?.[1]);
      this.replies.get(msgid)?.(head?.[2] === 'true' ? '[true]' : frame.toString());
      this.replies.delete(msgid);
    } else if (startsWith(frame, WELCOME) || startsWith(frame, ERROR)) {
      this.welcomed?.(startsWith(frame, ERROR) ? frame.toString() : null);
      this.welcomed = null;
    }
    this.room.heard(frame, at);
  }
}
