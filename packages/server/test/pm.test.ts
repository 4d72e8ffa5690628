/**
 * Private messages (docs/pm.md): sent, kept and read over HTTP; heard live
 * as `pmmed` on every page of the receiver (and the sender's own), on every
 * instance; refused for guests, for oneself, for unknown people and between
 * members when either has ignored the other; limited in length and rate.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  PM_FLOOD_MESSAGES,
  PM_FLOOD_WINDOW_MS,
  PM_HISTORY_PAGE,
  PM_MESSAGE_MAX,
  pmMessages,
  type Credentials,
} from '@platter/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest, aMember } from './support/factories';
import { failureOf } from './support/envelopes';
import { TestSocket } from './support/socket-client';

const REDIS_URL = 'redis://127.0.0.1:6379';
const sockets: TestSocket[] = [];
afterAll(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
const welcomed = async (t: TestApp, who: Credentials) => {
  const socket = await TestSocket.welcomed(t, who);
  sockets.push(socket);
  return socket;
};

/** The app's clock: real time plus what a test skips ahead, never the same millisecond twice. */
let skew = 0;
let last = 0;
const now = () => (last = Math.max(Date.now() + skew, last + 1));

describe('one instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, now);
  });
  afterAll(() => t.close());

  test('a message is kept: history oldest first, both ways, with unread counts until read', async () => {
    const [ann, bob] = [await aMember(t), await aMember(t)];
    const sent = await t.ok('pm.send', { receiverid: bob.userid, text: '  hello <b>Bob</b>  ' }, ann);
    expect(sent).toMatchObject({ senderid: ann.userid, receiverid: bob.userid, text: 'hello <b>Bob</b>' });
    await t.ok('pm.send', { receiverid: ann.userid, text: 'hi Ann' }, bob);
    await t.ok('pm.send', { receiverid: bob.userid, text: 'how are you?' }, ann);

    const history = await t.ok('pm.history', { receiverid: ann.userid }, bob);
    expect(history.more).toBe(false);
    expect(history.history.map((m) => [m.senderid, m.text])).toEqual([
      [ann.userid, 'hello <b>Bob</b>'],
      [bob.userid, 'hi Ann'],
      [ann.userid, 'how are you?'],
    ]);
    expect(await t.ok('pm.history', { receiverid: bob.userid }, ann)).toEqual(history);

    const listed = await t.ok('pm.conversations', {}, bob);
    expect(listed.unread).toBe(2);
    expect(listed.conversations).toEqual([
      { userid: ann.userid, name: ann.name, avatarid: 8, last: history.history[2], unread: 2 },
    ]);
    // What you sent yourself is never unread for you.
    expect((await t.ok('pm.conversations', {}, ann)).unread).toBe(1);

    await t.ok('pm.mark_read', { receiverid: ann.userid }, bob);
    const after = await t.ok('pm.conversations', {}, bob);
    expect([after.unread, after.conversations[0]?.unread]).toEqual([0, 0]);
  });

  test('conversations are listed latest first', async () => {
    const [me, first, second] = [await aMember(t), await aMember(t), await aMember(t)];
    await t.ok('pm.send', { receiverid: me.userid, text: 'one' }, first);
    await t.ok('pm.send', { receiverid: me.userid, text: 'two' }, second);
    await t.ok('pm.send', { receiverid: first.userid, text: 'three' }, me);
    const { conversations } = await t.ok('pm.conversations', {}, me);
    expect(conversations.map((c) => [c.name, c.last.text, c.unread])).toEqual([
      [first.name, 'three', 1],
      [second.name, 'two', 1],
    ]);
  });

  test('a long conversation comes a page at a time, older pages by `before`', async () => {
    const [ann, bob] = [await aMember(t), await aMember(t)];
    const total = PM_HISTORY_PAGE + 3;
    for (let n = 1; n <= total; n++) {
      skew += PM_FLOOD_WINDOW_MS; // past the flood limit: this test is about paging
      await t.ok('pm.send', { receiverid: bob.userid, text: `message ${n}` }, ann);
    }
    const newest = await t.ok('pm.history', { receiverid: bob.userid }, ann);
    expect(newest.more).toBe(true);
    expect(newest.history).toHaveLength(PM_HISTORY_PAGE);
    expect(newest.history.at(-1)?.text).toBe(`message ${total}`);
    const older = await t.ok('pm.history', { receiverid: bob.userid, before: newest.history[0]!.id }, ann);
    expect([older.more, older.history.map((m) => m.text)]).toEqual([false, ['message 1', 'message 2', 'message 3']]);
    // A message of another conversation is no place to start from.
    const carl = await aMember(t);
    expect(
      failureOf(await t.call('pm.history', { receiverid: carl.userid, before: newest.history[0]!.id }, ann)),
    ).toEqual({ err: pmMessages.badCursor, errcode: 'invalid' });
  });

  test("the receiver's pages all hear it live, and so do the sender's; reading tells your other pages", async () => {
    const [ann, bob] = [await aMember(t), await aMember(t)];
    const [bobLobby, bobRoom, annOther] = [await welcomed(t, bob), await welcomed(t, bob), await welcomed(t, ann)];
    const annSending = await welcomed(t, ann);
    const sent = await annSending.ok('pm.send', { receiverid: bob.userid, text: 'over the socket' });
    const expected = { command: 'pmmed', ...sent, userid: bob.userid, name: ann.name };
    for (const page of [bobLobby, bobRoom]) {
      expect((await page.nextEvent(`user:${bob.userid}`)).event).toEqual(expected);
    }
    expect((await annOther.nextEvent(`user:${ann.userid}`)).event).toEqual(expected);

    // Over HTTP too: the events still come over the socket.
    await t.ok('pm.send', { receiverid: ann.userid, text: 'over HTTP' }, bob);
    expect((await annOther.nextEvent(`user:${ann.userid}`)).event).toMatchObject({
      command: 'pmmed',
      text: 'over HTTP',
    });

    await t.ok('pm.mark_read', { receiverid: ann.userid }, bob);
    for (const page of [bobLobby, bobRoom]) {
      const events = [];
      for (;;) {
        const { event } = await page.nextEvent(`user:${bob.userid}`);
        events.push(event.command);
        if (event.command === 'pm_read') {
          expect(event).toEqual({ command: 'pm_read', userid: bob.userid, receiverid: ann.userid });
          break;
        }
      }
      // Their own reply to Ann came first.
      expect(events).toEqual(['pmmed', 'pm_read']);
    }
    // A third member hears nothing of it.
    const carl = await welcomed(t, await aMember(t));
    expect(await carl.quietFor(200)).toEqual([]);
  });

  test('ignoring works both ways: neither can message the other, and their conversation leaves your list', async () => {
    const [ann, bob] = [await aMember(t), await aMember(t)];
    await t.ok('pm.send', { receiverid: bob.userid, text: 'before' }, ann);
    const bobPage = await welcomed(t, bob);
    await t.ok('block.add', { blockedid: ann.userid }, bob);

    expect(failureOf(await t.call('pm.send', { receiverid: bob.userid, text: 'let me in' }, ann))).toEqual({
      err: pmMessages.ignoredYou,
      errcode: 'forbidden',
    });
    expect(failureOf(await t.call('pm.send', { receiverid: ann.userid, text: 'hm' }, bob))).toEqual({
      err: pmMessages.youIgnored,
      errcode: 'forbidden',
    });
    expect(await bobPage.quietFor(200)).toEqual([]);
    expect(await t.ok('pm.conversations', {}, bob)).toEqual({ conversations: [], unread: 0 });
    // Ann still sees what she sent.
    expect((await t.ok('pm.conversations', {}, ann)).conversations).toHaveLength(1);

    await t.ok('block.remove', { blockedid: ann.userid }, bob);
    await t.ok('pm.send', { receiverid: ann.userid, text: 'sorry' }, bob);
  });

  test('guests can neither send nor receive, nor read', async () => {
    const [guest, member] = [await aGuest(t), await aMember(t)];
    for (const [name, input] of [
      ['pm.send', { receiverid: member.userid, text: 'hi' }],
      ['pm.history', { receiverid: member.userid }],
      ['pm.conversations', {}],
      ['pm.mark_read', { receiverid: member.userid }],
    ] as const) {
      expect(failureOf(await t.call(name, input, guest)).errcode, name).toBe('members_only');
    }
    expect(failureOf(await t.call('pm.send', { receiverid: guest.userid, text: 'hi' }, member))).toEqual({
      err: pmMessages.guestReceiver,
      errcode: 'forbidden',
    });
  });

  test('bad input is answered clearly, over HTTP and the socket alike', async () => {
    const member = await aMember(t);
    const other = await aMember(t);
    const socket = await welcomed(t, member);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ receiverid: member.userid, text: 'me' }, pmMessages.yourself, 'invalid'],
      [{ receiverid: 'nobody-like-this', text: 'hi' }, pmMessages.unknown, 'not_found'],
      [{ receiverid: '', text: 'hi' }, pmMessages.noReceiver, 'invalid'],
      [{ text: 'hi' }, pmMessages.noReceiver, 'invalid'],
      [{ receiverid: other.userid, text: '   ' }, pmMessages.empty, 'invalid'],
      [{ receiverid: other.userid }, pmMessages.empty, 'invalid'],
      [{ receiverid: other.userid, text: 42 }, pmMessages.empty, 'invalid'],
      [{ receiverid: other.userid, text: 'x'.repeat(PM_MESSAGE_MAX + 1) }, pmMessages.tooLong, 'invalid'],
    ];
    for (const [input, err, errcode] of cases) {
      expect(failureOf(await t.call('pm.send', input, member)), JSON.stringify(input)).toEqual({ err, errcode });
      expect(failureOf(await socket.call('pm.send', input))).toEqual({ err, errcode });
    }
    expect(failureOf(await t.call('pm.history', { receiverid: 'nobody-like-this' }, member)).errcode).toBe('not_found');
    expect(failureOf(await t.call('pm.mark_read', { receiverid: member.userid }, member)).errcode).toBe('invalid');
    // The longest message is fine.
    await t.ok('pm.send', { receiverid: other.userid, text: 'x'.repeat(PM_MESSAGE_MAX) }, member);
  });

  test('the flood limit counts messages to anyone, and lifts after its window', async () => {
    skew += PM_FLOOD_WINDOW_MS;
    const sender = await aMember(t);
    const people = [await aMember(t), await aMember(t)];
    for (let n = 0; n < PM_FLOOD_MESSAGES; n++) {
      await t.ok('pm.send', { receiverid: people[n % 2]!.userid, text: `hi ${n}` }, sender);
    }
    expect(failureOf(await t.call('pm.send', { receiverid: people[0]!.userid, text: 'one more' }, sender))).toEqual({
      err: pmMessages.flood,
      errcode: 'rate_limited',
    });
    skew += PM_FLOOD_WINDOW_MS;
    await t.ok('pm.send', { receiverid: people[0]!.userid, text: 'later' }, sender);
  });
});

describe('two instances on one database, joined by Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp({ redisUrl: REDIS_URL }, now, { postgres: true });
    b = await startTestApp({ redisUrl: REDIS_URL, database: a.app.services.config.database }, now);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  test('a message sent on one instance reaches the receiver’s pages on both', async () => {
    const [ann, bob] = [await aMember(a), await aMember(a)];
    const [bobOnA, bobOnB, annOnB] = [await welcomed(a, bob), await welcomed(b, bob), await welcomed(b, ann)];
    const sent = await a.ok('pm.send', { receiverid: bob.userid, text: 'across instances' }, ann);
    for (const page of [bobOnA, bobOnB]) {
      expect((await page.nextEvent(`user:${bob.userid}`)).event).toMatchObject({ command: 'pmmed', id: sent.id });
    }
    expect((await annOnB.nextEvent(`user:${ann.userid}`)).event).toMatchObject({ command: 'pmmed', id: sent.id });
    // Kept in the one database: either instance reads it.
    expect((await b.ok('pm.history', { receiverid: ann.userid }, bob)).history).toEqual([sent]);
  });
});
