/**
 * The transport's heartbeat (docs/realtime.md): every line is pinged, a slice of
 * them at a time; one that did not answer the last ping is ended (a sleeping
 * laptop, a dropped network), and its handlers hear it close; one that answers
 * stays open however long.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, expect, test } from 'vitest';
import WebSocket from 'ws';
import { attachTransport, type SocketHandlers, type Transport } from './transport';

let app: FastifyInstance | null = null;
let transport: Transport | null = null;
const clients: WebSocket[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.terminate();
  await transport?.close();
  await app?.close();
  transport = null;
  app = null;
});

test('a line that answers pings stays; one that does not is ended, and its handlers hear it close', async () => {
  app = Fastify();
  const closed: WebSocket[] = [];
  const opened: WebSocket[] = [];
  const handlers: SocketHandlers = {
    open: (socket) => opened.push(socket),
    message: () => undefined,
    close: (socket) => closed.push(socket),
  };
  transport = attachTransport(app, { '/line': handlers }, { heartbeatMs: 250 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/line`;

  // One after the other, so the server opened them in this order.
  const answering = new WebSocket(url);
  clients.push(answering);
  await once(answering, 'open');
  // A client that hears pings and never answers them, as a line that went dead looks from here.
  const silent = new WebSocket(url, { autoPong: false });
  clients.push(silent);
  await once(silent, 'open');
  expect(opened).toHaveLength(2);

  let pings = 0;
  answering.on('ping', () => (pings += 1));
  const [code] = (await once(silent, 'close')) as [number];
  // Ended outright (no closing handshake), and the server's side let go of it.
  expect(code).toBe(1006);
  await expect.poll(() => closed.length).toBe(1);
  expect(closed[0]).toBe(opened[1]);

  // The answering line is pinged again and again and stays open.
  const pingsThen = pings;
  await expect.poll(() => pings, { timeout: 5000 }).toBeGreaterThan(pingsThen + 2);
  expect(answering.readyState).toBe(WebSocket.OPEN);
  expect(closed).toHaveLength(1);
});

test('the heartbeat goes round in slices: each line is pinged once a round, not every line at once', async () => {
  app = Fastify();
  const handlers: SocketHandlers = { open: () => undefined, message: () => undefined, close: () => undefined };
  // Four slices a quarter of a second apart (PING_SLICE_MS).
  transport = attachTransport(app, { '/line': handlers }, { heartbeatMs: 1000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/line`;
  const pingedAt: number[][] = [];
  for (let n = 0; n < 8; n++) {
    const line = new WebSocket(url);
    clients.push(line);
    const times: number[] = [];
    pingedAt.push(times);
    line.on('ping', () => times.push(Date.now()));
    await once(line, 'open');
  }
  // Two whole rounds: every line has been pinged at least twice, and all still answer.
  await expect.poll(() => Math.min(...pingedAt.map((times) => times.length)), { timeout: 5000 }).toBeGreaterThan(2);
  expect(clients.every((line) => line.readyState === WebSocket.OPEN)).toBe(true);
  // Each line's pings come a round apart; the lines' first pings are spread over the round.
  for (const times of pingedAt) expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(900);
  const firsts = pingedAt.map((times) => times[0]!);
  expect(Math.max(...firsts) - Math.min(...firsts)).toBeGreaterThanOrEqual(500);
});
