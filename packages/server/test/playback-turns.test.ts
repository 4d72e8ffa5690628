/**
 * DJ turns over real sockets (docs/room.md, "Music in the room"): stepping up needs a song; the
 * first DJ's song starts; DJs play one song each, left to right; the played song goes to the end
 * of its owner's queue; a DJ with an empty queue steps down when their turn comes; the DJ playing
 * leaving ends their song; an empty stage plays nothing. Songs end by the timeline's sweep, at a
 * clock the test moves.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { SONG_LEAD_MS, playbackMessages, stageMessages } from '@platter/contract';
import type { TestApp } from './support/test-app';
import { musicRoomApp } from './support/music-room-app';
import { aGuest, aMember, aRoom, withPoints } from './support/factories';
import { aSong, emptyQueue, queueOf } from './support/music';
import { commandsUntil, eventsUntil } from './support/room-pages';

const music = musicRoomApp();
const { inRoom, playOut } = music;
let t: TestApp;
beforeAll(() => {
  t = music.t;
});

describe('stepping up', () => {
  test('a member needs a song in their queue, and the room points to DJ', async () => {
    const owner = await aMember(t);
    const room = await aRoom(t, owner, { djthreshold: 5 });
    const dj = await aMember(t);
    const { socket } = await inRoom(dj, room.roomid);
    expect(await socket.call('room.add_dj', { roomid: room.roomid })).toEqual([
      false,
      { err: stageMessages.points(5), errcode: 'forbidden' },
    ]);
    await withPoints(t, dj, 5);
    expect(await socket.call('room.add_dj', { roomid: room.roomid })).toEqual([
      false,
      { err: playbackMessages.emptyQueue, errcode: 'conflict' },
    ]);
    await aSong(t, dj);
    await socket.ok('room.add_dj', { roomid: room.roomid });
    const guest = await aGuest(t);
    const guestPage = await inRoom(guest, room.roomid);
    expect(await guestPage.socket.call('room.add_dj', { roomid: room.roomid })).toEqual([
      false,
      { err: 'Please sign up or log in to do that.', errcode: 'members_only' },
    ]);
  });
});

describe('turns', () => {
  test('the first DJ starts at once; three DJs play in turn, left to right; played songs go to the back', async () => {
    const owner = await aMember(t);
    const room = await aRoom(t, owner);
    const [a, b, c] = [await aMember(t), await aMember(t), await aMember(t)];
    const a1 = await aSong(t, a, { title: 'A one', artist: 'Ayes', lengthMs: 60_000, loudness: -12, peaks: [0.5, 1] });
    const a2 = await aSong(t, a, { title: 'A two' });
    const b1 = await aSong(t, b, { title: 'B one', cover: 'b-one.svg' });
    const c1 = await aSong(t, c, { title: 'C one' });
    const watching = await inRoom(owner, room.roomid);
    const pages = [await inRoom(a, room.roomid), await inRoom(b, room.roomid), await inRoom(c, room.roomid)];

    await pages[0]!.socket.ok('room.add_dj', { roomid: room.roomid });
    const started = await eventsUntil(watching.socket, room.roomid, 'newsong');
    expect(started.events.slice(-2).map((event) => event.command)).toEqual(['add_dj', 'newsong']);
    const song = started.last.current_song;
    expect(song).toMatchObject({
      _id: a1,
      djid: a.userid,
      djname: a.name,
      starttime: music.now() + SONG_LEAD_MS,
      metadata: { song: 'A one', artist: 'Ayes', album: 'Album', coverart: null, length: 60 },
      gain: -6,
      peaks: [0.5, 1],
    });
    // Its song went to the back of the DJ's queue; the lobby tile shows it.
    expect(await queueOf(t, a)).toEqual([a2, a1]);
    const info = await t.ok('room.info', { roomid: room.roomid });
    expect(info.current_dj).toBe(a.userid);
    expect(info.room.metadata.current_song).toEqual({
      artist: 'Ayes',
      song: 'A one',
      coverart: null,
      played: music.now() + SONG_LEAD_MS,
    });

    await pages[1]!.socket.ok('room.add_dj', { roomid: room.roomid });
    await pages[2]!.socket.ok('room.add_dj', { roomid: room.roomid });
    const played: string[] = [];
    for (let turn = 0; turn < 4; turn++) {
      await playOut(room.roomid);
      const { events, last } = await eventsUntil(watching.socket, room.roomid, 'newsong');
      const ended = events.find((event) => event.command === 'song_ended');
      expect(ended).toMatchObject({ reason: 'played', modid: null });
      played.push(last.current_song._id);
    }
    expect(played).toEqual([b1, c1, a2, b1]);
    expect((await t.ok('room.info', { roomid: room.roomid })).room.metadata.current_song?.coverart).toBe(
      '/media/covers/b-one.svg',
    );

    // The history, newest first, paged back by start time.
    const { songs } = await t.ok('room.history', { roomid: room.roomid });
    expect(songs.map((entry) => [entry._id, entry.ended])).toEqual([
      [b1, null],
      [a2, 'played'],
      [c1, 'played'],
      [b1, 'played'],
      [a1, 'played'],
    ]);
    expect(songs[4]).toMatchObject({ djid: a.userid, djname: a.name, upvotes: 0, downvotes: 0, snags: 0 });
    const older = await t.ok('room.history', { roomid: room.roomid, before: songs[2]!.starttime });
    expect(older.songs.map((entry) => entry._id)).toEqual([b1, a1]);
  });

  test('a DJ whose queue is empty when their turn comes steps down, and the turn passes', async () => {
    const owner = await aMember(t);
    const room = await aRoom(t, owner);
    const [a, b] = [await aMember(t), await aMember(t)];
    const a1 = await aSong(t, a);
    await aSong(t, b);
    const watching = await inRoom(owner, room.roomid);
    await (await inRoom(a, room.roomid)).socket.ok('room.add_dj', { roomid: room.roomid });
    await (await inRoom(b, room.roomid)).socket.ok('room.add_dj', { roomid: room.roomid });
    await emptyQueue(t, b);
    await eventsUntil(watching.socket, room.roomid, 'newsong');
    await eventsUntil(watching.socket, room.roomid, 'add_dj');
    await playOut(room.roomid);
    const { events, last } = await eventsUntil(watching.socket, room.roomid, 'newsong');
    expect(events.map((event) => event.command)).toEqual(['song_ended', 'rem_dj', 'newsong']);
    expect(events[1]).toMatchObject({ user: [{ userid: b.userid }], djs: [a.userid], modid: null });
    expect(last.current_song._id).toBe(a1);
  });

  test('the DJ playing leaves the stage or the room: their song ends and the next plays; an empty stage plays nothing', async () => {
    const owner = await aMember(t);
    const room = await aRoom(t, owner);
    const [a, b, c] = [await aMember(t), await aMember(t), await aMember(t)];
    for (const dj of [a, b, c]) await aSong(t, dj);
    const watching = await inRoom(owner, room.roomid);
    const pages = [await inRoom(a, room.roomid), await inRoom(b, room.roomid), await inRoom(c, room.roomid)];
    for (const page of pages) await page.socket.ok('room.add_dj', { roomid: room.roomid });
    const first = (await eventsUntil(watching.socket, room.roomid, 'newsong')).last.current_song;
    expect(first.djid).toBe(a.userid);

    // The first DJ steps down: the one to their right (b) plays.
    await pages[0]!.socket.ok('room.rem_dj', { roomid: room.roomid });
    const { events, last } = await eventsUntil(watching.socket, room.roomid, 'newsong');
    expect(events.slice(-3).map((event) => event.command)).toEqual(['rem_dj', 'song_ended', 'newsong']);
    expect(events.at(-2)).toMatchObject({ playid: first.playid, reason: 'left', modid: null });
    expect(last.current_song.djid).toBe(b.userid);

    // A moderator (the owner) takes b off: c plays, and the ending names the moderator.
    await watching.socket.ok('room.rem_dj', { roomid: room.roomid, djid: b.userid });
    const taken = await eventsUntil(watching.socket, room.roomid, 'newsong');
    expect(taken.events.find((event) => event.command === 'song_ended')).toMatchObject({
      reason: 'left',
      modid: owner.userid,
    });
    expect(taken.last.current_song.djid).toBe(c.userid);

    // c leaves the room: nobody is left on the stage.
    await pages[2]!.socket.ok('room.deregister', { roomid: room.roomid });
    expect(await commandsUntil(watching.socket, room.roomid, 'nosong')).toEqual(['rem_dj', 'song_ended', 'nosong']);
    const info = await t.ok('room.info', { roomid: room.roomid, extended: true });
    expect([info.current_song, info.current_dj, info.room.metadata.current_song, info.djids]).toEqual([
      null,
      null,
      null,
      [],
    ]);
    const { songs } = await t.ok('room.history', { roomid: room.roomid });
    expect(songs.map((entry) => entry.ended)).toEqual(['left', 'left', 'left']);
  });

  test('a page joining mid-song is given the song, its votes and snaggers', async () => {
    const owner = await aMember(t);
    const room = await aRoom(t, owner);
    const dj = await aMember(t);
    const songId = await aSong(t, dj, { lengthMs: 120_000 });
    await (await inRoom(dj, room.roomid)).socket.ok('room.add_dj', { roomid: room.roomid });
    const quiet = await inRoom(owner, room.roomid);
    expect(quiet.snapshot.current_song).toMatchObject({ _id: songId, djid: dj.userid, gain: 0, peaks: [] });
    music.advance(30_000);
    const late = await inRoom(await aMember(t), room.roomid);
    expect(late.snapshot.current_song?.starttime).toBe(quiet.snapshot.current_song?.starttime);
    expect(late.snapshot.votes).toEqual({ upvotes: 0, downvotes: 0, votelog: [] });
    expect(late.snapshot.snaggers).toEqual([]);
  });
});

describe('room.stop_song', () => {
  test('the DJ skips their own song, a moderator anyone’s (logged), a listener nobody’s', async () => {
    const owner = await aMember(t);
    const room = await aRoom(t, owner);
    const [dj, listener] = [await aMember(t), await aMember(t)];
    await aSong(t, dj, { title: 'Skippable', artist: 'The Skips' });
    await aSong(t, dj);
    const watching = await inRoom(owner, room.roomid);
    const djPage = await inRoom(dj, room.roomid);
    const listenerPage = await inRoom(listener, room.roomid);
    expect(await listenerPage.socket.call('room.stop_song', { roomid: room.roomid })).toEqual([
      false,
      { err: playbackMessages.nothingPlaying, errcode: 'conflict' },
    ]);
    await djPage.socket.ok('room.add_dj', { roomid: room.roomid });
    const first = (await eventsUntil(watching.socket, room.roomid, 'newsong')).last.current_song;

    expect(await listenerPage.socket.call('room.stop_song', { roomid: room.roomid })).toEqual([
      false,
      { err: playbackMessages.notYourSong, errcode: 'forbidden' },
    ]);
    await watching.socket.ok('room.stop_song', { roomid: room.roomid, current_song: first._id });
    const skipped = await eventsUntil(watching.socket, room.roomid, 'newsong');
    expect(skipped.events.map((event) => event.command)).toEqual(['song_ended', 'newsong']);
    expect(skipped.events[0]).toMatchObject({ playid: first.playid, reason: 'skipped', modid: owner.userid });
    // A second click meant for the song that ended leaves the next one playing.
    await watching.socket.ok('room.stop_song', { roomid: room.roomid, current_song: first._id });
    expect((await t.ok('room.info', { roomid: room.roomid })).current_song?.playid).toBe(
      skipped.last.current_song.playid,
    );

    await djPage.socket.ok('room.stop_song', { roomid: room.roomid });
    const own = await eventsUntil(watching.socket, room.roomid, 'newsong');
    expect(own.events[0]).toMatchObject({ reason: 'skipped', modid: null });

    const log = await t.ok('room.moderation_log', { roomid: room.roomid }, owner);
    expect(log.entries.map((entry) => [entry.action, entry.target_userid, entry.detail])).toEqual([
      ['skip_song', dj.userid, 'Skippable — The Skips'],
    ]);
  });
});
