/**
 * The stage and the room's moderation over real sockets (docs/room.md):
 * stepping up and down, moderators appointed by the owner, boot/ban/mute/
 * delete/modify allowed and refused, each told to the room in order and kept
 * in the log; a booted or banned member cannot come straight back.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  BOOT_COOLDOWN_MS,
  chatMessages,
  moderationMessages,
  roomExitMessages,
  roomMessages,
  ROOM_DESCRIPTION_MAX,
  stageMessages,
  type Credentials,
  type LiveEvent,
} from '@platter/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { aMember, aRoom, aStaffMember, withPoints, type TestRoom } from './support/factories';
import { aSong } from './support/music';
import { TestSocket } from './support/socket-client';

let clock = Date.now();
const now = () => clock;
const sockets: TestSocket[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, now);
});
afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await t.close();
});

/** A page of `who` in the room; they have a song in their queue, so they may step up. */
async function inRoom(who: Credentials, room: TestRoom) {
  await aSong(t, who);
  const socket = await TestSocket.welcomed(t, who);
  sockets.push(socket);
  const snapshot = await socket.ok('room.register', { roomid: room.roomid });
  return { socket, snapshot };
}

/** The next room event of a kind on this socket (others are skipped). */
async function heard<C extends LiveEvent['command']>(socket: TestSocket, room: TestRoom, command: C) {
  for (;;) {
    const { event } = await socket.nextEvent(`room:${room.roomid}`);
    if (event.command === command) return event as Extract<LiveEvent, { command: C }>;
  }
}

describe('the stage', () => {
  test('members step up in order, up to max_djs, and step down; everyone hears it', async () => {
    const owner = await aMember(t);
    const room = await aRoom(t, owner, { max_djs: 2 });
    const [a, b, c] = [await aMember(t), await aMember(t), await aMember(t)];
    const watching = await inRoom(owner, room);
    const pages = [await inRoom(a, room), await inRoom(b, room), await inRoom(c, room)];
    await pages[0]!.socket.ok('room.add_dj', { roomid: room.roomid });
    expect((await heard(watching.socket, room, 'add_dj')).djs).toEqual([a.userid]);
    await pages[1]!.socket.ok('room.add_dj', { roomid: room.roomid });
    expect((await heard(watching.socket, room, 'add_dj')).djs).toEqual([a.userid, b.userid]);
    expect(await pages[2]!.socket.call('room.add_dj', { roomid: room.roomid })).toEqual([
      false,
      { err: stageMessages.full, errcode: 'conflict' },
    ]);
    expect(await pages[0]!.socket.call('room.add_dj', { roomid: room.roomid })).toEqual([
      false,
      { err: stageMessages.already, errcode: 'conflict' },
    ]);
    expect((await t.ok('room.info', { roomid: room.roomid })).room.metadata.djcount).toBe(2);

    await pages[0]!.socket.ok('room.rem_dj', { roomid: room.roomid });
    const down = await heard(watching.socket, room, 'rem_dj');
    expect([down.djs, down.modid, down.user[0]?.userid]).toEqual([[b.userid], null, a.userid]);
    await pages[2]!.socket.ok('room.add_dj', { roomid: room.roomid });
    // A fresh page is given the stage in order.
    const { snapshot } = await inRoom(await aMember(t), room);
    expect(snapshot.djids).toEqual([b.userid, c.userid]);
  });

  test('points to DJ, and only people in the room, may step up', async () => {
    const owner = await aMember(t);
    const room = await aRoom(t, owner, { djthreshold: 100 });
    const newcomer = await aMember(t);
    const { socket } = await inRoom(newcomer, room);
    expect(await socket.call('room.add_dj', { roomid: room.roomid })).toEqual([
      false,
      { err: stageMessages.points(100), errcode: 'forbidden' },
    ]);
    await withPoints(t, newcomer, 100);
    await socket.ok('room.add_dj', { roomid: room.roomid });
    const outsider = await aMember(t);
    expect(await t.call('room.add_dj', { roomid: room.roomid }, outsider)).toEqual([
      false,
      { err: stageMessages.notInRoom, errcode: 'forbidden' },
    ]);
  });
});

