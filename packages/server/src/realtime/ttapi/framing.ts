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

/**
 * Reads the messages of one websocket message from a bot: socket.io 0.6 let a client put several
 * `~m~LEN~m~DATA` one after another in one, so each is read in turn. What does not frame (no
 * `~m~`, a length past the end) ends the list as malformed.
 */
export function readFrames(text: string): Inbound[] {
  const messages: Inbound[] = [];
  let at = 0;
  while (at < text.length) {
    const match = /^~m~(\d{1,7})~m~/.exec(text.slice(at, at + 20));
    const end = match ? at + match[0].length + Number(match[1]) : Infinity;
    if (!match || end > text.length) {
      messages.push({ kind: 'malformed' });
      break;
    }
    messages.push(readData(text.slice(at + match[0].length, end)));
    at = end;
  }
  return messages.length > 0 ? messages : [{ kind: 'malformed' }];
}

function readData(data: string): Inbound {
  if (/^~h~\d+$/.test(data)) return { kind: 'heartbeat' };
  try {
    return { kind: 'json', value: JSON.parse(data) as unknown };
  } catch {
    return { kind: 'malformed' };
  }
}
