/**
 * The load generator reads its listeners' frames itself. At 5,000 listeners one process reads
 * 50,000 frames a second for either server and was the bottleneck (busy 95 % of the time, so
 * every extra microsecond a frame cost it came back as queueing in the latencies it measured):
 * ws's reader is a Writable stream per socket, with its own state machine and events for every
 * frame. This one takes the TCP socket's chunks and cuts out the frames, nothing more; ws still
 * does the handshake and the sending (pongs included).
 *
 * Only for a server's frames, which are never masked, fragmented or compressed here.
 */
import type { Socket } from 'node:net';
import type WebSocket from 'ws';

const TEXT = 0x1;
const PING = 0x9;

/** Calls `onText` with each text frame's payload (a view of the chunk: copy it to keep it). */
export function readFramesDirectly(socket: WebSocket, onText: (payload: Buffer) => void): void {
  const tcp = (socket as unknown as { _socket: Socket })._socket;
  // ws reads through its one 'data' listener: without it, ws only sends (and sees the close).
  tcp.removeAllListeners('data');
  let chunks: Buffer[] = [];
  let length = 0;
  /** Bytes needed before the frame at the front can be cut out (its header, then all of it). */
  let needed = 2;
  tcp.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    length += chunk.length;
    // A big frame (a join's snapshot) comes in many chunks: joined once, when all are here.
    if (length < needed) return;
    const data = chunks.length === 1 ? chunk : Buffer.concat(chunks, length);
    let at = 0;
    for (;;) {
      const frame = frameAt(data, at);
      if (frame.end > data.length) {
        needed = frame.end - at;
        break;
      }
      const opcode = data[at]! & 0x0f;
      if (opcode === TEXT) onText(data.subarray(frame.payload, frame.end));
      else if (opcode === PING) socket.pong(data.subarray(frame.payload, frame.end));
      at = frame.end;
    }
    const rest = data.subarray(at);
    chunks = rest.length > 0 ? [rest] : [];
    length = rest.length;
    if (length === 0) needed = 2;
  });
}

/** Where the frame starting at `at` has its payload and where it ends (past the data while its header is not all here). */
function frameAt(data: Buffer, at: number): { payload: number; end: number } {
  if (data.length - at < 2) return { payload: at + 2, end: at + 2 };
  const short = data[at + 1]! & 0x7f;
  if (short < 126) return { payload: at + 2, end: at + 2 + short };
  const header = short === 126 ? 4 : 10;
  if (data.length - at < header) return { payload: at + header, end: at + header };
  const size =
    short === 126 ? data.readUInt16BE(at + 2) : data.readUInt32BE(at + 2) * 2 ** 32 + data.readUInt32BE(at + 6);
  return { payload: at + header, end: at + header + size };
}
