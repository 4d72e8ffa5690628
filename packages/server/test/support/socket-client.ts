/** A real websocket client for the gateway at /socket: what it was sent, in order, and how it closed. */
import WebSocket, { type ClientOptions } from 'ws';
import {
  PROTOCOL_VERSION,
  SOCKET_PATH,
  type ClientMessage,
  type Credentials,
  type ServerMessage,
} from '@platter/contract';
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

  /** Opens a socket and says hello; resolves once welcomed, with the first graph snapshot unread. */
  static async connect(t: TestApp, who: Credentials): Promise<TestSocket> {
    const socket = await TestSocket.open(t);
    socket.send({ type: 'hello', version: PROTOCOL_VERSION, ...who });
    const welcome = await socket.next();
    if (welcome.type !== 'welcome') throw new Error(`expected a welcome, got ${JSON.stringify(welcome)}`);
    return socket;
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

  /** The next message, which must be a directory graph. */
  async nextGraph(timeoutMs = 5000): Promise<Extract<ServerMessage, { type: 'directory_graph' }>> {
    const message = await this.next(timeoutMs);
    if (message.type !== 'directory_graph')
      throw new Error(`expected a directory_graph, got ${JSON.stringify(message)}`);
    return message;
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