describe('moderation', () => {
  test('the owner appoints a moderator, who may take a DJ off the stage; a listener may not', async () => {
    const owner = await aMember(t);
    const room = await aRoom(t, owner);
    const [mod, dj, listener] = [await aMember(t), await aMember(t), await aMember(t)];
    const watching = await inRoom(owner, room);
    const modPage = await inRoom(mod, room);
    const djPage = await inRoom(dj, room);
    const listenerPage = await inRoom(listener, room);
    expect(
      await modPage.socket.call('room.add_moderator', { roomid: room.roomid, target_userid: listener.userid }),
    ).toEqual([false, { err: moderationMessages.notModerator, errcode: 'forbidden' }]);
    await watching.socket.ok('room.add_moderator', { roomid: room.roomid, target_userid: mod.userid });
    expect((await heard(watching.socket, room, 'new_moderator')).userid).toBe(mod.userid);
    expect((await t.ok('room.info', { roomid: room.roomid })).room.metadata.moderator_id).toEqual([mod.userid]);
    expect(
      await modPage.socket.call('room.add_moderator', { roomid: room.roomid, target_userid: listener.userid }),
    ).toEqual([false, { err: moderationMessages.notOwner, errcode: 'forbidden' }]);

    await djPage.socket.ok('room.add_dj', { roomid: room.roomid });
    clock += 1000;
    expect(await listenerPage.socket.call('room.rem_dj', { roomid: room.roomid, djid: dj.userid })).toEqual([
      false,
      { err: moderationMessages.notModerator, errcode: 'forbidden' },
    ]);
    await modPage.socket.ok('room.rem_dj', { roomid: room.roomid, djid: dj.userid });
    const removed = await heard(watching.socket, room, 'rem_dj');
    expect([removed.user[0]?.userid, removed.modid, removed.djs]).toEqual([dj.userid, mod.userid, []]);
    // A moderator cannot act on the owner, nor on another moderator.
    expect(await modPage.socket.call('room.boot_user', { roomid: room.roomid, target_userid: owner.userid })).toEqual([
      false,
      { err: moderationMessages.protected, errcode: 'forbidden' },
    ]);
    const log = await t.ok('room.moderation_log', { roomid: room.roomid }, owner);
    expect(log.entries.map((entry) => [entry.action, entry.mod_name])).toEqual([
      ['remove_dj', mod.name],
      ['add_moderator', owner.name],
    ]);
    expect(await t.call('room.moderation_log', { roomid: room.roomid }, listener)).toEqual([
      false,
      { err: moderationMessages.notModerator, errcode: 'forbidden' },
    ]);
  });

  test('a booted member is told the reason, leaves the room, and cannot come straight back', async () => {
    const owner = await aMember(t);
    const room = await aRoom(t, owner);
    const troll = await aMember(t);
    const watching = await inRoom(owner, room);
    const trollPage = await inRoom(troll, room);
    await watching.socket.ok('room.boot_user', { roomid: room.roomid, target_userid: troll.userid, reason: 'spam' });
    const booted = await heard(watching.socket, room, 'booted_user');
    expect([booted.userid, booted.reason, booted.modid]).toEqual([troll.userid, 'spam', owner.userid]);
    expect((await heard(watching.socket, room, 'deregistered')).user[0]?.userid).toBe(troll.userid);
    // Their own page hears it too, then is let go with the reason.
    expect((await heard(trollPage.socket, room, 'booted_user')).reason).toBe('spam');
    expect((await trollPage.socket.nextEvent(`room:${room.roomid}`)).event.command).toBe('deregistered');
    const exit = await trollPage.socket.nextEvent(`room:${room.roomid}`);
    expect(exit.event).toEqual({
      command: 'killdashnine',
      roomid: room.roomid,
      err: `${moderationMessages.booted} Reason: spam`,
    });
    expect(await trollPage.socket.call('room.register', { roomid: room.roomid })).toEqual([
      false,
      { err: `${moderationMessages.bootedFor(5)} Reason: spam`, errcode: 'forbidden' },
    ]);
    expect(await trollPage.socket.call('room.speak', { roomid: room.roomid, text: 'hi' })).toEqual([
      false,
      { err: chatMessages.notInRoom, errcode: 'forbidden' },
    ]);
    // Half a minute before the cool-down ends, what is left is told in whole minutes.
    clock += BOOT_COOLDOWN_MS - 30_000;
    expect(await trollPage.socket.call('room.register', { roomid: room.roomid })).toEqual([
      false,
      { err: `${moderationMessages.bootedFor(1)} Reason: spam`, errcode: 'forbidden' },
    ]);
    clock += 30_001;
    await trollPage.socket.ok('room.register', { roomid: room.roomid });
  });

  test('a ban keeps someone out until it ends or is lifted; staff moderate every room', async () => {
    const owner = await aMember(t);
    const room = await aRoom(t, owner);
    const staff = await aStaffMember(t);
    const banned = await aMember(t);
    const staffPage = await inRoom(staff, room);
    await inRoom(banned, room);
    await staffPage.socket.ok('room.ban_user', { roomid: room.roomid, target_userid: banned.userid, reason: 'rude' });
    expect((await heard(staffPage.socket, room, 'banned_user')).until).toBeNull();
    const again = await TestSocket.welcomed(t, banned);
    sockets.push(again);
    expect(await again.call('room.register', { roomid: room.roomid })).toEqual([
      false,
      { err: `${moderationMessages.banned} Reason: rude`, errcode: 'forbidden' },
    ]);
    const { bans } = await t.ok('room.ban_list', { roomid: room.roomid }, owner);
    expect(bans.map((ban) => [ban.userid, ban.reason, ban.until])).toEqual([[banned.userid, 'rude', null]]);
    await t.ok('room.unban_user', { roomid: room.roomid, target_userid: banned.userid }, owner);
    await again.ok('room.register', { roomid: room.roomid });
    // A ban for a time ends by itself.
    await t.ok('room.ban_user', { roomid: room.roomid, target_userid: banned.userid, minutes: 10 }, owner);
    expect((await again.call('room.register', { roomid: room.roomid }))[0]).toBe(false);
    clock += 10 * 60_000 + 1;
    await again.ok('room.register', { roomid: room.roomid });
  });

  test('a muted member cannot chat until the mute ends; a deleted line is gone for everyone', async () => {
    const owner = await aMember(t);
    const room = await aRoom(t, owner);
    const talker = await aMember(t);
    const watching = await inRoom(owner, room);
    const talking = await inRoom(talker, room);
    await talking.socket.ok('room.speak', { roomid: room.roomid, text: 'buy my stuff' });
    const said = await heard(watching.socket, room, 'speak');
    await watching.socket.ok('room.delete_chat', { roomid: room.roomid, chatid: said.chatid });
    expect((await heard(talking.socket, room, 'chat_deleted')).chatid).toBe(said.chatid);
    const { snapshot } = await inRoom(await aMember(t), room);
    expect(snapshot.chat.map((line) => line.chatid)).not.toContain(said.chatid);

    clock += 1000;
    await watching.socket.ok('room.mute_user', { roomid: room.roomid, target_userid: talker.userid, minutes: 5 });
    expect((await heard(talking.socket, room, 'muted_user')).until).toBe(clock + 5 * 60_000);
    expect(await talking.socket.call('room.speak', { roomid: room.roomid, text: 'hello?' })).toEqual([
      false,
      { err: chatMessages.muted, errcode: 'forbidden' },
    ]);
    clock += 5 * 60_000 + 1;
    await talking.socket.ok('room.speak', { roomid: room.roomid, text: 'back' });
    const log = await t.ok('room.moderation_log', { roomid: room.roomid }, owner);
    expect(log.entries.map((entry) => [entry.action, entry.detail])).toEqual([
      ['mute', 'for 5 minutes'],
      ['delete_chat', 'buy my stuff'],
    ]);
  });

  test("a moderator deletes listeners' lines and their own, never the owner's, staff's or another moderator's", async () => {
    const owner = await aMember(t);
    const room = await aRoom(t, owner);
    const [mod, otherMod, talker] = [await aMember(t), await aMember(t), await aMember(t)];
    const staff = await aStaffMember(t);
    const watching = await inRoom(owner, room);
    const pages = {
      mod: await inRoom(mod, room),
      otherMod: await inRoom(otherMod, room),
      talker: await inRoom(talker, room),
      staff: await inRoom(staff, room),
    };
    await watching.socket.ok('room.add_moderator', { roomid: room.roomid, target_userid: mod.userid });
    await watching.socket.ok('room.add_moderator', { roomid: room.roomid, target_userid: otherMod.userid });
    const said: Record<string, string> = {};
    for (const [who, socket] of [
      ['owner', watching.socket],
      ['staff', pages.staff.socket],
      ['otherMod', pages.otherMod.socket],
      ['mod', pages.mod.socket],
      ['talker', pages.talker.socket],
    ] as const) {
      clock += 1000;
      await socket.ok('room.speak', { roomid: room.roomid, text: `a line by ${who}` });
      said[who] = (await heard(watching.socket, room, 'speak')).chatid;
    }
    const deleteAs = (socket: TestSocket, who: string) =>
      socket.call('room.delete_chat', { roomid: room.roomid, chatid: said[who] ?? '' });
    const refused = [false, { err: moderationMessages.protected, errcode: 'forbidden' }];
    expect(await deleteAs(pages.mod.socket, 'owner')).toEqual(refused);
    expect(await deleteAs(pages.mod.socket, 'staff')).toEqual(refused);
    expect(await deleteAs(pages.mod.socket, 'otherMod')).toEqual(refused);
    // The owner outranks moderators, not staff; staff outrank moderators, not the owner.
    expect(await deleteAs(watching.socket, 'staff')).toEqual(refused);
    expect(await deleteAs(pages.staff.socket, 'owner')).toEqual(refused);
    // Nothing was deleted: the next line the room hears deleted is the first allowed.
    await pages.mod.socket.ok('room.delete_chat', { roomid: room.roomid, chatid: said.talker ?? '' });
    expect((await heard(watching.socket, room, 'chat_deleted')).chatid).toBe(said.talker);
    await pages.mod.socket.ok('room.delete_chat', { roomid: room.roomid, chatid: said.mod ?? '' });
    expect((await heard(watching.socket, room, 'chat_deleted')).chatid).toBe(said.mod);
    await watching.socket.ok('room.delete_chat', { roomid: room.roomid, chatid: said.otherMod ?? '' });
    expect((await heard(watching.socket, room, 'chat_deleted')).chatid).toBe(said.otherMod);
    const { snapshot } = await inRoom(await aMember(t), room);
    // Each line says its speaker's acl, so a page knows staff's lines even once they have left.
    expect(snapshot.chat.map((line) => [line.text, line.acl])).toEqual([
      ['a line by owner', 0],
      ['a line by staff', 1],
    ]);
    const log = await t.ok('room.moderation_log', { roomid: room.roomid }, owner);
    expect(log.entries.filter((entry) => entry.action === 'delete_chat').map((entry) => entry.target_userid)).toEqual([
      otherMod.userid,
      mod.userid,
      talker.userid,
    ]);
  });

  test('the owner removes a moderator, who can moderate no more; a mute is lifted early; the log keeps both', async () => {
    const owner = await aMember(t);
    const room = await aRoom(t, owner);
    const [mod, other, talker] = [await aMember(t), await aMember(t), await aMember(t)];
    const watching = await inRoom(owner, room);
    const modPage = await inRoom(mod, room);
    const talking = await inRoom(talker, room);
    await watching.socket.ok('room.add_moderator', { roomid: room.roomid, target_userid: mod.userid });
    await watching.socket.ok('room.add_moderator', { roomid: room.roomid, target_userid: other.userid });

    clock += 1000;
    await modPage.socket.ok('room.mute_user', { roomid: room.roomid, target_userid: talker.userid, minutes: 60 });
    expect((await heard(talking.socket, room, 'muted_user')).until).toBe(clock + 60 * 60_000);
    // A page joining now is told who is muted, and until when (a moderator's page offers Unmute by it).
    const { snapshot: seen } = await inRoom(await aMember(t), room);
    expect(seen.mutes).toEqual({ [talker.userid]: clock + 60 * 60_000 });
    expect(seen.muted_until).toBeNull();
    expect((await inRoom(talker, room)).snapshot.muted_until).toBe(clock + 60 * 60_000);
    clock += 1000;
    await watching.socket.ok('room.unmute_user', { roomid: room.roomid, target_userid: talker.userid });
    const lifted = await heard(talking.socket, room, 'muted_user');
    expect([lifted.userid, lifted.until, lifted.modid]).toEqual([talker.userid, null, owner.userid]);
    await talking.socket.ok('room.speak', { roomid: room.roomid, text: 'free again' });
    // Lifting a mute that is not there is refused: the room is told of no unmute that never was.
    expect(
      await watching.socket.call('room.unmute_user', { roomid: room.roomid, target_userid: talker.userid }),
    ).toEqual([false, { err: moderationMessages.notMuted, errcode: 'conflict' }]);
    expect((await inRoom(await aMember(t), room)).snapshot.mutes).toEqual({});

    // Only the owner (or staff) removes a moderator; a moderator may not, nor anyone twice.
    expect(await t.call('room.rem_moderator', { roomid: room.roomid, target_userid: mod.userid }, other)).toEqual([
      false,
      { err: moderationMessages.notOwner, errcode: 'forbidden' },
    ]);
    clock += 1000;
    await watching.socket.ok('room.rem_moderator', { roomid: room.roomid, target_userid: mod.userid });
    const removed = await heard(talking.socket, room, 'rem_moderator');
    expect([removed.userid, removed.name]).toEqual([mod.userid, mod.name]);
    expect(
      await watching.socket.call('room.rem_moderator', { roomid: room.roomid, target_userid: mod.userid }),
    ).toEqual([false, { err: moderationMessages.targetNotModerator, errcode: 'conflict' }]);
    expect((await t.ok('room.info', { roomid: room.roomid })).room.metadata.moderator_id).not.toContain(mod.userid);
    expect(
      await modPage.socket.call('room.mute_user', { roomid: room.roomid, target_userid: talker.userid, minutes: 5 }),
    ).toEqual([false, { err: moderationMessages.notModerator, errcode: 'forbidden' }]);

    const log = await t.ok('room.moderation_log', { roomid: room.roomid }, owner);
    expect(log.entries.slice(0, 3).map((entry) => [entry.action, entry.mod_name, entry.target_name])).toEqual([
      ['remove_moderator', owner.name, mod.name],
      ['unmute', owner.name, talker.name],
      ['mute', mod.name, talker.name],
    ]);
  });

  test('room.modify edits the description and the points to DJ; out-of-range values are refused in the contract’s words', async () => {
    const owner = await aMember(t);
    const room = await aRoom(t, owner);
    const watching = await inRoom(owner, room);
    await t.ok('room.modify', { roomid: room.roomid, description: 'Slow jams only', djthreshold: 50 }, owner);
    const updated = await heard(watching.socket, room, 'update_room');
    expect([updated.room.description, updated.room.metadata.djthreshold]).toEqual(['Slow jams only', 50]);
    for (const [change, err] of [
      [{ djthreshold: -1 }, roomMessages.thresholdInvalid],
      [{ max_djs: 6 }, roomMessages.maxDjsRange],
      [{ slow_mode: -5 }, moderationMessages.slowMode],
      [{ description: 'x'.repeat(ROOM_DESCRIPTION_MAX + 1) }, moderationMessages.descriptionTooLong],
      [{ name: '  ' }, roomMessages.nameRequired],
      [{ name: 'a\u2066b' }, roomMessages.nameInvisible],
    ] as const) {
      expect(await t.call('room.modify', { roomid: room.roomid, ...change }, owner), JSON.stringify(change)).toEqual([
        false,
        { err, errcode: 'invalid' },
      ]);
    }
  });

  test('room.modify edits the room, fewer spots take the latest DJs down, and slow mode paces chat', async () => {
    const owner = await aMember(t);
    const room = await aRoom(t, owner, { max_djs: 3 });
    const [a, b] = [await aMember(t), await aMember(t)];
    const watching = await inRoom(owner, room);
    const aPage = await inRoom(a, room);
    const bPage = await inRoom(b, room);
    await aPage.socket.ok('room.add_dj', { roomid: room.roomid });
    clock += 1000;
    await bPage.socket.ok('room.add_dj', { roomid: room.roomid });
    expect(await aPage.socket.call('room.modify', { roomid: room.roomid, name: 'Mine now' })).toEqual([
      false,
      { err: moderationMessages.notModerator, errcode: 'forbidden' },
    ]);
    expect(await t.call('room.modify', { roomid: room.roomid }, owner)).toEqual([
      false,
      { err: moderationMessages.nothingToChange, errcode: 'invalid' },
    ]);
    await t.ok('room.modify', { roomid: room.roomid, name: 'Quiet Room', max_djs: 1, slow_mode: 30 }, owner);
    expect((await heard(watching.socket, room, 'rem_dj')).user[0]?.userid).toBe(b.userid);
    const updated = await heard(watching.socket, room, 'update_room');
    expect([updated.room.name, updated.room.metadata.max_djs, updated.room.metadata.slow_mode]).toEqual([
      'Quiet Room',
      1,
      30,
    ]);
    await aPage.socket.ok('room.speak', { roomid: room.roomid, text: 'one' });
    expect(await aPage.socket.call('room.speak', { roomid: room.roomid, text: 'two' })).toEqual([
      false,
      { err: chatMessages.slowMode(30), errcode: 'rate_limited' },
    ]);
    // Moderators are not slowed.
    await watching.socket.ok('room.speak', { roomid: room.roomid, text: 'one' });
    await watching.socket.ok('room.speak', { roomid: room.roomid, text: 'two' });
    clock += 30_001;
    await aPage.socket.ok('room.speak', { roomid: room.roomid, text: 'two' });
  });
});

