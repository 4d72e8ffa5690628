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

test('a member who joins while being banned is never left in the room', async () => {
  const owner = await aMember(t);
  const room = await aRoom(t, owner);
  const member = await aMember(t);
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
    // Lifted for the next round; the page is closed so that it leaves nothing behind.
    await t.ok('room.unban_user', { roomid: room.roomid, target_userid: member.userid }, owner);
    page.close();
    await page.closed;
  }
  // A join the ban beat is refused as a banned member's is, never with an error of its own.
  for (const refusal of refusals) expect(refusal).toBe(`forbidden: ${moderationMessages.banned}`);
});
