/**
 * The ttapi gateway's edges, with a raw websocket: the greeting, heartbeats,
 * requests before authenticating, and frames that are not part of the
 * protocol, each answered without closing the connection.
 */
import WebSocket from 'ws';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';
import { aBot, aRoom, type Member } from './support/factories';
import { socketUrl } from './support/socket-client';
import { TTAPI_PATH, ttapiMessages } from '../src/realtime/ttapi/gateway';
import { frame } from '../src/realtime/ttapi/framing';

let t: TestApp;
let bot: Member;
let ws: WebSocket;
const received: string[] = [];
let wake: (() => void) | null = null;

beforeAll(async () => {
  t = await startTestApp();
  bot = await aBot(t);
  ws = new WebSocket(socketUrl(t, TTAPI_PATH));
  ws.on('message', (data) => {
    received.push(String(data));
    wake?.();
  });
  await new Promise((resolve) => ws.once('open', resolve));
});
afterAll(async () => {
  ws.terminate();
  await t.close();
});

/** The next message from the gateway. */
async function next(): Promise<string> {
  if (received.length === 0) await new Promise<void>((resolve) => (wake = resolve));
  wake = null;
  return received.shift()!;
}

/** Sends a request and reads the reply's JSON. */
async function ask(request: Record<string, unknown> | string): Promise<Record<string, unknown>> {
  ws.send(typeof request === 'string' ? request : frame(JSON.stringify(request)));
  const reply = await next();
  return JSON.parse(reply.slice(reply.indexOf('{'))) as Record<string, unknown>;
}

test('greets with no_session, and answers nothing before user.authenticate', async () => {
  expect(await next()).toBe('~m~10~m~no_session');
  ws.send('~m~4~m~~h~1'); // a heartbeat echo: not answered
  const room = await aRoom(t, bot);
  expect(await ask({ api: 'room.info', msgid: 1, roomid: room.roomid })).toEqual({
    msgid: 1,
    success: false,
    err: ttapiMessages.authenticateFirst,
    errcode: 'not_authenticated',
  });
});

test('frames that are not requests are answered, and the connection stays open', async () => {
  const notProtocol = { success: false, err: ttapiMessages.notProtocol, errcode: 'bad_request' };
  expect(await ask('hello')).toEqual({ msgid: -1, ...notProtocol });
  expect(await ask(frame('{"msgid": 4, "no": "api"}'))).toEqual({ msgid: 4, ...notProtocol });
  expect(await ask(frame('[1, 2]'))).toEqual({ msgid: -1, ...notProtocol });
  expect(await ask(frame(`{"api": "user.info", "pad": "${'x'.repeat(17_000)}"}`))).toMatchObject({
    success: false,
    err: ttapiMessages.tooLarge,
  });
  ws.send(Buffer.from([1, 2, 3]), { binary: true });
  expect(JSON.parse((await next()).replace(/^~m~\d+~m~/, ''))).toEqual({ msgid: -1, ...notProtocol });
});

test('once authenticated, requests run as the bot; unknown apis are refused by name', async () => {
  const credentials = { userid: bot.userid, userauth: bot.userauth };
  expect(await ask({ api: 'user.authenticate', msgid: 0, ...credentials })).toEqual({
    msgid: 0,
    success: true,
    userid: bot.userid,
  });
  for (const api of ['__proto__', 'constructor', 'room.no_such_call']) {
    expect(await ask({ api, msgid: 5, ...credentials }), api).toMatchObject({
      msgid: 5,
      success: false,
      errcode: 'unknown_call',
    });
  }
  expect(await ask({ api: 'user.info', msgid: 6, ...credentials })).toMatchObject({
    msgid: 6,
    success: true,
    userid: bot.userid,
    bot: true,
  });
});

test('a request without a msgid is refused and not run; several in one message are each answered', async () => {
  const credentials = { userid: bot.userid, userauth: bot.userauth };
  const room = await aRoom(t, bot);
  // Unseen, a room.speak would change the room: it is refused before it runs.
  expect(await ask({ api: 'room.speak', roomid: room.roomid, text: 'unseen', ...credentials })).toEqual({
    msgid: -1,
    success: false,
    err: ttapiMessages.noMsgid,
    errcode: 'bad_request',
  });
  expect(await ask({ api: 'user.info', msgid: 'seven', ...credentials })).toMatchObject({
    msgid: -1,
    err: ttapiMessages.noMsgid,
  });
  // socket.io 0.6 let a client send several messages in one: each is answered, in order.
  ws.send(
    frame(JSON.stringify({ api: 'user.info', msgid: 8, ...credentials })) +
      frame(JSON.stringify({ api: 'user.info', msgid: 9, ...credentials })),
  );
  const answers = [await next(), await next()].map((reply) => JSON.parse(reply.slice(reply.indexOf('{'))) as object);
  expect(answers).toMatchObject([
    { msgid: 8, success: true },
    { msgid: 9, success: true },
  ]);
});
