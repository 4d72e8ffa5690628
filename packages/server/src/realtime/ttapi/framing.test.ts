import { describe, expect, test } from 'vitest';
import { frame, heartbeatFrame, jsonFrame, NO_SESSION, readFrame } from './framing';

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
    expect(readFrame(text)).toEqual({ kind: 'json', value: { text: 'héllo 🎧' } });
  });

  test('a tilde in text is escaped, so ttapi never takes a chat line for a heartbeat', () => {
    const text = jsonFrame({ text: 'look ~m~4~m~~h~1' });
    expect(text.slice(4)).not.toMatch(/~m~[0-9]+~m~(~h~[0-9]+)/);
    expect(readFrame(text)).toEqual({ kind: 'json', value: { text: 'look ~m~4~m~~h~1' } });
  });

  test('reads heartbeats, and calls anything else malformed', () => {
    expect(readFrame('~m~4~m~~h~9')).toEqual({ kind: 'heartbeat' });
    expect(readFrame(frame('{"api":"user.info"}'))).toEqual({ kind: 'json', value: { api: 'user.info' } });
    for (const text of ['', 'hello', '{"api":"user.info"}', '~m~x~m~{}', frame('{not json'), '~m~99999999~m~{}']) {
      expect(readFrame(text), text).toEqual({ kind: 'malformed' });
    }
  });
});
