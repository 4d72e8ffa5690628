/**
 * A proxy in front of the server that makes the socket a slow, uneven line:
 * every websocket message, each way, waits a random 0–`maxDelayMs` (in order,
 * as TCP keeps it). Plain HTTP (the page, the API, the audio) passes straight
 * through. Pages opened at its address use it for everything.
 */
import http from 'node:http';
import type net from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';

export interface DelayProxy {
  baseUrl: string;
  close(): Promise<void>;
}

/** Sends each message after a random delay, never before the one sent before it. */
function delayedSender(send: (data: WebSocket.RawData, binary: boolean) => void, maxDelayMs: number) {
  let last = 0;
  return (data: WebSocket.RawData, binary: boolean) => {
    const due = Math.max(last, performance.now() + Math.random() * maxDelayMs);
    last = due;
    setTimeout(() => send(data, binary), due - performance.now());
  };
}

export async function startDelayProxy(target: string, maxDelayMs: number): Promise<DelayProxy> {
  const backend = new URL(target);
  const server = http.createServer((request, response) => {
    const upstream = http.request(
      {
        host: backend.hostname,
        port: backend.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: backend.host },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request, socket, head) => {
    sockets.handleUpgrade(request, socket as net.Socket, head, (page) => {
      const wsUrl = `${target.replace(/^http/, 'ws')}${request.url ?? '/'}`;
      const upstream = new WebSocket(wsUrl, { origin: target });
      const early: [WebSocket.RawData, boolean][] = [];
      const toServer = delayedSender((data, binary) => upstream.send(data, { binary }), maxDelayMs);
      const toPage = delayedSender((data, binary) => {
        if (page.readyState === WebSocket.OPEN) page.send(data, { binary });
      }, maxDelayMs);
      page.on('message', (data, binary) => {
        if (upstream.readyState === WebSocket.OPEN) toServer(data, binary);
        else early.push([data, binary]);
      });
      upstream.on('open', () => early.splice(0).forEach(([data, binary]) => toServer(data, binary)));
      upstream.on('message', (data, binary) => toPage(data, binary));
      const closeBoth = () => {
        page.close();
        upstream.close();
      };
      page.on('close', closeBoth);
      upstream.on('close', closeBoth);
      upstream.on('error', closeBoth);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of sockets.clients) client.terminate();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
