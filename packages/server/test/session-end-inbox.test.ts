/**
 * A session that ends stops acting at once (issue 31): frames its socket sent
 * before the logout and that still wait their turn never run. The probe's
 * votes went on for seconds after a logout; here a flood of laptop changes,
 * each told to the room as update_user, is cut short by a logout over HTTP,
 * on the same instance and on another one (its session_ended comes by Redis),
 * and a listener in the room counts what it still hears.
 */
import { afterAll, describe, expect, test } from 'vitest';
import type { ServerMessage } from '@platter/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { aMember, aRoom, type Member } from './support/factories';
import { pageIn } from './support/room-pages';
import type { TestSocket } from './support/socket-client';

const REDIS_URL = 'redis://127.0.0.1:6379';
/** Laptop changes sent in one burst: far more than run before the logout lands (and fewer than an inbox holds). */
const FLOOD = 200;
const FIRST_MSGID = 1000;
/** Once the room's own later event is in, what still comes is the flood's tail, if any. */
const QUIET_MS = 300;

const sockets: TestSocket[] = [];
const apps: TestApp[] = [];
afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  for (const app of apps.splice(0).reverse()) await app.close();
});

/**
 * `flooder`'s page on `floodOn` sends FLOOD laptop changes at once; as soon as the first is
 * answered, `logoutOn` ends the session. Resolves with how many the page saw answered and how
 * many update_user events of the flooder the listener's page on `floodOn` heard in all.
 */
async function floodThenLogout(floodOn: TestApp, logoutOn: TestApp) {
  const [owner, flooder] = [await aMember(floodOn), await aMember(floodOn)];
  const room = await aRoom(floodOn, owner);
  const listening = await pageIn(floodOn, owner, room.roomid, sockets);
  const flooding = await pageIn(floodOn, flooder, room.roomid, sockets);
  await listening.socket.quietFor(0);
  for (let n = 0; n < FLOOD; n++) {
    const laptop = n % 2 === 0 ? 'pc' : 'mac';
    flooding.socket.send({ type: 'call', msgid: FIRST_MSGID + n, call: 'user.modify', input: { laptop } });
  }
  expect((await flooding.socket.replyTo(FIRST_MSGID))[0]).toBe(true);
  await logoutOn.ok('user.logout', {}, flooder);
  expect((await flooding.socket.closed).code).toBe(4001);
  const answered = (await flooding.socket.quietFor(0)).filter(
    (message) => message.type === 'reply' && message.msgid > FIRST_MSGID && message.envelope[0],
  ).length;

  // The owner's own change is a later room command: once the listener has it, the flood's events
  // that ran before it are in too; then a moment for any that still run.
  await floodOn.ok('user.modify', { laptop: 'linux' }, owner);
  const heard: ServerMessage[] = [];
  for (;;) {
    const message = await listening.socket.next();
    heard.push(message);
    if (isUpdateOf(message, owner)) break;
  }
  heard.push(...(await listening.socket.quietFor(QUIET_MS)));
  return { answered, heard: heard.filter((message) => isUpdateOf(message, flooder)).length };
}

function isUpdateOf(message: ServerMessage, who: Member): boolean {
  return message.type === 'event' && message.event.command === 'update_user' && message.event.userid === who.userid;
}

describe('frames waiting when the session ends never run', () => {
  // With Redis, as a server with a bus runs: a frame's events go out over the network, so the inbox
  // waits on it between frames and a logout gets in (on SQLite without it, the inbox runs to its end
  // before the next request is read, and nothing is left to run after the logout).
  test('logged out on the same instance', async () => {
    const t = await startTestApp({ redisUrl: REDIS_URL });
    apps.push(t);
    const { answered, heard } = await floodThenLogout(t, t);
    // The logout came mid-flood, and the room heard only what ran before it (the first call, the
    // answered ones, and at most the one running when the session ended, whose answer was lost).
    expect(answered).toBeLessThan(FLOOD - 1);
    expect(heard).toBeLessThanOrEqual(answered + 2);
  });

  test('logged out on another instance: its session_ended comes over Redis', async () => {
    const a = await startTestApp({ redisUrl: REDIS_URL }, undefined, { postgres: true });
    apps.push(a);
    const b = await startTestApp({ redisUrl: REDIS_URL, database: a.app.services.config.database });
    apps.push(b);
    const { answered, heard } = await floodThenLogout(a, b);
    expect(answered).toBeLessThan(FLOOD - 1);
    expect(heard).toBeLessThanOrEqual(answered + 2);
  });
});
