/**
 * The framing ttapi bots speak (socket.io 0.6, as turntable.fm served it): each
 * websocket message is `~m~LEN~m~DATA`, DATA being JSON, a heartbeat `~h~N`, or
 * the `no_session` greeting. LEN counts JavaScript characters (ttapi measures
 * with `String.length` and cuts with `substr`), not bytes.
 */

export const NO_SESSION = frame('no_session');

export function frame(data: string): string {
  return `~m~${data.length}~m~${data}`;
}

/**
 * A JSON frame. `~` is written as its escape `\u007e` (the same string once parsed): ttapi
 * takes any message containing `~m~N~m~~h~N` for a heartbeat, chat text included.
 */
export function jsonFrame(value: object): string {
  return frame(JSON.stringify(value).replaceAll('~', '\\u007e'));
}

export function heartbeatFrame(beat: number): string {
  return frame(`~h~${beat}`);
}

export type Inbound = { kind: 'heartbeat' } | { kind: 'json'; value: unknown } | { kind: 'malformed' };

/** Reads one message from a bot. */
export function readFrame(text: string): Inbound {
  const match = /^~m~(\d{1,7})~m~/.exec(text);
  if (!match) return { kind: 'malformed' };
  const data = text.slice(match[0].length, match[0].length + Number(match[1]));
  if (/^~h~\d+$/.test(data)) return { kind: 'heartbeat' };
  try {
    return { kind: 'json', value: JSON.parse(data) as unknown };
  } catch {
    return { kind: 'malformed' };
  }
}
