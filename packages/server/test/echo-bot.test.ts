/**
 * The example bot (examples/echo-bot, docs/bots.md) runs as bot authors run it:
 * its own node process, on our socket protocol, with a bot member's userid and
 * userauth. It joins the room and answers `/hello`; a person hears it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';
import { aBot, aMember, aRoom } from './support/factories';
import { TestSocket } from './support/socket-client';

const BOT_SCRIPT = path.resolve(import.meta.dirname, '../../../examples/echo-bot/bot.mjs');

let t: TestApp;
let child: ChildProcess | null = null;
let person: TestSocket | null = null;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  child?.kill();
  person?.close();
  await t.close();
});

test('the example bot joins a room and answers /hello', async () => {
  const owner = await aMember(t);
  const room = await aRoom(t, owner);
  const bot = await aBot(t);
  person = await TestSocket.welcomed(t, owner);
  await person.ok('room.register', { roomid: room.roomid });

  child = spawn(process.execPath, [BOT_SCRIPT], {
    env: {
      ...process.env,
      PLATTER_URL: t.baseUrl,
      BOT_USERID: bot.userid,
      BOT_USERAUTH: bot.userauth,
      ROOM: room.shortcut,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const channel = `room:${room.roomid}`;
  // A bot process takes a moment to start: up to 15 s for it to walk in.
  const joined = await person.nextEvent(channel, 15_000);
  expect(joined.event).toMatchObject({ command: 'registered', user: [{ userid: bot.userid, bot: true }] });
  // The room hears the bot walk in before the bot has its snapshot: a /hello said in between
  // would be in that snapshot's chat, not an event it answers. Wait for the bot to say it's in.
  await botSays(child, /^in room /m, 15_000);

  await person.ok('room.speak', { roomid: room.roomid, text: '/hello' });
  // Generous waits: on a loaded CI machine PostgreSQL and the bot's own process can both be slow.
  expect((await person.nextEvent(channel, 15_000)).event).toMatchObject({ command: 'speak', text: '/hello' });
  const answer = await person.nextEvent(channel, 15_000);
  expect(answer.event).toMatchObject({ command: 'speak', userid: bot.userid, text: `Hello, @${owner.name}!` });
});

/** Resolves when the bot's output matches `pattern`; fails after `timeoutMs`. */
function botSays(bot: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`the bot did not say ${pattern} in ${timeoutMs} ms: ${output}`)),
      timeoutMs,
    );
    bot.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (pattern.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}