describe('pages', () => {
  test('a second page counts once, closing one keeps the member in, and the last keeps their place a while', async () => {
    const { sweepRoomPages } = await import('../src/features/room/pages');
    const owner = await aMember(t);
    const room = await aRoom(t, owner);
    const dj = await aMember(t);
    const watching = await inRoom(owner, room);
    const first = await inRoom(dj, room);
    const second = await inRoom(dj, room);
    expect((await t.ok('room.info', { roomid: room.roomid })).room.metadata.listeners).toBe(2);
    await first.socket.ok('room.add_dj', { roomid: room.roomid });
    await heard(watching.socket, room, 'add_dj');
    // Their song plays (docs/room.md, "Music in the room"), through the grace period too.
    await heard(watching.socket, room, 'newsong');
    first.socket.close();
    second.socket.close();
    expect(await watching.socket.quietFor(300)).toEqual([]);
    // Away, within the grace period: still on the stage.
    clock += 60_000;
    await sweepRoomPages(t.app.services);
    expect((await t.ok('room.info', { roomid: room.roomid })).room.metadata.djcount).toBe(1);
    // Back in time: the place is kept.
    const back = await inRoom(dj, room);
    expect(back.snapshot.djids).toEqual([dj.userid]);
    back.socket.close();
    await watching.socket.quietFor(200);
    clock += 5 * 60_000 + 1;
    expect(await sweepRoomPages(t.app.services)).toBe(1);
    expect((await heard(watching.socket, room, 'rem_dj')).user[0]?.userid).toBe(dj.userid);
    // Gone for good: their song ends, and with nobody else on the stage nothing plays.
    expect((await heard(watching.socket, room, 'song_ended')).reason).toBe('left');
    await heard(watching.socket, room, 'nosong');
    expect((await heard(watching.socket, room, 'deregistered')).user[0]?.userid).toBe(dj.userid);
  });

  test("a page of another session replaces the first session's pages", async () => {
    const owner = await aMember(t);
    const room = await aRoom(t, owner);
    const member = await aMember(t);
    const laptop = await inRoom(member, room);
    const phoneLogin = await t.ok('user.email_login', { email: member.email, password: member.password });
    await inRoom(phoneLogin, room);
    const exit = await laptop.socket.nextEvent(`room:${room.roomid}`);
    expect(exit.event).toEqual({ command: 'killdashnine', roomid: room.roomid, err: roomExitMessages.replaced });
    // The member is in the room once, by their new page.
    expect((await t.ok('room.info', { roomid: room.roomid })).room.metadata.listeners).toBe(1);
  });
});

