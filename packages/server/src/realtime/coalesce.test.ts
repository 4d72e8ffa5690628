import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { holdWritesThisTurn, tcpOf, textFrame } from './coalesce';

let server: WebSocketServer | null = null;

afterEach(async () => {
  for (const client of server?.clients ?? []) client.terminate();
  await new Promise((resolve) => server?.close(resolve));
  server = null;
});

/** A real ws server and client; resolves to the server's end of the line and the client. */
async function line(): Promise<{ near: WebSocket; far: WebSocket }> {
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(server, 'listening');
  const far = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const [near] = (await once(server, 'connection')) as [WebSocket];
  await once(far, 'open');
  return { near, far };
}

function heard(socket: WebSocket, count: number): Promise<string[]> {
  const texts: string[] = [];
  return new Promise((resolve) => {
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      texts.push(isBinary ? 'binary!' : data.toString());
      if (texts.length === count) resolve(texts);
    });
  });
}

describe('frames written as is', () => {
  it('arrive as the text they hold, at every length a frame header encodes differently', async () => {
    const { near, far } = await line();
    const payloads = ['hi', 'é'.repeat(100), 'x'.repeat(125), 'y'.repeat(126), 'z'.repeat(65_535), 'w'.repeat(70_000)];
    const received = heard(far, payloads.length);
    const tcp = tcpOf(near);
    expect(tcp).not.toBeNull();
    for (const payload of payloads) tcp?.write(textFrame(Buffer.from(payload)));
    expect(await received).toEqual(payloads);
  });

  it("a turn's first goes at once; the rest are held and go out after, in order with what ws sends itself", async () => {
    const { near, far } = await line();
    const received = heard(far, 4);
    const tcp = tcpOf(near);
    holdWritesThisTurn(near);
    tcp?.write(textFrame(Buffer.from('one')));
    expect(tcp?.writableCorked).toBe(0);
    holdWritesThisTurn(near);
    near.send('two');
    expect(tcp?.writableCorked).toBe(1);
    holdWritesThisTurn(near);
    tcp?.write(textFrame(Buffer.from('three')));
    holdWritesThisTurn(near);
    near.send('four');
    expect(tcp?.writableCorked).toBe(1);
    expect(await received).toEqual(['one', 'two', 'three', 'four']);
    expect(tcp?.writableCorked).toBe(0);
    // A later turn's first goes at once again.
    const later = heard(far, 1);
    holdWritesThisTurn(near);
    near.send('five');
    expect(tcp?.writableCorked).toBe(0);
    expect(await later).toEqual(['five']);
  });
});
