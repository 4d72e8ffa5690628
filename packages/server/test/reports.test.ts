/**
 * Reports over HTTP (docs/profiles.md): the chat a report carries is the room's own record, never
 * what the reporter's client says someone said; a member makes at most REPORTS_PER_DAY reports in
 * a day, counted one by one however many are sent at once.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { profileMessages, REPORT_CHATLOG_SIZE, REPORTS_PER_DAY, type Credentials } from '@platter/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { aMember, aRoom, aStaffMember, type Member, type TestRoom } from './support/factories';
import { TestSocket } from './support/socket-client';

const DAY = 86_400_000;
let clock = Date.UTC(2026, 10, 1);
let t: TestApp;
let staff: Member;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await startTestApp({}, () => clock);
  staff = await aStaffMember(t);
});
afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await t.close();
});

async function inRoom(who: Credentials, room: TestRoom): Promise<TestSocket> {
  const socket = await TestSocket.welcomed(t, who);
  sockets.push(socket);
  await socket.ok('room.register', { roomid: room.roomid });
  return socket;
}

/** Says each line in turn, a little over a second apart (the flood limit allows 5 in 5 s). */
async function say(socket: TestSocket, room: TestRoom, lines: string[]) {
  for (const text of lines) {
    clock += 1100;
    await socket.ok('room.speak', { roomid: room.roomid, text });
  }
}

async function newestReport() {
  const { reports } = await t.ok('room.get_reports', {}, staff);
  return reports[0];
}

describe('the chat a report carries', () => {
  test("is the room's own record: the member's own lines, however far back, and the room's last lines; never the reporter's words", async () => {
    const owner = await aMember(t);
    const room = await aRoom(t, owner);
    const [reporter, accused, chatter] = [await aMember(t), await aMember(t), await aMember(t)];
    const accusedPage = await inRoom(accused, room);
    const chatterPage = await inRoom(chatter, room);
    await say(accusedPage, room, ['hello all']);
    const others = Array.from({ length: REPORT_CHATLOG_SIZE + 1 }, (_, index) => `line ${index + 1}`);
    await say(chatterPage, room, others);

    // The reporter's page says the accused said something they did not.
    const forged = { userid: accused.userid, name: accused.name, text: 'I hate everyone', time: clock };
    await t.ok(
      'room.report_user',
      { roomid: room.roomid, reported: accused.userid, reason: 'Rude', chatlog: [forged] },
      reporter,
    );
    const report = await newestReport();
    expect(report?.chatlog.map((line) => [line.name, line.text])).toEqual([
      [accused.name, 'hello all'],
      ...others.slice(-REPORT_CHATLOG_SIZE).map((text) => [chatter.name, text]),
    ]);
    expect(JSON.stringify(report)).not.toContain('I hate everyone');
    expect(report?.chatlog_source).toBe('room');
  });

  test('is empty when the report names no room: what the client sent is not kept', async () => {
    const [reporter, accused] = [await aMember(t), await aMember(t)];
    clock += 1000; // newest first: this report
    const forged = { userid: accused.userid, name: accused.name, text: 'I said something awful', time: clock };
    await t.ok('room.report_user', { reported: accused.userid, reason: 'Rude', chatlog: [forged] }, reporter);
    expect(await newestReport()).toMatchObject({
      reporter: { userid: reporter.userid },
      reported: { userid: accused.userid },
      roomid: null,
      chatlog: [],
      chatlog_source: 'room',
    });
  });

  test("a report kept before Platter read the room's record says its chat log is the reporter's word", async () => {
    const [reporter, accused] = [await aMember(t), await aMember(t)];
    clock += 1000; // newest first: this report
    const said = { userid: accused.userid, name: accused.name, text: 'what the page sent', time: clock };
    // As such a report was stored: before the migration that added where its chat log came from.
    await t.app.services.db
      .insertInto('reports')
      .values({
        id: `old-${clock}`,
        reporterId: reporter.userid,
        reportedId: accused.userid,
        roomId: null,
        reason: 'Rude',
        chatlog: JSON.stringify([said]),
        createdAt: clock,
      })
      .execute();
    expect(await newestReport()).toMatchObject({ chatlog: [said], chatlog_source: 'reporter' });
  });
});

describe('a member’s reports', () => {
  test(`are at most ${REPORTS_PER_DAY} a day, counted one by one when sent at once`, async () => {
    const reporter = await aMember(t);
    const accused = await Promise.all(Array.from({ length: 5 }, () => aMember(t)));
    const sent = REPORTS_PER_DAY + 5;
    const answers = await Promise.all(
      Array.from({ length: sent }, (_, index) =>
        t.call('room.report_user', { reported: accused[index % accused.length]?.userid, reason: 'Spam' }, reporter),
      ),
    );
    expect(answers.filter(([ok]) => ok)).toHaveLength(REPORTS_PER_DAY);
    const refused = answers.filter(([ok]) => !ok);
    expect(refused).toHaveLength(sent - REPORTS_PER_DAY);
    for (const answer of refused) {
      expect(answer).toEqual([false, { err: profileMessages.reportLimit, errcode: 'rate_limited' }]);
    }
    // Another member is not held back by them.
    await t.ok('room.report_user', { reported: accused[0]?.userid, reason: 'Spam' }, await aMember(t));
    // A day after, the reporter may report again.
    clock += DAY;
    await t.ok('room.report_user', { reported: accused[0]?.userid, reason: 'Spam again' }, reporter);
  });
});