describe('people change', () => {
  test('a member who changes their laptop, avatar or stickers in a room is redrawn there (update_user)', async () => {
    const owner = await aMember(t);
    const room = await aRoom(t, owner);
    const dj = await aMember(t);
    const watching = await inRoom(owner, room);
    const djPage = await inRoom(dj, room);
    await djPage.socket.ok('user.modify', { laptop: 'linux' });
    const updated = await heard(watching.socket, room, 'update_user');
    expect([updated.userid, updated.user.laptop]).toEqual([dj.userid, 'linux']);
    await t.ok('user.set_avatar', { avatarid: 4 }, dj);
    expect((await heard(watching.socket, room, 'update_user')).user.avatarid).toBe(4);
    await t.ok('sticker.place', { placements: [] }, dj);
    expect((await heard(watching.socket, room, 'update_user')).userid).toBe(dj.userid);
    // Someone in no room changes nothing anywhere.
    await t.ok('user.modify', { laptop: 'pc' }, await aMember(t));
    expect(await watching.socket.quietFor(200)).toEqual([]);
  });
});

describe('the lobby follows', () => {
  test("a lobby page following the counts hears a room's listeners and DJs change", async () => {
    const owner = await aMember(t);
    const room = await aRoom(t, owner, { max_djs: 3 });
    const lobby = await TestSocket.welcomed(t, await aMember(t));
    sockets.push(lobby);
    await lobby.ok('room.follow_counts', {});
    // The lobby hears every room: an earlier test's room may move meanwhile (its song ends).
    const countsOfThisRoom = async () => {
      for (;;) {
        const { event } = await lobby.nextEvent('room_counts');
        if ((event as { roomid?: string }).roomid === room.roomid) return event;
      }
    };
    const { socket } = await inRoom(owner, room);
    expect(await countsOfThisRoom()).toEqual({
      command: 'room_counts',
      roomid: room.roomid,
      listeners: 1,
      djcount: 0,
      max_djs: 3,
    });
    await socket.ok('room.add_dj', { roomid: room.roomid });
    expect(await countsOfThisRoom()).toMatchObject({ listeners: 1, djcount: 1 });
  });
});

