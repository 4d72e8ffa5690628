/**
 * The room the page is in, live: the snapshot room.register answers with,
 * then the room's events applied in sequence order by a pure reducer. An
 * event whose number is not the next one means the page missed something: the
 * store asks for a fresh snapshot. Components read it with
 * `useRoom(selector)`; the selector must return a part of the state (or a
 * primitive), not a new object, since React compares what it returns.
 */
import { useSyncExternalStore } from 'react';
import { CHAT_HISTORY_SIZE, type ChatLine, type RoomEvent, type RoomSnapshot, type RoomUser } from '@platter/contract';
import type { ApiCallError } from '../api/client';
import { live, type EventMessage, type FollowSpec, type LiveSocket } from './socket';

export interface RoomState {
  /** idle: in no room; joining: until the first snapshot; live; refused: the room would not have us. */
  status: 'idle' | 'joining' | 'live' | 'refused';
  /** What the page asked for: a room id or shortcut. */
  asked: string | null;
  snapshot: RoomSnapshot['room'] | null;
  users: readonly RoomUser[];
  djids: readonly string[];
  /** The room's sequence number the state is at. */
  seq: number;
  /** The recent chat, oldest first: what a report of a member is sent with. */
  chat: readonly ChatLine[];
  /** True when an event came out of order: the state waits for a fresh snapshot. */
  gap: boolean;
  error: string | null;
}

/** How many chat lines the page keeps: what it was given on joining, and as many again. */
const CHAT_KEPT = 2 * CHAT_HISTORY_SIZE;

export const emptyRoom: RoomState = {
  status: 'idle',
  asked: null,
  snapshot: null,
  users: [],
  djids: [],
  seq: 0,
  chat: [],
  gap: false,
  error: null,
};

export type RoomAction =
  | { type: 'join'; asked: string }
  | { type: 'snapshot'; snapshot: RoomSnapshot }
  | { type: 'event'; seq: number; event: RoomEvent }
  | { type: 'refused'; error: string }
  | { type: 'leave' };

const withoutUsers = (users: readonly RoomUser[], gone: readonly RoomUser[]) =>
  users.filter((user) => !gone.some((other) => other.userid === user.userid));

/** Applies one event to the room (idempotent for people: joining twice is being there once). */
function applyEvent(state: RoomState, event: RoomEvent): RoomState {
  switch (event.command) {
    case 'registered':
      return { ...state, users: [...withoutUsers(state.users, event.user), ...event.user] };
    case 'speak': {
      const line = { userid: event.userid, name: event.name, text: event.text, time: event.time };
      return { ...state, chat: [...state.chat, line].slice(-CHAT_KEPT) };
    }
    case 'deregistered': {
      const gone = new Set(event.user.map((user) => user.userid));
      return {
        ...state,
        users: withoutUsers(state.users, event.user),
        djids: state.djids.filter((id) => !gone.has(id)),
      };
    }
  }
}

export function reduceRoom(state: RoomState, action: RoomAction): RoomState {
  switch (action.type) {
    case 'join':
      return { ...emptyRoom, status: 'joining', asked: action.asked };
    case 'leave':
      return emptyRoom;
    case 'refused':
      return { ...emptyRoom, status: 'refused', asked: state.asked, error: action.error };
    case 'snapshot': {
      const { room, users, djids, chat, seq } = action.snapshot;
      // A snapshot older than what the page has seen (a slow answer) changes nothing.
      if (state.status === 'live' && !state.gap && seq < state.seq) return state;
      return { ...state, status: 'live', snapshot: room, users, djids, chat, seq, gap: false, error: null };
    }
    case 'event': {
      if (state.status !== 'live' || state.gap || action.seq <= state.seq) return state;
      if (action.seq !== state.seq + 1) return { ...state, gap: true };
      return { ...applyEvent(state, action.event), seq: action.seq };
    }
  }
}

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
      snapshot: (snapshot) => this.dispatch({ type: 'snapshot', snapshot }),
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

  private onEvent(message: EventMessage): void {
    const roomid = this.state.snapshot?.roomid;
    if (!roomid || message.channel !== `room:${roomid}` || message.seq === undefined) return;
    const event = message.event;
    if (event.command !== 'registered' && event.command !== 'deregistered' && event.command !== 'speak') return;
    this.dispatch({ type: 'event', seq: message.seq, event });
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
