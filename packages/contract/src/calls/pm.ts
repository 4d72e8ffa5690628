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

/** The PM panel's own words (docs/pm.md): its button, the conversations list and one conversation. */
export const pmDockMessages = {
  /** The button in the top bar, and the panel's title over the list. */
  button: 'Messages',
  /** The button's name to a screen reader: "Messages", or "Messages, 2 unread". */
  buttonLabel: (unread: number) => (unread > 0 ? `Messages, ${unread} unread` : 'Messages'),
  /** Said after a conversation's name to a screen reader: "Ada Vinyl, 2 unread". */
  unread: (count: number) => `, ${count} unread`,
  /** The badge shows at most this much. */
  manyUnread: '99+',
  close: 'Close messages',
  back: 'All conversations',
  loading: 'Loading your messages…',
  loadFailed: "We couldn't load your messages just now; we'll try again shortly.",
  /** The empty list, around the name of a profile's button: "…open their profile and choose Send a message." */
  emptyBefore: 'No messages yet. To write to someone, open their profile and choose',
  emptyAfter: '.',
  listLabel: 'Conversations',
  /** Before the last message of a conversation when it was yours. */
  you: 'You: ',
  /** One conversation. */
  profileLink: (name: string) => `${name}'s profile`,
  conversationLabel: (name: string) => `Messages with ${name}`,
  showEarlier: 'Show earlier messages',
  loadingConversation: 'Loading the conversation…',
  sayHello: (name: string) => `Say hello to ${name}! Only the two of you can see this conversation.`,
  inputLabel: (name: string) => `Message to ${name}`,
  placeholder: 'Write a message…',
  send: 'Send',
  /** A profile's button that opens the panel on that member. */
  sendMessage: 'Send a message',
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
