/**
 * A Platter bot in one file (docs/bots.md): it joins a room over the same socket
 * protocol as the web page, and answers `/hello` in the chat.
 *
 *   PLATTER_URL=http://localhost:8080 BOT_USERID=… BOT_USERAUTH=… ROOM=<roomid or shortcut> node bot.mjs
 *
 * Its only dependency is `ws`.
 */
import WebSocket from 'ws';

const { PLATTER_URL = 'http://localhost:8080', BOT_USERID, BOT_USERAUTH, ROOM } = process.env;
if (!BOT_USERID || !BOT_USERAUTH || !ROOM) {
  console.error('Set BOT_USERID, BOT_USERAUTH and ROOM (and PLATTER_URL if not http://localhost:8080).');
  process.exit(2);
}
const socketUrl = new URL('/socket', PLATTER_URL);
socketUrl.protocol = socketUrl.protocol === 'https:' ? 'wss:' : 'ws:';

let ws;
let nextMsgid = 1;
const pending = new Map(); // msgid → resolve
let room = null; // { roomid, seq }: the room we are in and the last event we saw
let retryMs = 1000;

/** Makes a contract call; resolves with its envelope, [true, body] or [false, {err, errcode}]. */
function call(name, input) {
  const msgid = nextMsgid++;
  ws.send(JSON.stringify({ type: 'call', msgid, call: name, input }));
  return new Promise((resolve) => pending.set(msgid, resolve));
}

/** Joins the room (again, after a gap): the snapshot's seq is where its events continue. */
async function join() {
  const [ok, body] = await call('room.register', { roomid: ROOM });
  if (!ok) throw new Error(`Could not join ${ROOM}: ${body.err}`);
  room = { roomid: body.room.roomid, seq: body.seq };
  console.log(`in room ${body.room.name} with ${body.users.length} people`);
}

async function onEvent({ seq, event }) {
  if (seq !== undefined && room) {
    if (seq <= room.seq) return; // already seen
    if (seq > room.seq + 1) return join(); // missed some: take a fresh snapshot
    room.seq = seq;
  }
  if (event.command === 'speak' && event.userid !== BOT_USERID && event.text.trim() === '/hello') {
    const [ok, body] = await call('room.speak', { roomid: event.roomid, text: `Hello, @${event.name}!` });
    if (!ok) console.error(`Could not answer: ${body.err}`);
  }
}

function connect() {
  ws = new WebSocket(socketUrl);
  let heartbeat;
  ws.on('open', () => {
    ws.send(JSON.stringify({ type: 'hello', version: 2, userid: BOT_USERID, userauth: BOT_USERAUTH }));
    heartbeat = setInterval(() => ws.send(JSON.stringify({ type: 'ping', t: Date.now() })), 25_000);
  });
  ws.on('message', (data) => {
    const message = JSON.parse(String(data));
    if (message.type === 'welcome') {
      retryMs = 1000;
      join().catch((error) => console.error(error.message));
    } else if (message.type === 'reply') {
      pending.get(message.msgid)?.(message.envelope);
      pending.delete(message.msgid);
    } else if (message.type === 'event') {
      onEvent(message).catch((error) => console.error(error.message));
    } else if (message.type === 'error') {
      console.error(`${message.errcode}: ${message.err}`);
    }
  });
  ws.on('error', () => undefined); // 'close' follows
  ws.on('close', (code) => {
    clearInterval(heartbeat);
    for (const resolve of pending.values()) resolve([false, { err: 'disconnected', errcode: 'internal' }]);
    pending.clear();
    // 4000: refused (bad credentials, old protocol); 4001: the session ended. Retrying will not help.
    if (code === 4000 || code === 4001) process.exit(1);
    setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, 60_000);
  });
}

connect();
