/**
 * The real `ttapi` package (turntable.fm's bot library), pointed at a test app by the
 * preload bot authors use (examples/ttapi-preload.cjs), with typed waits for its events.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { TestApp } from './test-app';

const require = createRequire(import.meta.url);

/** What these tests use of ttapi's Bot (an EventEmitter). */
export interface TtapiBot {
  speak(text: string, callback?: (reply: TtapiReply) => void): void;
  roomInfo(callback: (reply: TtapiReply) => void): void;
  _send(request: Record<string, unknown>, callback: (reply: TtapiReply) => void): void;
  on(event: string, listener: (data: TtapiReply) => void): void;
  once(event: string, listener: (data: TtapiReply) => void): void;
  close(): void;
  debug: boolean | ((line: string) => void);
  /** The playing song's id, as ttapi keeps it from room.info and newsong. */
  currentSongId: string | null;
  _intervalId: NodeJS.Timeout | null;
}

export type TtapiReply = Record<string, unknown> & { success?: boolean; err?: string; command?: string };

type BotClass = new (userauth: string, userid: string, roomid?: string) => TtapiBot;

export function ttapiBot(t: TestApp, userid: string, userauth: string, roomid: string): TtapiBot {
  // The preload reads PLATTER_URL each time a bot connects (the constructor connects).
  process.env.PLATTER_URL = t.baseUrl;
  require(path.resolve(import.meta.dirname, '../../../../examples/ttapi-preload.cjs'));
  const Bot = require('ttapi') as BotClass;
  const bot = new Bot(userauth, userid, roomid);
  // As a bot should: ttapi turns a lost line with nobody listening for `disconnected` into an
  // `error` event, which would end the test run when a test app closes under a bot still open.
  bot.on('disconnected', () => {});
  return bot;
}

/** The next time the bot emits `event`, within `timeoutMs`. */
export function nextFrom(bot: TtapiBot, event: string, timeoutMs = 5000): Promise<TtapiReply> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the bot heard no ${event} within ${timeoutMs} ms`)), timeoutMs);
    bot.once(event, (data) => {
      clearTimeout(timer);
      resolve(data);
    });
  });
}

/** A ttapi request through the bot, answered by msgid. */
export function request(bot: TtapiBot, fields: Record<string, unknown>): Promise<TtapiReply> {
  return new Promise((resolve) => bot._send(fields, resolve));
}

/** Calls one of ttapi's methods (its own name, e.g. `addDj`) with a callback as its last argument. */
export function viaBot(bot: TtapiBot, method: string, ...args: unknown[]): Promise<TtapiReply> {
  return new Promise((resolve) => {
    (bot as unknown as Record<string, (...a: unknown[]) => void>)[method]!(...args, resolve);
  });
}

export function stopBot(bot: TtapiBot): void {
  if (bot._intervalId) clearInterval(bot._intervalId);
  bot.close();
}
