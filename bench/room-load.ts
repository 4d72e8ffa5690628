/**
 * The live room benchmark's load generator (it runs in the benchmark's own
 * process, never the server's): listener connections to either server, chat
 * sent at a steady rate, and every delivery timed on one clock.
 *
 * Each chat line carries `bench#<n>#` in its text; a delivery is any frame
 * holding that mark, its latency the time since line n was sent. One
 * broadcast (a song change) is timed the same way: from the frame that sets
 * it off until each listener has the frame it waits for.
 *
 * The listeners are spread over reader threads (bench/room-shard.ts), each
 * holding its share of the sockets: at 5,000 listeners one thread reading
 * 50,000 frames a second was busy 86–98 % of the time, and the queue in front
 * of it was most of what it measured. This thread only directs them.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';

/**
 * `bare` sends every frame it gets to everyone; `stored` does the same after checking the speaker
 * and storing the line in SQLite (the least a chat that keeps its lines must do); `platter` is
 * the real server.
 */
export type ServerKind = 'platter' | 'bare' | 'stored';

/** Reader threads per server (default: one a core). */
const READERS = Number(process.env.BENCH_READERS ?? os.cpus().length);
/** The lines' schedule starts this long after it is handed out, so every shard has it by then. */
const SCHEDULE_LEAD_MS = 20;

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
   * The others also wait for their reader thread to read the frames before them.
   */
  firstLatenciesMs: Float64Array;
}

/** One broadcast as the listeners heard it: each one's latency, the frame they waited for, and the call's reply. */
export interface Broadcast {
  latenciesMs: Float64Array;
  frame: Buffer | null;
  /** The reply to the call that set it off (`[true]`, or the whole refusal); null for a frame sent as is. */
  reply: string | null;
}

/** What sets a broadcast off: listener `listener` makes a contract call, or sends `frame` as is (to the bare server). */
export type Trigger =
  { listener: number; call: string; input: Record<string, unknown> } | { listener: number; frame: Buffer };

/** What a shard is started with. */
export interface ShardData {
  kind: ServerKind;
  port: number;
  roomid: string;
  index: number;
  /** A Float64Array, one slot a shard: when it last heard a frame. */
  lastFrames: SharedArrayBuffer;
}

/** The main thread's requests to a shard, each answered by id. */
export type ShardRequest = { id: number } & (
  | { type: 'connect'; numbers: number[] }
  /**
   * Records deliveries of a measurement's lines from now on. Every shard is armed before any
   * line is sent: a shard that heard the request late would otherwise drop its listeners'
   * deliveries of the lines other shards had already sent.
   */
  | {
      type: 'arm';
      /** The origin of the send times. */
      epoch: number;
      /** An Int32Array, one slot a line: its send time (room-shard.ts). */
      sentAt: SharedArrayBuffer;
    }
  /** Sends this shard's lines of the armed measurement on their schedule; answers with what it heard. */
  | {
      type: 'measure';
      rate: number;
      /** When line 0 is due; line k is due k/rate seconds later. */
      start: number;
      /** The listener who says line 0 (line k: the one after it by k, round the room). */
      firstLine: number;
      size: number;
    }
  | { type: 'watch'; match: Uint8Array }
  | { type: 'watched'; deadline: number }
  | { type: 'act'; n: number; call?: string; input?: Record<string, unknown>; frame?: Buffer }
  | { type: 'close' }
);

export type ShardReply = { id: number; body?: unknown; error?: string };

/** A request as the main thread writes it (the shard's id is added when it is sent). */
type Unnumbered<R> = R extends unknown ? Omit<R, 'id'> : never;

/** A shard's part of a measurement: its listeners' latencies, and each line's first delivery there (NaN: none). */
export interface Measured {
  latencies: Float64Array;
  first: Float64Array;
  refused: number;
  firstRefusal: string | null;
}

/** When a shard's listeners heard the watched frame, and the frame. */
export interface Heard {
  arrivals: Float64Array;
  frame: Uint8Array | null;
}

/** When a trigger was sent, and the reply to its call (null for a frame sent as is). */
export interface Acted {
  sentAt: number;
  reply: string | null;
}

