/**
 * One reader thread of the live room benchmark's load generator (bench/room-load.ts starts them):
 * it holds its share of one server's listener connections, sends the chat lines its listeners
 * say, and times what they hear. Listener n lives on shard n % shards.
 *
 * Every shard and the benchmark's main thread read one clock (`performance.now()` counts from the
 * process's start in every thread), so a line sent from one shard is timed where another hears it:
 * each line's send time goes into shared memory before its frame leaves.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import { PROTOCOL_VERSION, SOCKET_PATH } from '@platter/contract';
import { readFramesDirectly } from './frame-reader';
import type { Acted, Heard, Measured, ShardData, ShardReply, ShardRequest } from './room-load';
import { listenerAuth, listenerId } from './room-fixtures';

const MARK = Buffer.from('bench#');
const HASH = '#'.charCodeAt(0);
const ZERO = '0'.charCodeAt(0);
const REPLY = Buffer.from('{"type":"reply"');
const WELCOME = Buffer.from('{"type":"welcome"');
const ERROR = Buffer.from('{"type":"error"');
const startsWith = (frame: Buffer, prefix: Buffer) => frame.compare(prefix, 0, prefix.length, 0, prefix.length) === 0;

const { kind, port, roomid, index, lastFrames } = workerData as ShardData;
/** When this shard last heard any frame, where the main thread can see it (`Room.quiet`). */
const lastFrameAt = new Float64Array(lastFrames);

/** One measurement's lines as this shard records them. */
interface Recording {
  /** Each line's send time, µs after `epoch`, plus one (0: not sent yet). Shared by every shard. */
  sentAt: Int32Array;
  epoch: number;
  latencies: number[];
  /** Each line's first delivery here (NaN: none yet). */
  first: Float64Array;
  refused: number;
  firstRefusal: string | null;
}

interface Watch {
  match: Buffer;
  arrivals: number[];
  frame: Buffer | null;
  done: () => void;
}

const listeners = new Map<number, Listener>();
let recording: Recording | null = null;
let watch: Watch | null = null;

/** Looks for the mark in the frame's bytes (no decoding: this runs for every delivery to every listener). */
function heard(frame: Buffer, at: number): void {
  lastFrameAt[index] = at;
  if (watch && frame.indexOf(watch.match) >= 0) {
    watch.arrivals.push(at);
    watch.frame ??= Buffer.from(frame);
    if (watch.arrivals.length === listeners.size) watch.done();
  }
  if (!recording) return;
  const start = frame.indexOf(MARK);
  if (start < 0) return;
  let line = 0;
  for (let i = start + MARK.length; frame[i] !== HASH && i < frame.length; i++) line = line * 10 + frame[i]! - ZERO;
  if (line >= recording.sentAt.length) return;
  const sent = Atomics.load(recording.sentAt, line);
  if (sent === 0) return;
  const latency = at - recording.epoch - (sent - 1) / 1000;
  recording.latencies.push(latency);
  if (Number.isNaN(recording.first[line])) recording.first[line] = latency;
}

class Listener {
  private msgid = 1;
  private readonly replies = new Map<number, (text: string) => void>();
  private welcomed: ((refusal: string | null) => void) | null = null;

  private constructor(
    readonly socket: WebSocket,
    private readonly n: number,
  ) {}

