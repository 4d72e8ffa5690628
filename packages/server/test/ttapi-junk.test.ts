/**
 * Junk at the ttapi gateway (issue 31): a 16 KiB message of `~m~0~m~` was
 * answered 2,340 times, before any login. A message is refused once at most,
 * however many frames it packs, and a line that keeps sending junk is closed.
 * Each test counts what a raw websocket receives for a bounded flood.
 */
import WebSocket from 'ws';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';
import { aBot, type Member } from './support/factories';
import { socketUrl } from './support/socket-client';
import { MAX_REFUSED_MESSAGES, TTAPI_PATH, ttapiMessages } from '../src/realtime/ttapi/gateway';
import { frame } from '../src/realtime/ttapi/framing';

let t: TestApp;
let bot: Member;
const lines: Line[] = [];
beforeAll(async () => {
  t = await startTestApp();
  bot = await aBot(t);
});
afterAll(async () => {
  for (const line of lines.splice(0)) line.ws.terminate();
  await t.close();
});

interface Line {
  ws: WebSocket;
  /** Every reply's JSON so far (the greeting and heartbeats left out). */
  replies: Array<Record<string, unknown>>;
  /** Resolves with the close code once the server closed the line. */
  closed: Promise<number>;
  /** Resolves with the replies up to and including the one with this msgid. */
  until(msgid: number): Promise<Array<Record<string, unknown>>>;
}

async function aLine(): Promise<Line> {
  const ws = new WebSocket(socketUrl(t, TTAPI_PATH));
  const replies: Array<Record<string, unknown>> = [];
  let wake = () => undefined as void;
  ws.on('message', (data) => {
    const text = String(data);
    if (text.includes('{')) replies.push(JSON.parse(text.slice(text.indexOf('{'))) as Record<string, unknown>);
    wake();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => (resolve(code), wake())));
  await new Promise((resolve) => ws.once('open', resolve));
  const line: Line = {
    ws,
    replies,
    closed,
    async until(msgid) {
      while (!replies.some((reply) => reply.msgid === msgid)) {
        if (ws.readyState === WebSocket.CLOSED) throw new Error(`closed before the reply to ${msgid}`);
        await new Promise<void>((resolve) => (wake = resolve));
      }
      return replies;
    },
  };
  lines.push(line);
  return line;
}

const authenticate = (msgid: number) =>
  frame(JSON.stringify({ api: 'user.authenticate', msgid, userid: bot.userid, userauth: bot.userauth }));
const notProtocol = { success: false, err: ttapiMessages.notProtocol, errcode: 'bad_request' };

test('a 16 KiB message packed with ~m~0~m~ is refused once', async () => {
  const line = await aLine();
  line.ws.send('~m~0~m~'.repeat(2340));
  line.ws.send(authenticate(1));
  expect(await line.until(1)).toEqual([
    { msgid: -1, ...notProtocol },
    { msgid: 1, success: true, userid: bot.userid },
  ]);
});

test('a message packing requests before user.authenticate is refused once, and none of them runs', async () => {
  const line = await aLine();
  const request = frame(JSON.stringify({ api: 'user.info', msgid: 5 }));
  line.ws.send(request.repeat(Math.floor(16_000 / request.length)));
  line.ws.send(authenticate(6));
  expect(await line.until(6)).toEqual([
    { msgid: 5, success: false, err: ttapiMessages.authenticateFirst, errcode: 'not_authenticated' },
    { msgid: 6, success: true, userid: bot.userid },
  ]);
});

test(`a line that keeps sending junk is closed after ${MAX_REFUSED_MESSAGES} refusals`, async () => {
  const line = await aLine();
  for (let n = 0; n < 200; n++) line.ws.send('hello');
  expect(await line.closed).toBe(4000);
  // Refusals still waiting their turn when the line is closed are dropped with it.
  expect(line.replies.length).toBeLessThanOrEqual(MAX_REFUSED_MESSAGES);
  expect(line.replies.slice(0, -1)).toEqual(line.replies.slice(0, -1).map(() => ({ msgid: -1, ...notProtocol })));
  expect(line.replies.at(-1)).toEqual({
    msgid: -1,
    success: false,
    err: ttapiMessages.tooManyRefused,
    errcode: 'bad_request',
  });
});

test('so is one that keeps failing to authenticate, with requests that were refused before it', async () => {
  const line = await aLine();
  for (let n = 0; n < 100; n++) {
    const wrong = { api: 'user.authenticate', msgid: n, userid: bot.userid, userauth: `wrong-${n}` };
    line.ws.send(frame(JSON.stringify(n % 2 === 0 ? wrong : { api: 'room.info', msgid: n })));
  }
  expect(await line.closed).toBe(4000);
  expect(line.replies.length).toBeLessThanOrEqual(MAX_REFUSED_MESSAGES + 1);
  expect(line.replies.at(-1)).toMatchObject({ err: ttapiMessages.tooManyRefused });
});

test('an authenticated bot is not closed for what the calls refuse', async () => {
  const line = await aLine();
  line.ws.send(authenticate(1));
  for (let n = 2; n < 2 + 2 * MAX_REFUSED_MESSAGES; n++)
    line.ws.send(frame(JSON.stringify({ api: 'room.info', msgid: n, roomid: 'no-such-room' })));
  const last = 1 + 2 * MAX_REFUSED_MESSAGES;
  const replies = await line.until(last);
  expect(replies.slice(1).every((reply) => reply.success === false && reply.errcode !== 'bad_request')).toBe(true);
  expect(line.ws.readyState).toBe(WebSocket.OPEN);
});
