/**
 * Sends a chat line so that it is said once, whatever happens to the line: the line gets an id of
 * its own (`clientid`), and a send that failed without the server's answer (the socket dropped
 * with the call in flight, or its instance was shutting down) or that the server refused for a
 * moment (`unavailable`: Redis was away) is sent again with the same id. The server stores a line
 * once per id, so a retry of a line that was stored after all is answered without a second copy.
 */
import type { CallInput, CallName, CallOutput } from '@platter/contract';
import { ApiCallError } from '../api/client';

/** Tries in all before the page says it failed (with the last attempt's words). */
export const CHAT_SEND_ATTEMPTS = 4;
/** How long a retry waits for the line to come back. */
export const CHAT_RECONNECT_WAIT_MS = 10_000;
/** How long a retry waits after the server said "in a moment". */
export const CHAT_UNAVAILABLE_WAIT_MS = 1_000;

/** What sending needs of the page's socket (live/socket.ts). */
export interface ChatLine {
  request<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>>;
  whenConnected(timeoutMs: number): Promise<boolean>;
}

export async function sayOnce(
  socket: ChatLine,
  roomid: string,
  text: string,
  clientid: string = newClientId(),
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await socket.request('room.speak', { roomid, text, clientid });
      return;
    } catch (error) {
      if (!(error instanceof ApiCallError) || attempt >= CHAT_SEND_ATTEMPTS) throw error;
      if (error.code === 'unavailable') await wait(CHAT_UNAVAILABLE_WAIT_MS);
      else if (error.kind !== 'request' || !(await socket.whenConnected(CHAT_RECONNECT_WAIT_MS))) throw error;
    }
  }
}

/** 128 random bits in hex (getRandomValues: randomUUID needs https, and a LAN install may serve http). */
function newClientId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
