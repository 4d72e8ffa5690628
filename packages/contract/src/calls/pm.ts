/**
 * Private messages between members (turntable's PMs; docs/pm.md). They work
 * over HTTP and the socket alike; a message sent is heard live as a `pmmed`
 * event on the receiver's pages (and the sender's other pages), wherever
 * they are in the app.
 */
import { z } from 'zod';
import { callTable, defineCall } from '../define-call';
import { PM_FLOOD_MESSAGES, PM_FLOOD_WINDOW_MS, PM_MESSAGE_MAX } from '../constants';

export const pmMessages = {
  empty: 'Type a message first.',
  tooLong: `Keep private messages under ${PM_MESSAGE_MAX} characters.`,
  flood: `Slow down! You can send ${PM_FLOOD_MESSAGES} private messages every ${PM_FLOOD_WINDOW_MS / 1000} seconds. Wait a few seconds and try again.`,
  noReceiver: 'Please say whom the message is for.',
  yourself: "You can't send a private message to yourself.",
  unknown: "Sorry, we couldn't find that user.",
  guestReceiver: "Guests can't get private messages: only members can.",
  youIgnored: "You're ignoring this member. Unignore them to send them a message.",
  ignoredYou: "This member isn't taking messages from you.",
  badCursor: 'That message is not part of this conversation.',
} as const;

const receiverId = z.string({ message: pmMessages.noReceiver }).trim().min(1, pmMessages.noReceiver).max(64);

/** One private message; `time` is when the server took it (epoch ms). */
export const pmMessage = z.object({
  id: z.string(),
  senderid: z.string(),
  receiverid: z.string(),
  text: z.string(),
  time: z.number(),
});
export type PmMessage = z.infer<typeof pmMessage>;

/** A conversation with one member, as the PM panel lists it. */
export const pmConversation = z.object({
  /** The other member. */
  userid: z.string(),
  name: z.string(),
  avatarid: z.number(),
  /** The latest message either way. */
  last: pmMessage,
  /** Their messages to you that you have not yet read. */
  unread: z.number().int(),
});
export type PmConversation = z.infer<typeof pmConversation>;

export const pmCalls = callTable(
  defineCall({
    name: 'pm.send',
    method: 'POST',
    access: 'member',
    input: z.object({
      receiverid: receiverId,
      text: z
        .string({ message: pmMessages.empty })
        .trim()
        .min(1, pmMessages.empty)
        .max(PM_MESSAGE_MAX, pmMessages.tooLong),
    }),
    output: pmMessage,
  }),
  defineCall({
    name: 'pm.history',
    method: 'GET',
    access: 'member',
    // The newest PM_HISTORY_PAGE messages, oldest first; `before` (a message's id) pages further back.
    input: z.object({ receiverid: receiverId, before: z.string().trim().max(64).optional() }),
    output: z.object({ history: z.array(pmMessage), more: z.boolean() }),
  }),
  defineCall({
    name: 'pm.conversations',
    method: 'GET',
    access: 'member',
    // Latest first; `unread` counts every unread message in them (members you ignore are left out).
    input: z.object({}),
    output: z.object({ conversations: z.array(pmConversation), unread: z.number().int() }),
  }),
  defineCall({
    name: 'pm.mark_read',
    method: 'POST',
    access: 'member',
    // Everything the member has sent you so far is read; your other pages hear `pm_read`.
    input: z.object({ receiverid: receiverId }),
    output: z.object({}),
  }),
);
