/**
 * A bus message's events as the bytes pages get. The hub hands one bus message to every
 * connection following its channel as the same object, so its frames are the same for all of
 * them: made once (serialized and encoded), sent to each as is. A room of 5,000 would otherwise
 * serialize each chat line 5,000 times. The hub hands a message to all of them in one loop, so
 * the last message's frames are all there is to keep (a map of them would grow and be swept on
 * every chat line).
 */
import type { LiveEvent, ServerMessage } from '@platter/contract';
import { textFrame } from './coalesce';
import type { ChannelEvents } from './connection';

export interface EventFrames {
  /** Each event's message as JSON. */
  payloads: Buffer[];
  /** All of them as whole websocket frames, one after another, made on first use (`wireOf`). */
  wire: Buffer | null;
}

let lastFrames: { channelName: string; message: ChannelEvents; frames: EventFrames } | null = null;

export function eventFrames(channelName: string, message: ChannelEvents): EventFrames {
  if (lastFrames?.message === message && lastFrames.channelName === channelName) return lastFrames.frames;
  const frames: EventFrames = {
    payloads: message.events.map((event, index) => payloadOf(channelName, message, index, event)),
    wire: null,
  };
  lastFrames = { channelName, message, frames };
  return frames;
}

/** The events as whole websocket frames, to write as they are (see textFrame). */
export function wireOf(frames: EventFrames): Buffer {
  return (frames.wire ??= Buffer.concat(frames.payloads.map(textFrame)));
}

function payloadOf(channelName: string, message: ChannelEvents, index: number, event: LiveEvent): Buffer {
  const seq = message.seq === undefined ? undefined : message.seq + index;
  const framed: ServerMessage = { type: 'event', channel: channelName, seq, event };
  return Buffer.from(JSON.stringify(framed));
}
