/**
 * Frames sent in one turn of the event loop go out together: a socket is
 * corked at its first frame and uncorked once the turn's work is done
 * (setImmediate), so each connection gets one write for all of them. When a
 * big room is busy, several chat lines are fanned out in the same turn, and
 * each listener then costs one system call for all of them rather than one
 * each; when it is quiet, a line waits only for the end of the turn.
 */
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

const corked = new Set<Socket>();
let flushing = false;

/** The TCP socket under a websocket (ws keeps it as `_socket`); null when there is none. */
export function tcpOf(socket: WebSocket): Socket | null {
  const tcp = (socket as unknown as { _socket?: Socket | null })._socket;
  return tcp && typeof tcp.cork === 'function' ? tcp : null;
}

/** Holds the socket's writes until the end of this turn (ws's own cork and uncork nest inside). */
export function holdWritesThisTurn(socket: WebSocket): void {
  const tcp = tcpOf(socket);
  if (!tcp || corked.has(tcp)) return;
  tcp.cork();
  corked.add(tcp);
  if (!flushing) {
    flushing = true;
    setImmediate(flush);
  }
}

function flush(): void {
  flushing = false;
  for (const tcp of corked) tcp.uncork();
  corked.clear();
}

/**
 * A server's text frame for `payload`, header and all (RFC 6455 §5.2: servers do not mask), to
 * write as is to every socket that gets it instead of framing it again for each. Only for
 * sockets without compression (the server offers none), where ws writes each frame at once and
 * in order, so frames written this way and ws's own cannot interleave.
 */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81; // FIN, text
  if (length < 126) frame[1] = length;
  else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    frame.writeUInt32BE(length >>> 0, 6);
  }
  payload.copy(frame, headerLength);
  return frame;
}
