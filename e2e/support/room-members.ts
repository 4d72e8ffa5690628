/**
 * Members in a room without a browser each: a login over HTTP and a socket that
 * says hello and registers in the room (docs/realtime.md), so a page has company.
 */
import WebSocket from 'ws';
import { PROTOCOL_VERSION, UPLOAD_PATH } from '@platter/contract';
import { toneWav } from './wav';

export interface Credentials {
  userid: string;
  userauth: string;
}

export async function apiPost<T>(baseUrl: string, name: string, body: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${baseUrl}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const [ok, result] = (await response.json()) as [boolean, T];
  if (!ok) throw new Error(`${name} failed: ${JSON.stringify(result)}`);
  return result;
}

/** A GET call (user.modify is one, spec §7), its input as the query string. */
export async function apiGet<T>(baseUrl: string, name: string, input: Record<string, string | boolean>): Promise<T> {
  const query = new URLSearchParams(Object.entries(input).map(([key, value]) => [key, String(value)]));
  const [ok, result] = (await (await fetch(`${baseUrl}/api/${name}?${query}`)).json()) as [boolean, T];
  if (!ok) throw new Error(`${name} failed: ${JSON.stringify(result)}`);
  return result;
}

export function logIn(baseUrl: string, email: string): Promise<Credentials> {
  return apiPost<Credentials>(baseUrl, 'user.email_login', { email, password: 'platter-demo' });
}

/** Registers the member in the room over a socket; the returned function leaves (closes the socket). */
export async function joinBySocket(baseUrl: string, who: Credentials, roomid: string): Promise<() => void> {
  const member = await memberBySocket(baseUrl, who, roomid);
  return member.leave;
}

/** A member in the room over a socket, who can make room calls there (speak, appoint) and leave. */
export interface SocketMember {
  call(name: string, input: Record<string, unknown>): Promise<unknown>;
  leave(): void;
}

export async function memberBySocket(baseUrl: string, who: Credentials, roomid: string): Promise<SocketMember> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/socket`, { origin: baseUrl });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const frames: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as Record<string, unknown>);
    waiters.splice(0).forEach((wake) => wake());
  });
  const next = async (test: (frame: Record<string, unknown>) => boolean) => {
    for (;;) {
      const found = frames.find(test);
      if (found) return found;
      await new Promise<void>((wake) => waiters.push(wake));
    }
  };
  socket.send(JSON.stringify({ type: 'hello', version: PROTOCOL_VERSION, ...who }));
  await next((frame) => frame.type === 'welcome');
  let msgid = 0;
  const call = async (name: string, input: Record<string, unknown>) => {
    const id = ++msgid;
    socket.send(JSON.stringify({ type: 'call', msgid: id, call: name, input }));
    const reply = await next((frame) => frame.type === 'reply' && frame.msgid === id);
    const envelope = reply.envelope as [boolean, unknown];
    if (!envelope[0]) throw new Error(`${name} failed: ${JSON.stringify(envelope[1])}`);
    return envelope[1];
  };
  await call('room.register', { roomid });
  return { call, leave: () => socket.close() };
}

/** A new room made by Echo Park (a demo member, its owner), so that nobody the seed placed is in it. */
export async function echosFreshRoom(baseUrl: string, name = `Room ${Date.now()}`) {
  const owner = await logIn(baseUrl, 'echo@example.com');
  const room = await apiPost<{ roomid: string; shortcut: string }>(baseUrl, 'room.create', {
    ...owner,
    room_name: name,
  });
  return { ...room, name };
}

/** Gives the member a new, empty playlist as their queue (the demo gives members songs of their own), so that what they upload next plays first. */
export async function freshQueue(baseUrl: string, who: Credentials): Promise<void> {
  const playlist_name = `Test ${Date.now()}`;
  await apiPost(baseUrl, 'playlist.create', { ...who, playlist_name });
  await apiPost(baseUrl, 'playlist.switch', { ...who, playlist_name });
}

/**
 * A fresh room where Ada (a demo member, alone on its stage) plays a tone of `seconds` she has just
 * uploaded: a song that outlasts a test, unlike the demo rooms' half-minute tracks. `leave` takes her
 * off (closes her socket).
 */
export async function roomPlayingTone(
  baseUrl: string,
  seconds: number,
  name = `Tone ${Date.now()}`,
): Promise<{ roomid: string; shortcut: string; leave: () => void }> {
  const room = await echosFreshRoom(baseUrl, name);
  const ada = await logIn(baseUrl, 'ada@example.com');
  await freshQueue(baseUrl, ada);
  const query = new URLSearchParams({ ...ada, filename: `${name}.wav` });
  const upload = await fetch(`${baseUrl}${UPLOAD_PATH}?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: new Uint8Array(toneWav(seconds, 220, 8_000)),
  });
  if (!upload.ok) throw new Error(`The tone's upload failed: ${await upload.text()}`);
  const dj = await memberBySocket(baseUrl, ada, room.roomid);
  await dj.call('room.add_dj', { roomid: room.roomid });
  return { roomid: room.roomid, shortcut: room.shortcut, leave: dj.leave };
}
