/**
 * The room the page is in, live: the snapshot room.register answers with,
 * then the room's events applied in sequence order by a pure reducer. An
 * event whose number is not the next one means the page missed something: the
 * store asks for a fresh snapshot. Components read it with
 * `useRoom(selector)`; the selector must return a part of the state (or a
 * primitive), not a new object, since React compares what it returns.
 */
import { useSyncExternalStore } from 'react';
import { ROOM_EVENT_COMMANDS, type LiveEvent, type RoomEvent } from '@platter/contract';
import type { ApiCallError } from '../api/client';
import { emptyRoom, reduceRoom, type RoomAction, type RoomState } from './room-reducer';
import { live, type EventMessage, type FollowSpec, type LiveSocket } from './socket';

export { chatLinesOf, emptyRoom, reduceRoom, type FeedLine, type RoomAction, type RoomState } from './room-reducer';

const ROOM_COMMANDS = new Set<string>(ROOM_EVENT_COMMANDS);
const isRoomEvent = (event: LiveEvent): event is RoomEvent => ROOM_COMMANDS.has(event.command);

export class RoomStore {
  private state: RoomState = emptyRoom;
  private readonly listeners = new Set<() => void>();
  private following: FollowSpec<'room.register'> | null = null;
  private stopFollowing: (() => void) | null = null;

  constructor(private readonly socket: LiveSocket) {
    socket.onEvent((message) => this.onEvent(message));
  }

  getState = (): RoomState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Joins a room (by id or shortcut) and keeps it live, across reconnects and logins, until `leave`. */
  join(asked: string): () => void {
    this.leave();
    this.dispatch({ type: 'join', asked });
    const spec: FollowSpec<'room.register'> = {
      call: 'room.register',
      input: { roomid: asked },
      snapshot: (snapshot) => this.dispatch({ type: 'snapshot', snapshot, reader: this.socket.userid() }),
      refused: (error: ApiCallError) => this.dispatch({ type: 'refused', error: error.message }),
    };
    this.following = spec;
    this.stopFollowing = this.socket.follow(spec);
    return () => {
      if (this.following === spec) this.leave();
    };
  }

  private leave(): void {
    const roomid = this.state.snapshot?.roomid;
    this.stopFollowing?.();
    this.stopFollowing = null;
    this.following = null;
    if (roomid && this.socket.getState() === 'connected') {
      this.socket.request('room.deregister', { roomid }).catch(() => undefined);
    }
    if (this.state !== emptyRoom) this.dispatch({ type: 'leave' });
  }

  /** The server started the reader's AFK clock in `roomid` again at `activeAt` (room.still_here's answer). */
  afkClock(roomid: string, activeAt: number): void {
    this.dispatch({ type: 'afk_clock', roomid, activeAt });
  }

  private onEvent(message: EventMessage): void {
    const roomid = this.state.snapshot?.roomid;
    if (!roomid) return;
    const event = message.event;
    // The reader's own channel tells each of their pages when their AFK clock starts again.
    if (event.command === 'afk_clock' && message.channel === `user:${this.socket.userid()}`) {
      this.afkClock(event.roomid, event.active_at);
      return;
    }
    if (message.channel !== `room:${roomid}`) return;
    if (event.command === 'killdashnine') {
      // Let go by the room (booted, or opened elsewhere): stop following, so a reconnect does not rejoin.
      this.stopFollowing?.();
      this.stopFollowing = null;
      this.following = null;
      this.dispatch({ type: 'exited', error: event.err });
      return;
    }
    if (!isRoomEvent(event) || message.seq === undefined) return;
    this.dispatch({
      type: 'event',
      seq: message.seq,
      event,
      reader: this.socket.userid(),
      time: Date.now(),
      serverTime: this.socket.clock.serverNow(),
    });
    if (this.state.gap && this.following) this.socket.resync(this.following);
  }

  private dispatch(action: RoomAction): void {
    const next = reduceRoom(this.state, action);
    if (next === this.state) return;
    this.state = next;
    for (const listener of [...this.listeners]) listener();
  }
}

/** The page's room. */
export const roomStore = new RoomStore(live);

/** A part of the room's state, re-rendering when that part changes. */
export function useRoom<T>(selector: (state: RoomState) => T): T {
  return useSyncExternalStore(
    roomStore.subscribe,
    () => selector(roomStore.getState()),
    () => selector(emptyRoom),
  );
}
