/**
 * A ban and a join that race (issue 31, item 5): whichever the room's lock takes first, the
 * banned member ends up out of the room. room.register checked the ban and then entered in
 * another transaction, so a ban between the two let them in (on PostgreSQL, every time).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { moderationMessages } from '@platter/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { aMember, aRoom } from './support/factories';
import { TestSocket } from './support/socket-client';

/** Rounds of the race: enough that a window between check and entry is hit (it was, 40 of 40). */
const ROUNDS = 20;

let t: TestApp;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await t.close();
});

async function membersOf(roomid: string): Promise<string[]> {
  const rows = await t.app.services.db
    .selectFrom('roomMembers')
    .select('userId')
    .where('roomId', '=', roomid)
    .execute();
  return rows.map((row) => row.userId);
}

test('a member who joins while being banned is never left in the room, nor left hearing it', async () => {
  const owner = await aMember(t);
  const room = await aRoom(t, owner);
  const member = await aMember(t);
  const ownerPage = await TestSocket.welcomed(t, owner);
  sockets.push(ownerPage);
  await ownerPage.ok('room.register', { roomid: room.roomid });
  const refusals = new Set<string>();
  for (let round = 0; round < ROUNDS; round++) {
    const page = await TestSocket.welcomed(t, member);
    sockets.push(page);
    const [joined] = await Promise.all([
      page.call('room.register', { roomid: room.roomid }),
      t.ok('room.ban_user', { roomid: room.roomid, target_userid: member.userid, reason: '' }, owner),
    ]);
    expect(await membersOf(room.roomid), `round ${round}`).not.toContain(member.userid);
    if (!joined[0]) refusals.add(`${joined[1].errcode}: ${joined[1].err}`);
    // Nor does their page go on following the room: a change the room is told of now does not
    // reach it. The owner's page hears it (their laptop: unlimited, unlike chat), and the member's
    // page answers a call after that, so had the change been sent to it, it would have come first.
    const laptop = round % 2 === 0 ? 'mac' : 'pc';
    await ownerPage.ok('user.modify', { laptop });
    for (;;) {
      const { event } = await ownerPage.nextEvent(`room:${room.roomid}`);
      if (event.command === 'update_user' && event.userid === owner.userid && event.user.laptop === laptop) break;
    }
    await page.ok('user.info', {});
    const heard = (await page.quietFor(0)).filter(
      (message) =>
        message.type === 'event' && message.event.command === 'update_user' && message.event.userid === owner.userid,
    );
    expect(heard, `round ${round}`).toEqual([]);
    // Lifted for the next round; the page is closed so that it leaves nothing behind.
    await t.ok('room.unban_user', { roomid: room.roomid, target_userid: member.userid }, owner);
    page.close();
    await page.closed;
  }
  // A join the ban beat is refused as a banned member's is, never with an error of its own.
  for (const refusal of refusals) expect(refusal).toBe(`forbidden: ${moderationMessages.banned}`);
});
