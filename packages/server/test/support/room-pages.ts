/** A member's page in a room over a real socket, and what the room tells it, for the music's tests. */
import type { Credentials, LiveEvent } from '@platter/contract';
import type { TestApp } from './test-app';
import { TestSocket } from './socket-client';

/** Opens a page of `who` in the room (room.register); close the sockets after the tests. */
export async function pageIn(t: TestApp, who: Credentials, roomid: string, sockets: TestSocket[]) {
  const socket = await TestSocket.welcomed(t, who);
  sockets.push(socket);
  const snapshot = await socket.ok('room.register', { roomid });
  return { socket, snapshot };
}

/** The room's events on this page up to and including the next `command` (others before it too). */
export async function eventsUntil<C extends LiveEvent['command']>(
  socket: TestSocket,
  roomid: string,
  command: C,
  timeoutMs = 5000,
): Promise<{ events: LiveEvent[]; last: Extract<LiveEvent, { command: C }> }> {
  const events: LiveEvent[] = [];
  for (;;) {
    const { event } = await socket.nextEvent(`room:${roomid}`, timeoutMs);
    events.push(event);
    if (event.command === command) return { events, last: event as Extract<LiveEvent, { command: C }> };
  }
}

/** The commands of the room's next events, up to and including the next `command`. */
export async function commandsUntil(socket: TestSocket, roomid: string, command: LiveEvent['command']) {
  return (await eventsUntil(socket, roomid, command)).events.map((event) => event.command);
}
