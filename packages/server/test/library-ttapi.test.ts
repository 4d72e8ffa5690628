/**
 * A turntable bot's library calls through the ttapi gateway, with the real
 * `ttapi` package: playlist.all / add / remove / reorder with ttapi's defaults
 * (playlist_name 'default', playlistAdd's index 0), and snag.add as it sends it; turntable's
 * snag as ttapi's README has it (playlistAdd of the playing song, then snag), and the other way round.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { libraryMessages } from '@platter/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { aBot, aMember, aRoom } from './support/factories';
import { nextFrom, stopBot, ttapiBot, viaBot, type TtapiBot } from './support/ttapi-bot';
import { aSong, playingNow } from './support/library';

let t: TestApp;
let bot: TtapiBot;
let snagger: TtapiBot | undefined;
beforeAll(async () => {
  // Plays are made by hand (playingNow) with 1 s songs: no sweep ends them while a busy machine runs the test.
  t = await startTestApp({}, undefined, { timeline: false });
});
afterAll(async () => {
  stopBot(bot);
  if (snagger) stopBot(snagger);
  await t.close();
});

test('a bot reads and arranges its playlist, and snags the playing song', async () => {
  const owner = await aMember(t);
  const room = await aRoom(t, owner);
  const member = await aBot(t);
  const [a, b, c] = [await aSong(t, member), await aSong(t, member), await aSong(t, member)];
  bot = ttapiBot(t, member.userid, member.userauth, room.roomid);
  await nextFrom(bot, 'roomChanged');
  const ids = async () => ((await viaBot(bot, 'playlistAll')).list as { _id: string }[]).map((s) => s._id);

  expect(await ids()).toEqual([a._id, b._id, c._id]);
  expect(await viaBot(bot, 'playlistReorder', 0, 2)).toMatchObject({ success: true });
  expect(await ids()).toEqual([b._id, c._id, a._id]);
  expect(await viaBot(bot, 'playlistRemove', 1)).toMatchObject({ success: true });
  expect(await ids()).toEqual([b._id, a._id]);
  // ttapi adds at the top unless told an index.
  expect(await viaBot(bot, 'playlistAdd', c._id)).toMatchObject({ success: true });
  expect(await ids()).toEqual([c._id, b._id, a._id]);
  expect(await viaBot(bot, 'playlistRemove', 7)).toMatchObject({
    success: false,
    err: libraryMessages.indexOutOfRange,
  });

  const song = await aSong(t, owner, { title: 'For the bot' });
  await playingNow(t, room.roomid, owner, song);
  const snagged = await viaBot(bot, 'snag');
  expect(snagged).toMatchObject({ success: true, song: { metadata: { song: 'For the bot' } } });
  expect((await ids()).at(-1)).toBe((snagged.song as { _id: string })._id);
});

test("turntable's snag, playlistAdd(currentSongId) then snag(), and the other way round: one copy, one snag each", async () => {
  const owner = await aMember(t);
  const room = await aRoom(t, owner);
  const member = await aBot(t);
  const mine = await aSong(t, member);
  snagger = ttapiBot(t, member.userid, member.userauth, room.roomid);
  await nextFrom(snagger, 'roomChanged');
  const queue = async () => ((await viaBot(snagger!, 'playlistAll')).list as { _id: string }[]).map((s) => s._id);
  const snagsOf = async (playId: string) =>
    (await t.app.services.db.selectFrom('roomPlays').select('snags').where('id', '=', playId).executeTakeFirstOrThrow())
      .snags;

  // As ttapi's README has it: the song into the queue (at the top, ttapi's default), then the heart.
  const first = await aSong(t, owner, { title: 'Add, then snag' });
  const firstPlay = await playingNow(t, room.roomid, owner, first);
  await viaBot(snagger, 'roomInfo'); // ttapi learns currentSongId from room.info (or newsong)
  expect(snagger.currentSongId).toBe(first._id);
  expect(await viaBot(snagger, 'playlistAdd', snagger.currentSongId)).toMatchObject({ success: true });
  const [copy] = await queue();
  expect(copy).not.toBe(first._id);
  expect(await snagsOf(firstPlay)).toBe(0);
  expect(await viaBot(snagger, 'snag')).toMatchObject({ success: true, song: { _id: copy } });
  expect(await snagsOf(firstPlay)).toBe(1);
  expect(await queue()).toEqual([copy, mine._id]);

  // The other way round: the snag's copy goes to the end, playlistAdd then puts that one on top.
  const second = await aSong(t, owner, { title: 'Snag, then add' });
  const secondPlay = await playingNow(t, room.roomid, owner, second);
  await viaBot(snagger, 'roomInfo');
  const snagged = await viaBot(snagger, 'snag');
  expect(snagged).toMatchObject({ success: true, song: { metadata: { song: 'Snag, then add' } } });
  const secondCopy = (snagged.song as { _id: string })._id;
  expect(await queue()).toEqual([copy, mine._id, secondCopy]);
  expect(await viaBot(snagger, 'playlistAdd', snagger.currentSongId)).toMatchObject({ success: true });
  expect(await queue()).toEqual([secondCopy, copy, mine._id]);
  expect(await snagsOf(secondPlay)).toBe(1);
  expect((await t.ok('library.list', {}, member)).total).toBe(3);

  // A song of the owner's that is not playing: refused, with the reason.
  const other = await aSong(t, owner);
  expect(await viaBot(snagger, 'playlistAdd', other._id)).toMatchObject({
    success: false,
    err: libraryMessages.notPlayingHere,
  });
});
