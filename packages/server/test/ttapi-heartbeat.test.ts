/**
 * The ttapi gateway's heartbeats, made sooner than turntable's 20 s (the
 * gateway's `heartbeatMs` option, and the transport's ping): a real ttapi bot
 * hears `~h~N`, echoes each, and stays connected and answered however many go
 * by. The echo is not what keeps a line: a dead one (that answers neither
 * `~h~N` nor the WebSocket ping) is ended by the transport and its bot is
 * away from its room, while one that answers the ping but never echoes stays.
 */
import { once } from 'node:events';
import WebSocket from 'ws';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';
import { aBot, aMember, aRoom, type Member, type TestRoom } from './support/factories';
import { socketUrl } from './support/socket-client';
import { nextFrom, request, stopBot, ttapiBot, type TtapiBot } from './support/ttapi-bot';
import { frame, readFrames } from '../src/realtime/ttapi/framing';
import { TTAPI_PATH } from '../src/realtime/ttapi/gateway';

const HEARTBEAT = /^~m~\d+~m~~h~\d+$/;

let t: TestApp;
let room: TestRoom;
let bot: TtapiBot | undefined;
const sockets: WebSocket[] = [];
beforeAll(async () => {
  t = await startTestApp({}, undefined, { heartbeats: { ttapiMs: 100, socketMs: 500 } });
  room = await aRoom(t, await aMember(t));
});
afterAll(async () => {
  if (bot) stopBot(bot);
  for (const socket of sockets.splice(0)) socket.terminate();
  await t.close();
});

const inRoom = async () =>
  ((await t.ok('room.info', { roomid: room.roomid, extended: true })).users ?? []).map((user) => user.userid);

test('a ttapi bot hears ~h~N, echoes each, and stays connected and answered', async () => {
  const member = await aBot(t);
  bot = ttapiBot(t, member.userid, member.userauth, room.roomid);
  await nextFrom(bot, 'roomChanged');
  const ws = (bot as unknown as { ws: WebSocket }).ws;
  const beats: string[] = [];
  const echoes: string[] = [];
  ws.on('message', (data) => {
    if (HEARTBEAT.test(String(data))) beats.push(String(data));
  });
  // What ttapi sends back, seen on its way out.
  const send = ws.send.bind(ws);
  ws.send = ((data: string, ...rest: never[]) => {
    if (HEARTBEAT.test(data)) echoes.push(data);
    return send(data, ...rest);
  }) as typeof ws.send;

  await expect.poll(() => beats.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(5);
  // Each ~h~N went back as it came: ttapi's echo.
  expect(echoes.slice(0, 5)).toEqual(beats.slice(0, 5));
  expect(beats.slice(0, 5).flatMap((beat) => readFrames(beat).map((inbound) => inbound.kind))).toEqual(
    Array(5).fill('heartbeat'),
  );
  expect(ws.readyState).toBe(WebSocket.OPEN);
  expect(await request(bot, { api: 'user.info' })).toMatchObject({ success: true, userid: member.userid });
  expect(await inRoom()).toContain(member.userid);
});

const awaySince = async (member: Member) =>
  (
    await t.app.services.db
      .selectFrom('roomMembers')
      .select('awaySince')
      .where('userId', '=', member.userid)
      .executeTakeFirstOrThrow()
  ).awaySince;

/** A bare socket on the gateway, authenticated as `member` and in the room; `autoPong: false` answers no ping. */
async function aBareBot(member: Member, options: { autoPong: boolean }) {
  const ws = new WebSocket(socketUrl(t, TTAPI_PATH), options);
  sockets.push(ws);
  const beats: string[] = [];
  const replies = new Map<number, Record<string, unknown>>();
  ws.on('message', (data) => {
    const text = String(data);
    if (HEARTBEAT.test(text)) beats.push(text);
    for (const inbound of readFrames(text)) {
      if (inbound.kind !== 'json') continue;
      const value = inbound.value as Record<string, unknown>;
      if (typeof value.msgid === 'number') replies.set(value.msgid, value);
    }
  });
  await once(ws, 'open');
  const ask = async (msgid: number, fields: Record<string, unknown>) => {
    ws.send(frame(JSON.stringify({ msgid, userid: member.userid, userauth: member.userauth, ...fields })));
    await expect.poll(() => replies.get(msgid)).toMatchObject({ success: true });
  };
  await ask(0, { api: 'user.authenticate' });
  await ask(1, { api: 'room.register', roomid: room.roomid });
  return { ws, beats };
}

test('a line that answers nothing is ended and its bot is away; one that pongs but never echoes stays', async () => {
  const silentMember = await aBot(t);
  const pongingMember = await aBot(t);
  const ponging = await aBareBot(pongingMember, { autoPong: true });
  const silent = await aBareBot(silentMember, { autoPong: false });
  expect(await inRoom()).toEqual(expect.arrayContaining([silentMember.userid, pongingMember.userid]));

  const [code] = (await once(silent.ws, 'close')) as [number];
  // Ended outright by the transport (no closing handshake), after hearing ~h~ it never echoed.
  expect(code).toBe(1006);
  expect(silent.beats.length).toBeGreaterThan(0);
  // Its page in the room closed: the bot is away, keeping its place a while as anyone (docs/room.md).
  await expect.poll(() => awaySince(silentMember)).not.toBeNull();
  expect(await awaySince(pongingMember)).toBeNull();

  // The other never echoed a ~h~ either, yet answers pings: still here, beats still coming.
  const beatsThen = ponging.beats.length;
  await expect.poll(() => ponging.beats.length, { timeout: 5000 }).toBeGreaterThan(beatsThen + 2);
  expect(ponging.ws.readyState).toBe(WebSocket.OPEN);
  expect(await inRoom()).toContain(pongingMember.userid);
});