/** A shard's thread: requests out, replies matched to them by id. */
class Shard {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (body: unknown) => void; reject: (error: Error) => void }>();
  /** Why the thread is gone, once it is: a request after that fails at once instead of waiting forever. */
  private gone: Error | null = null;
  readonly worker: Worker;

  constructor(data: ShardData) {
    // The thread loads TypeScript as this process does (a worker does not inherit tsx's hooks).
    const script = new URL('./room-shard.ts', import.meta.url).href;
    const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(script)}); })`;
    this.worker = new Worker(boot, { eval: true, workerData: data });
    this.worker.on('message', ({ id, body, error }: ShardReply) => {
      const waiting = this.pending.get(id);
      this.pending.delete(id);
      if (error !== undefined) waiting?.reject(new Error(error));
      else waiting?.resolve(body);
    });
    const end = (error: Error) => {
      this.gone ??= error;
      for (const waiting of this.pending.values()) waiting.reject(this.gone);
      this.pending.clear();
    };
    this.worker.on('error', end);
    this.worker.on('exit', (code) => end(new Error(`reader thread ${data.index} exited (${code})`)));
  }

  request<T>(request: Unnumbered<ShardRequest>): Promise<T> {
    const id = this.nextId++;
    if (this.gone) return Promise.reject(this.gone);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (body: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }
}

/** Everything the listeners of one server hear, and when they last heard anything. */
export class Room {
  /** Listeners connected. */
  size = 0;
  private readonly shards: Shard[];
  private readonly lastFrameAt: Float64Array;
  private nextLine = 0;

  constructor(
    readonly kind: ServerKind,
    readonly port: number,
    readonly roomid: string,
    readers = READERS,
  ) {
    const lastFrames = new SharedArrayBuffer(readers * Float64Array.BYTES_PER_ELEMENT);
    this.lastFrameAt = new Float64Array(lastFrames).fill(performance.now());
    this.shards = Array.from({ length: readers }, (_, index) => new Shard({ kind, port, roomid, index, lastFrames }));
  }

  private shardOf(n: number): Shard {
    return this.shards[n % this.shards.length]!;
  }

  /** Connects listeners `from`..`to`-1, `batch` at a time, each welcomed and in the room before the next batch. */
  async connect(from: number, to: number, batch: number): Promise<void> {
    for (let start = from; start < to; start += batch) {
      const numbers = Array.from({ length: Math.min(to, start + batch) - start }, (_, i) => start + i);
      await Promise.all(
        this.shards.map((shard) =>
          shard.request({ type: 'connect', numbers: numbers.filter((n) => this.shardOf(n) === shard) }),
        ),
      );
      this.size += numbers.length;
    }
  }

  /** Resolves once no frame has arrived for `quietMs` (the join's `registered` storm is over). */
  async quiet(quietMs = 1_000): Promise<void> {
    while (performance.now() - Math.max(...this.lastFrameAt) < quietMs) await sleep(100);
  }

  /** Sends chat at `rate` lines a second for `seconds`, each from the next listener in turn; waits for the deliveries. */
  async measure(rate: number, seconds: number): Promise<Delivery> {
    const total = Math.round(rate * seconds);
    const sentAt = new SharedArrayBuffer(total * Int32Array.BYTES_PER_ELEMENT);
    const epoch = performance.now();
    await Promise.all(this.shards.map((shard) => shard.request({ type: 'arm', epoch, sentAt })));
    const start = performance.now() + SCHEDULE_LEAD_MS;
    const firstLine = this.nextLine;
    this.nextLine += total;
    const parts = await Promise.all(
      this.shards.map((shard) => shard.request<Measured>({ type: 'measure', rate, start, firstLine, size: this.size })),
    );
    // A line's first delivery is the earliest any shard saw.
    const first = new Float64Array(total).fill(NaN);
    for (const part of parts) {
      part.first.forEach((ms, line) => {
        if (ms < first[line]! || Number.isNaN(first[line]!)) first[line] = ms;
      });
    }
    const latencies = new Float64Array(parts.reduce((sum, part) => sum + part.latencies.length, 0));
    let at = 0;
    for (const part of parts) {
      latencies.set(part.latencies, at);
      at += part.latencies.length;
    }
    return {
      sent: total,
      expected: total * this.size,
      delivered: latencies.length,
      refused: parts.reduce((sum, part) => sum + part.refused, 0),
      firstRefusal: parts.find((part) => part.firstRefusal)?.firstRefusal ?? null,
      latenciesMs: latencies,
      firstLatenciesMs: first.filter((ms) => Number.isFinite(ms)),
    };
  }

  /**
   * Times one broadcast: `trigger` sets it off; resolves once every listener has heard a frame
   * holding `match` (each is expected to hear one), or after `timeoutMs` with those that did.
   */
  async timeBroadcast(match: Buffer, trigger: Trigger, timeoutMs = 10_000): Promise<Broadcast> {
    // Every shard watches before anything is sent.
    await Promise.all(this.shards.map((shard) => shard.request({ type: 'watch', match })));
    const deadline = performance.now() + timeoutMs;
    const heard = this.shards.map((shard) => shard.request<Heard>({ type: 'watched', deadline }));
    const { listener: n, ...how } = trigger;
    const acted = await this.shardOf(n).request<Acted>({ type: 'act', n, ...how });
    const parts = await Promise.all(heard);
    const latencies = parts.flatMap((part) => Array.from(part.arrivals, (at) => at - acted.sentAt));
    const frame = parts.find((part) => part.frame)?.frame;
    return {
      latenciesMs: Float64Array.from(latencies),
      frame: frame ? Buffer.from(frame) : null,
      reply: acted.reply,
    };
  }

  /** Ends every listener's connection and the reader threads. */
  async close(): Promise<void> {
    await Promise.all(this.shards.map((shard) => shard.request({ type: 'close' })));
    await Promise.all(this.shards.map((shard) => shard.worker.terminate()));
  }
}
