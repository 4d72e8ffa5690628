/**
 * A connection's frames from one turn of the event loop after its first leave together: the
 * first goes at once (a quiet room's line waits for nothing), and a second in the same turn corks
 * the socket until the turn's work is done (setImmediate), so the rest go in one write. When a
 * big room is busy and several chat lines are fanned out in one turn, each listener then costs
 * two system calls for all of them rather than one each.
 */
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

/** The turn of the event loop a socket was last written in (counted at each flush). */
const lastWritten = Symbol('platter.lastWritten');
type TrackedSocket = Socket & { [lastWritten]?: number };

let turn = 0;
const corked = new Set<Socket>();
let flushing = false;

/** The TCP socket under a websocket (ws keeps it as `_socket`); null when there is none. */
export function tcpOf(socket: WebSocket): Socket | null {
  const tcp = (socket as unknown as { _socket?: Socket | null })._socket;
  return tcp && typeof tcp.cork === 'function' ? tcp : null;
}

/** Call before each write: the turn's first goes at once, the others wait for its end (ws's own cork and uncork nest inside). */
export function holdWritesThisTurn(socket: WebSocket): void {
  const tcp = tcpOf(socket) as TrackedSocket | null;
  if (!tcp) return;
  if (tcp[lastWritten] !== turn) {
    tcp[lastWritten] = turn;
    if (!flushing) {
      flushing = true;
      setImmediate(flush);
    }
    return;
  }
  if (corked.has(tcp)) return;
  tcp.cork();
  corked.add(tcp);
}

function flush(): void {
  flushing = false;
  turn += 1;
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
