import { describe, expect, test } from 'vitest';
import { frame, heartbeatFrame, jsonFrame, NO_SESSION, readFrames } from './framing';

describe('ttapi framing', () => {
  test('frames as turntable did: the greeting, heartbeats, JSON', () => {
    expect(NO_SESSION).toBe('~m~10~m~no_session');
    expect(heartbeatFrame(3)).toBe('~m~4~m~~h~3');
    expect(jsonFrame({ msgid: 1, success: true })).toBe('~m~26~m~{"msgid":1,"success":true}');
  });

  test("LEN counts JavaScript characters, as ttapi's String.length and substr do", () => {
    const text = jsonFrame({ text: 'héllo 🎧' });
    const data = '{"text":"héllo 🎧"}';
    expect(text).toBe(`~m~${data.length}~m~${data}`);
    expect(readFrames(text)).toEqual([{ kind: 'json', value: { text: 'héllo 🎧' } }]);
  });

  test('a tilde in text is escaped, so ttapi never takes a chat line for a heartbeat', () => {
    const text = jsonFrame({ text: 'look ~m~4~m~~h~1' });
    expect(text.slice(4)).not.toMatch(/~m~[0-9]+~m~(~h~[0-9]+)/);
    expect(readFrames(text)).toEqual([{ kind: 'json', value: { text: 'look ~m~4~m~~h~1' } }]);
  });

  test('reads heartbeats, and calls anything else malformed', () => {
    expect(readFrames('~m~4~m~~h~9')).toEqual([{ kind: 'heartbeat' }]);
    expect(readFrames(frame('{"api":"user.info"}'))).toEqual([{ kind: 'json', value: { api: 'user.info' } }]);
    for (const text of [
      '',
      'hello',
      '{"api":"user.info"}',
      '~m~x~m~{}',
      frame('{not json'),
      '~m~99999999~m~{}',
      '~m~9~m~{}',
    ]) {
      expect(readFrames(text), text).toEqual([{ kind: 'malformed' }]);
    }
  });

  test('reads every message of a websocket message that holds several, as socket.io 0.6 allowed', () => {
    const two = frame('{"api":"user.info","msgid":1}') + heartbeatFrame(2) + frame('{"api":"room.info","msgid":2}');
    expect(readFrames(two)).toEqual([
      { kind: 'json', value: { api: 'user.info', msgid: 1 } },
      { kind: 'heartbeat' },
      { kind: 'json', value: { api: 'room.info', msgid: 2 } },
    ]);
    // What follows the last whole message and does not frame is malformed.
    expect(readFrames(`${frame('{}')}junk`)).toEqual([{ kind: 'json', value: {} }, { kind: 'malformed' }]);
  });
});