describe('a restart', () => {
  test('brings every page back to the same room: its stage, moderators and chat are in the database', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-restart-'));
    const database = { kind: 'sqlite' as const, file: path.join(dir, 'platter.sqlite') };
    const first = await startTestApp({ database }, now);
    const owner = await aMember(first);
    const [dj, mod] = [await aMember(first), await aMember(first)];
    const room = await aRoom(first, owner);
    const register = async (app: TestApp, who: Credentials) => {
      await aSong(app, who);
      const socket = await TestSocket.welcomed(app, who);
      sockets.push(socket);
      return { socket, snapshot: await socket.ok('room.register', { roomid: room.roomid }) };
    };
    const ownerPage = await register(first, owner);
    const djPage = await register(first, dj);
    await register(first, mod);
    await djPage.socket.ok('room.add_dj', { roomid: room.roomid });
    await ownerPage.socket.ok('room.add_moderator', { roomid: room.roomid, target_userid: mod.userid });
    await ownerPage.socket.ok('room.speak', { roomid: room.roomid, text: 'before the restart' });
    const before = (await register(first, owner)).snapshot;
    await first.close();

    // The server comes back on the same database; each page reconnects and joins again by itself.
    const second = await startTestApp({ database }, now);
    try {
      const after = (await register(second, dj)).snapshot;
      expect(after.djids).toEqual([dj.userid]);
      expect(after.room.metadata.moderator_id).toEqual([mod.userid]);
      expect(after.chat.map((line) => line.text)).toEqual(['before the restart']);
      expect(after.users.map((user) => user.userid).sort()).toEqual(before.users.map((user) => user.userid).sort());
      expect(after.seq).toBeGreaterThanOrEqual(before.seq);
    } finally {
      await second.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
