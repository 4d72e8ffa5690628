/** The whole call table: the server dispatches from it, the web calls through it, tests iterate it. */
import type { z } from 'zod';
import { accountCalls, blockCalls } from './calls/account';
import { avatarCalls } from './calls/avatar';
import { libraryCalls } from './calls/library';
import { lobbyContentCalls } from './calls/lobby-content';
import { presenceCalls } from './calls/presence';
import { playbackCalls, snagCalls } from './calls/playback';
import { pmCalls } from './calls/pm';
import { profileCalls } from './calls/profile';
import { roomCalls } from './calls/room';
import { roomLiveCalls } from './calls/room-live';
import { roomModerationCalls } from './calls/room-moderation';
import { roomRulesCalls } from './calls/room-rules';
import { socialCalls } from './calls/social';
import { orderCalls } from './calls/order';
import { stickerCalls } from './calls/sticker';
import { userCalls } from './calls/user';

export const calls = {
  ...userCalls,
  ...presenceCalls,
  ...profileCalls,
  ...roomCalls,
  ...roomLiveCalls,
  ...roomModerationCalls,
  ...roomRulesCalls,
  ...socialCalls,
  ...lobbyContentCalls,
  ...accountCalls,
  ...blockCalls,
  ...stickerCalls,
  ...avatarCalls,
  ...orderCalls,
  ...pmCalls,
  ...playbackCalls,
  ...libraryCalls,
  ...snagCalls,
};

export type Calls = typeof calls;
export type CallName = keyof Calls;
/** What a client sends (before defaults and coercion). */
export type CallInput<N extends CallName> = z.input<Calls[N]['input']>;
/** What a handler receives (after validation). */
export type ParsedInput<N extends CallName> = z.output<Calls[N]['input']>;
/** What a handler returns and a client receives. */
export type CallOutput<N extends CallName> = z.output<Calls[N]['output']>;

export function isCallName(name: string): name is CallName {
  return Object.hasOwn(calls, name);
}
