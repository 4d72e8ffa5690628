/**
 * A turntable bot's library calls through the ttapi gateway, with the real
 * `ttapi` package: playlist.all / add / remove / reorder with ttapi's defaults
 * (playlist_name 'default', playlistAdd's index 0), and snag.add as it sends it.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { libraryMessages } from '@platter/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { aBot, aMember, aRoom } from './support/factories';
import { nextFrom, stopBot, ttapiBot, viaBot, type TtapiBot } from './support/ttapi-bot';
import { aSong, playingNow } from './support/library';

let t: TestApp;
let bot: TtapiBot;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  stopBot(bot);
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
