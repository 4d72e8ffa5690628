/** A real websocket client for the gateway at /socket: what it was sent, in order, and how it closed. */
import WebSocket, { type ClientOptions } from 'ws';
import {
  PROTOCOL_VERSION,
  SOCKET_PATH,
  type ClientMessage,
  type Credentials,
  type CallInput,
  type CallName,
  type CallOutput,
  type Envelope,
  type ServerMessage,
} from '@platter/contract';
import type { z } from 'zod';
import type { directoryGraph } from '@platter/contract';

type DirectoryGraph = z.infer<typeof directoryGraph>;
import type { TestApp } from './test-app';

export const socketUrl = (t: TestApp, pathname = SOCKET_PATH) => `${t.baseUrl.replace(/^http/, 'ws')}${pathname}`;

export class TestSocket {
  private readonly received: ServerMessage[] = [];
  private read = 0;
  private wake: (() => void) | null = null;
  /** How the server closed the connection (or how it ended). */
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.received.push(JSON.parse(String(data)) as ServerMessage);
      this.wake?.();
    });
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        resolve({ code, reason: String(reason) });
        this.wake?.();
      });
    });
  }

  static async open(t: TestApp, options: ClientOptions = {}): Promise<TestSocket> {
    const ws = new WebSocket(socketUrl(t), options);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new TestSocket(ws);
  }

  /** Opens a socket and says hello; resolves once welcomed. */
  static async welcomed(t: TestApp, who: Credentials): Promise<TestSocket> {
    const socket = await TestSocket.open(t);
    socket.send({ type: 'hello', version: PROTOCOL_VERSION, ...who });
    const welcome = await socket.next();
    if (welcome.type !== 'welcome') throw new Error(`expected a welcome, got ${JSON.stringify(welcome)}`);
    return socket;
  }

  /**
   * Opens a socket, says hello and follows the friends panel, as the lobby page does; resolves
   * with the panel's first graph unread (nextGraph() reads it).
   */
  static async connect(t: TestApp, who: Credentials): Promise<TestSocket> {
    const socket = await TestSocket.welcomed(t, who);
    const graph = await socket.ok('room.follow_directory_graph', {});
    socket.received.splice(socket.read, 0, {
      type: 'event',
      channel: 'directory',
      event: { command: 'directory_graph', rooms: graph.rooms },
    });
    return socket;
  }

  private nextMsgid = 1;

  /** Makes a call over the socket; resolves with the envelope of its reply (other messages stay unread). */
  async call<N extends CallName>(name: N, input: CallInput<N> | Record<string, unknown>, timeoutMs = 5000) {
    const msgid = this.nextMsgid++;
    this.send({ type: 'call', msgid, call: name, input });
    return (await this.replyTo(msgid, timeoutMs)) as Envelope<CallOutput<N>>;
  }

  /** Makes a call that must succeed; resolves with its body. */
  async ok<N extends CallName>(name: N, input: CallInput<N> | Record<string, unknown>): Promise<CallOutput<N>> {
    const envelope = await this.call(name, input);
    if (!envelope[0]) throw new Error(`${name} failed: ${JSON.stringify(envelope[1])}`);
    return envelope[1];
  }

  /** Waits for the reply with this msgid and takes it out of the unread messages. */
  async replyTo(msgid: number, timeoutMs = 5000): Promise<Envelope<unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.received.findIndex((m, i) => i >= this.read && m.type === 'reply' && m.msgid === msgid);
      if (index >= 0) {
        const [reply] = this.received.splice(index, 1);
        return (reply as Extract<ServerMessage, { type: 'reply' }>).envelope as Envelope<unknown>;
      }
      const left = deadline - Date.now();
      if (left <= 0 || this.ws.readyState === WebSocket.CLOSED)
        throw new Error(`no reply to ${msgid} within ${timeoutMs} ms`);
      await this.waitForMessage(left);
    }
  }

  /** The next event on a channel (other messages before it are skipped). */
  async nextEvent(channel: string, timeoutMs = 5000): Promise<Extract<ServerMessage, { type: 'event' }>> {
    for (;;) {
      const message = await this.next(timeoutMs);
      if (message.type === 'event' && message.channel === channel) return message;
    }
  }

  private waitForMessage(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => (this.wake = null));
  }

  send(message: ClientMessage | Record<string, unknown> | string | Buffer): void {
    this.ws.send(typeof message === 'string' || Buffer.isBuffer(message) ? message : JSON.stringify(message));
  }

  /** The next message, waiting up to `timeoutMs` for it. */
  async next(timeoutMs = 5000): Promise<ServerMessage> {
    const deadline = Date.now() + timeoutMs;
    while (this.read >= this.received.length) {
      const left = deadline - Date.now();
      if (left <= 0 || this.ws.readyState === WebSocket.CLOSED) {
        throw new Error(
          `no message within ${timeoutMs} ms (socket ${this.ws.readyState === WebSocket.CLOSED ? 'closed' : 'open'})`,
        );
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
    return this.received[this.read++]!;
  }

  /** The next message, which must be the friends panel's graph. */
  async nextGraph(timeoutMs = 5000): Promise<{ type: 'directory_graph'; rooms: DirectoryGraph['rooms'] }> {
    const message = await this.next(timeoutMs);
    if (message.type !== 'event' || message.event.command !== 'directory_graph')
      throw new Error(`expected a directory_graph, got ${JSON.stringify(message)}`);
    return { type: 'directory_graph', rooms: message.event.rooms };
  }

  /** Resolves with the messages that arrived unread during `ms`: none, when nothing should happen. */
  async quietFor(ms: number): Promise<ServerMessage[]> {
    await new Promise((resolve) => setTimeout(resolve, ms));
    const unread = this.received.slice(this.read);
    this.read = this.received.length;
    return unread;
  }

  close(): void {
    this.ws.terminate();
  }
}
