/**
 * The app the music's and the room rules' tests share: one server on a clock the test moves,
 * pages in rooms over real sockets (closed after the tests), and a song played out by moving
 * the clock to its end and letting the timeline's sweep end it.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Credentials } from '@platter/contract';
import { startTestApp, type TestApp } from './test-app';
import { pageIn } from './room-pages';
import type { TestSocket } from './socket-client';

export interface MusicRoomApp {
  /** The app (once the suite's beforeAll ran). */
  readonly t: TestApp;
  now(): number;
  /** Moves the clock on. */
  advance(ms: number): void;
  /** Opens a page of `who` in the room. */
  inRoom(who: Credentials, roomid: string): ReturnType<typeof pageIn>;
  /** Moves the clock to the playing song's end and lets the timeline sweep end it. */
  playOut(roomid: string): Promise<void>;
}

/** Starts the app before the suite's tests and closes it (and its pages) after them. */
export function musicRoomApp(): MusicRoomApp {
  let clock = Date.now();
  const sockets: TestSocket[] = [];
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp({}, () => clock);
  });
  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await app?.close();
  });
  const music: MusicRoomApp = {
    get t() {
      if (!app) throw new Error('the app starts in beforeAll');
      return app;
    },
    now: () => clock,
    advance(ms) {
      clock += ms;
    },
    inRoom: (who, roomid) => pageIn(music.t, who, roomid, sockets),
    async playOut(roomid) {
      const { current_song } = await music.t.ok('room.info', { roomid });
      if (!current_song) throw new Error('nothing plays');
      clock = Math.max(clock, current_song.starttime + current_song.metadata.length * 1000);
      await music.t.timeline!.sweep();
    },
  };
  return music;
}