  static async join(n: number): Promise<Listener> {
    const path = kind === 'platter' ? SOCKET_PATH : '/';
    const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`, { perMessageDeflate: false });
    const listener = new Listener(socket, n);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    socket.on('error', () => undefined);
    readFramesDirectly(socket, (frame) => listener.onFrame(frame));
    if (kind !== 'platter') return listener;
    const refusal = await new Promise<string | null>((resolve) => {
      listener.welcomed = resolve;
      socket.send(
        JSON.stringify({ type: 'hello', version: PROTOCOL_VERSION, userid: listenerId(n), userauth: listenerAuth(n) }),
      );
    });
    if (refusal) throw new Error(`listener ${n} was refused: ${refusal}`);
    const reply = await listener.call('room.register', { roomid });
    if (!reply.startsWith('[true')) throw new Error(`listener ${n} could not join: ${reply}`);
    return listener;
  }

  /** Says chat line `line`: through room.speak on Platter; the same frame, broadcast as is, on the bare server. */
  say(line: number, onRefused: (envelope: string) => void): void {
    const input = { roomid, text: `bench#${line}# hello from listener ${this.n}` };
    if (kind !== 'platter') {
      this.socket.send(JSON.stringify({ type: 'call', msgid: this.msgid++, call: 'room.speak', input }));
      return;
    }
    void this.call('room.speak', input).then((envelope) => {
      if (!envelope.startsWith('[true')) onRefused(envelope);
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
    heard(frame, at);
  }
}

type Request<T extends ShardRequest['type']> = Extract<ShardRequest, { type: T }>;

/** Records deliveries of the coming measurement's lines (see the `arm` request). */
function arm({ epoch, sentAt }: Request<'arm'>): void {
  const lines = new Int32Array(sentAt);
  recording = {
    sentAt: lines,
    epoch,
    latencies: [],
    first: new Float64Array(lines.length).fill(NaN),
    refused: 0,
    firstRefusal: null,
  };
}

/** Sends this shard's share of the armed lines on their schedule, then waits for its listeners' deliveries. */
async function measure({ rate, start, firstLine, size }: Request<'measure'>): Promise<Measured> {
  const rec = recording;
  if (!rec) throw new Error('measure before arm');
  const total = rec.sentAt.length;
  const refused = (envelope: string) => {
    rec.refused += 1;
    rec.firstRefusal ??= envelope;
  };
  for (let sent = 0; sent < total; sent++) {
    const speaker = listeners.get((firstLine + sent) % size);
    if (!speaker) continue;
    const wait = start + (sent * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    Atomics.store(rec.sentAt, sent, Math.round((performance.now() - rec.epoch) * 1000) + 1);
    speaker.say(sent, refused);
  }
  const expected = total * listeners.size;
  // Wait for the last deliveries: until all are in, or nothing has come for 3 s.
  const lastLine = start + ((total - 1) * 1000) / rate;
  while (
    rec.latencies.length < expected &&
    (performance.now() < lastLine || performance.now() - lastFrameAt[index]! < 3_000)
  ) {
    await sleep(50);
  }
  recording = null;
  return {
    latencies: Float64Array.from(rec.latencies),
    first: rec.first,
    refused: rec.refused,
    firstRefusal: rec.firstRefusal,
  };
}

/** Resolves with the times this shard's listeners heard the watched frame, once all have or at `deadline`. */
async function watched({ deadline }: Request<'watched'>): Promise<Heard> {
  const current = watch;
  if (!current) return { arrivals: new Float64Array(0), frame: null };
  if (current.arrivals.length < listeners.size) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.max(0, deadline - performance.now()));
      current.done = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
  watch = null;
  return { arrivals: Float64Array.from(current.arrivals), frame: current.frame };
}

/** Listener `n` makes a call (its send time and reply returned) or sends a frame as is. */
async function act({ n, call, input, frame }: Request<'act'>): Promise<Acted> {
  const listener = listeners.get(n);
  if (!listener) throw new Error(`listener ${n} is not on shard ${index}`);
  const sentAt = performance.now();
  if (frame !== undefined) {
    listener.socket.send(frame, { binary: false });
    return { sentAt, reply: null };
  }
  const reply = await listener.call(call ?? '', input ?? {});
  return { sentAt, reply };
}

async function answer(request: ShardRequest): Promise<unknown> {
  switch (request.type) {
    case 'connect': {
      const joined = await Promise.all(request.numbers.map((n) => Listener.join(n)));
      joined.forEach((listener, i) => listeners.set(request.numbers[i]!, listener));
      return null;
    }
    case 'arm':
      return arm(request);
    case 'measure':
      return measure(request);
    case 'watch':
      watch = { match: Buffer.from(request.match), arrivals: [], frame: null, done: () => undefined };
      return null;
    case 'watched':
      return watched(request);
    case 'act':
      return act(request);
    case 'close':
      for (const listener of listeners.values()) listener.socket.terminate();
      listeners.clear();
      return null;
  }
}

parentPort?.on('message', (request: ShardRequest) => {
  answer(request).then(
    (body) => parentPort?.postMessage({ id: request.id, body } satisfies ShardReply),
    (error: unknown) => parentPort?.postMessage({ id: request.id, error: String(error) } satisfies ShardReply),
  );
});
