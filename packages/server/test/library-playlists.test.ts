/**
 * Playlists with turntable's semantics (docs/music.md): `default` first and
 * active, named playlists, one active; 0-based indexes, out of range refused;
 * positions stay a dense order when calls race.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  PLAYLIST_NAME_MAX,
  PLAYLIST_SONGS_MAX,
  PLAYLISTS_MAX,
  libraryMessages,
  type Credentials,
} from '@platter/contract';
import { newId } from '../src/lib/ids';
import { startTestApp, type TestApp } from './support/test-app';
import { aMember } from './support/factories';
import { failureOf } from './support/envelopes';
import { aSong, anMp3, upload, uploaded } from './support/library';
import { tinyPng } from './support/audio-files';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const ids = async (who: Credentials, playlist_name?: string) =>
  (await t.ok('playlist.all', playlist_name ? { playlist_name } : {}, who)).list.map((s) => s._id);
const refusal = async (promise: ReturnType<TestApp['call']>) => failureOf(await promise);

/** The positions stored for a member's playlists: each must be 0..n-1. */
async function positionsAreDense(who: Credentials) {
  const { db } = t.app.services;
  const rows = await db
    .selectFrom('playlistSongs')
    .innerJoin('playlists', 'playlists.id', 'playlistSongs.playlistId')
    .select(['playlistSongs.playlistId', 'playlistSongs.position'])
    .where('playlists.userId', '=', who.userid)
    .execute();
  const byList = new Map<string, number[]>();
  for (const row of rows) byList.set(row.playlistId, [...(byList.get(row.playlistId) ?? []), row.position]);
  for (const positions of byList.values())
    expect(positions.sort((a, b) => a - b)).toEqual(positions.map((_, index) => index));
}

describe('playlists', () => {
  test('a new member has `default`, active and empty', async () => {
    const member = await aMember(t);
    expect((await t.ok('playlist.list_all', {}, member)).list).toEqual([{ name: 'default', active: true, count: 0 }]);
    expect(await ids(member)).toEqual([]);
  });

  test('create, rename, switch and delete, with their refusals', async () => {
    const member = await aMember(t);
    await t.ok('playlist.create', { playlist_name: 'Road trip' }, member);
    expect((await refusal(t.call('playlist.create', { playlist_name: 'Road trip' }, member))).err).toBe(
      libraryMessages.playlistExists,
    );
    expect((await refusal(t.call('playlist.create', { playlist_name: '   ' }, member))).err).toBe(
      libraryMessages.playlistNameEmpty,
    );
    expect(
      (await refusal(t.call('playlist.create', { playlist_name: 'x'.repeat(PLAYLIST_NAME_MAX + 1) }, member))).err,
    ).toBe(libraryMessages.playlistNameTooLong);

    expect(
      (await refusal(t.call('playlist.rename', { old_playlist_name: 'Nope', new_playlist_name: 'A' }, member))).err,
    ).toBe(libraryMessages.playlistUnknown);
    expect(
      (
        await refusal(
          t.call('playlist.rename', { old_playlist_name: 'Road trip', new_playlist_name: 'default' }, member),
        )
      ).err,
    ).toBe(libraryMessages.playlistExists);
    await t.ok('playlist.rename', { old_playlist_name: 'Road trip', new_playlist_name: 'Drive' }, member);

    expect((await refusal(t.call('playlist.switch', { playlist_name: 'Nope' }, member))).err).toBe(
      libraryMessages.playlistUnknown,
    );
    await t.ok('playlist.switch', { playlist_name: 'Drive' }, member);
    expect((await t.ok('playlist.list_all', {}, member)).list).toEqual([
      { name: 'default', active: false, count: 0 },
      { name: 'Drive', active: true, count: 0 },
    ]);
    // An upload lands in the active playlist.
    const song = await aSong(t, member);
    expect(await ids(member, 'Drive')).toEqual([song._id]);
    expect(await ids(member, 'default')).toEqual([]);

    expect((await refusal(t.call('playlist.delete', { playlist_name: 'Nope' }, member))).err).toBe(
      libraryMessages.playlistUnknown,
    );
    // Deleting the active playlist makes the oldest other one active; the song stays in the library.
    await t.ok('playlist.delete', { playlist_name: 'Drive' }, member);
    expect((await t.ok('playlist.list_all', {}, member)).list).toEqual([{ name: 'default', active: true, count: 0 }]);
    expect((await t.ok('library.list', {}, member)).total).toBe(1);
    expect((await refusal(t.call('playlist.delete', { playlist_name: 'default' }, member))).err).toBe(
      libraryMessages.lastPlaylist,
    );
  });

  test('at most PLAYLISTS_MAX playlists', async () => {
    const member = await aMember(t);
    for (let i = 1; i < PLAYLISTS_MAX; i++) await t.ok('playlist.create', { playlist_name: `List ${i}` }, member);
    expect((await refusal(t.call('playlist.create', { playlist_name: 'One more' }, member))).err).toBe(
      libraryMessages.playlistsFull,
    );
  });

  test("ttapi's playlist_name 'default' means the active playlist once `default` is renamed", async () => {
    const member = await aMember(t);
    const song = await aSong(t, member);
    await t.ok('playlist.rename', { old_playlist_name: 'default', new_playlist_name: 'Mine' }, member);
    expect(await ids(member, 'default')).toEqual([song._id]);
    expect((await refusal(t.call('playlist.all', { playlist_name: 'Other' }, member))).err).toBe(
      libraryMessages.playlistUnknown,
    );
  });
});

describe('songs in a playlist', () => {
  test('add (at an index or the end), remove and reorder; every refusal', async () => {
    const member = await aMember(t);
    const [a, b, c] = [await aSong(t, member), await aSong(t, member), await aSong(t, member)];
    await t.ok('playlist.create', { playlist_name: 'Mix' }, member);
    const mix = { playlist_name: 'Mix' };
    await t.ok('playlist.add', { ...mix, song_dict: { fileid: a._id } }, member);
    await t.ok('playlist.add', { ...mix, song_dict: { fileid: b._id }, index: 0 }, member);
    await t.ok('playlist.add', { ...mix, song_dict: { fileid: c._id }, index: 1 }, member);
    expect(await ids(member, 'Mix')).toEqual([b._id, c._id, a._id]);

    expect((await refusal(t.call('playlist.add', { ...mix, song_dict: { fileid: a._id } }, member))).err).toBe(
      libraryMessages.alreadyInPlaylist,
    );
    const theirs = await aSong(t, await aMember(t));
    expect((await refusal(t.call('playlist.add', { ...mix, song_dict: { fileid: theirs._id } }, member))).err).toBe(
      libraryMessages.notPlayingHere,
    );
    await t.ok('playlist.remove', { ...mix, index: 2 }, member);
    expect(
      (await refusal(t.call('playlist.add', { ...mix, song_dict: { fileid: a._id }, index: 3 }, member))).err,
    ).toBe(libraryMessages.indexOutOfRange);
    expect(
      (await refusal(t.call('playlist.add', { ...mix, song_dict: { fileid: a._id }, index: -1 }, member))).err,
    ).toBe(libraryMessages.indexOutOfRange);
    await t.ok('playlist.add', { ...mix, song_dict: { fileid: a._id }, index: 2 }, member);

    await t.ok('playlist.reorder', { ...mix, index_from: 0, index_to: 2 }, member);
    expect(await ids(member, 'Mix')).toEqual([c._id, a._id, b._id]);
    await t.ok('playlist.reorder', { ...mix, index_from: 2, index_to: 0 }, member);
    expect(await ids(member, 'Mix')).toEqual([b._id, c._id, a._id]);
    for (const [from, to] of [
      [3, 0],
      [0, 3],
    ])
      expect((await refusal(t.call('playlist.reorder', { ...mix, index_from: from, index_to: to }, member))).err).toBe(
        libraryMessages.indexOutOfRange,
      );

    await t.ok('playlist.remove', { ...mix, index: 1 }, member);
    expect(await ids(member, 'Mix')).toEqual([b._id, a._id]);
    expect((await refusal(t.call('playlist.remove', { ...mix, index: 2 }, member))).err).toBe(
      libraryMessages.indexOutOfRange,
    );
    expect((await refusal(t.call('playlist.remove', { ...mix, index: 'first' }, member))).err).toBe(
      libraryMessages.indexOutOfRange,
    );
    // The default playlist still has all three (ttapi's default name, no name: the active one).
    expect(await ids(member, 'default')).toEqual([a._id, b._id, c._id]);
    await positionsAreDense(member);
  });

  test('a page names the song it means: a repeated press, or a queue changed meanwhile, acts on that song only', async () => {
    const member = await aMember(t);
    const [a, b, c, d] = [
      await aSong(t, member),
      await aSong(t, member),
      await aSong(t, member),
      await aSong(t, member),
    ];
    await t.ok('playlist.create', { playlist_name: 'Meant' }, member);
    const meant = { playlist_name: 'Meant' };
    for (const song of [a, b, c, d]) await t.ok('playlist.add', { ...meant, song_dict: { fileid: song._id } }, member);

    // × pressed twice on b (index 1): b goes, c (now at 1) stays.
    await t.ok('playlist.remove', { ...meant, index: 1, songid: b._id }, member);
    await t.ok('playlist.remove', { ...meant, index: 1, songid: b._id }, member);
    expect(await ids(member, 'Meant')).toEqual([a._id, c._id, d._id]);
    // An index gone stale (the page still shows d at 3): d is found where it is now.
    await t.ok('playlist.remove', { ...meant, index: 3, songid: d._id }, member);
    expect(await ids(member, 'Meant')).toEqual([a._id, c._id]);

    // ▼ pressed twice on a (0 → 1): a moves once; c, which took a's place, stays put.
    await t.ok('playlist.reorder', { ...meant, index_from: 0, index_to: 1, songid: a._id }, member);
    await t.ok('playlist.reorder', { ...meant, index_from: 0, index_to: 1, songid: a._id }, member);
    expect(await ids(member, 'Meant')).toEqual([c._id, a._id]);
    // A song no longer in the playlist cannot be moved; nothing else is.
    expect(
      (await refusal(t.call('playlist.reorder', { ...meant, index_from: 0, index_to: 1, songid: b._id }, member))).err,
    ).toBe(libraryMessages.notInPlaylist);
    expect(await ids(member, 'Meant')).toEqual([c._id, a._id]);
    await positionsAreDense(member);
  });

  test('a playlist holds at most PLAYLIST_SONGS_MAX songs', async () => {
    const member = await aMember(t);
    const song = await aSong(t, member);
    const { db, now } = t.app.services;
    const { fileHash } = await db
      .selectFrom('songs')
      .select('fileHash')
      .where('id', '=', song._id)
      .executeTakeFirstOrThrow();
    const playlist = await db
      .selectFrom('playlists')
      .select('id')
      .where('userId', '=', member.userid)
      .executeTakeFirstOrThrow();
    // Filled through the store: PLAYLIST_SONGS_MAX uploads would take a while.
    const filler = Array.from({ length: PLAYLIST_SONGS_MAX - 1 }, () => newId());
    for (let at = 0; at < filler.length; at += 400) {
      const chunk = filler.slice(at, at + 400);
      await db
        .insertInto('songs')
        .values(
          chunk.map((id) => ({
            id,
            userId: member.userid,
            fileHash,
            title: 'Filler',
            artist: '',
            album: '',
            cover: null,
            createdAt: now(),
          })),
        )
        .execute();
      await db
        .insertInto('playlistSongs')
        .values(chunk.map((id, index) => ({ playlistId: playlist.id, songId: id, position: 1 + at + index })))
        .execute();
    }
    expect((await t.ok('playlist.list_all', {}, member)).list[0]!.count).toBe(PLAYLIST_SONGS_MAX);
    await t.ok('playlist.create', { playlist_name: 'Other' }, member);
    await t.ok('playlist.switch', { playlist_name: 'Other' }, member);
    const other = await aSong(t, member);
    expect(
      (await refusal(t.call('playlist.add', { playlist_name: 'default', song_dict: { fileid: other._id } }, member)))
        .err,
    ).toBe(libraryMessages.playlistFull);
    // An upload into a full active playlist is refused, and nothing of it is kept.
    await t.ok('playlist.switch', { playlist_name: 'default' }, member);
    const before = (await t.ok('library.list', {}, member)).total;
    const pictured = anMp3({ picture: { mime: 'image/png', data: tinyPng } });
    expect(failureOf((await upload(t, member, pictured)).envelope).err).toBe(libraryMessages.playlistFull);
    expect(fs.existsSync(path.join(t.app.services.config.dataDir, 'media', 'covers'))).toBe(false);
    expect((await t.ok('library.list', {}, member)).total).toBe(before);
  });

  test('uploads, adds, removes and moves racing each other leave a dense order', async () => {
    const member = await aMember(t);
    const songs = await Promise.all(Array.from({ length: 6 }, () => uploaded(t, member, anMp3())));
    expect(new Set(await ids(member)).size).toBe(6);
    await positionsAreDense(member);
    await t.ok('playlist.create', { playlist_name: 'Race' }, member);
    await Promise.all(
      songs.map((s) =>
        t.call('playlist.add', { playlist_name: 'Race', song_dict: { fileid: s._id }, index: 0 }, member),
      ),
    );
    await Promise.all([
      t.call('playlist.reorder', { playlist_name: 'Race', index_from: 0, index_to: 5 }, member),
      t.call('playlist.remove', { playlist_name: 'Race', index: 1 }, member),
      t.call('playlist.reorder', { playlist_name: 'Race', index_from: 3, index_to: 1 }, member),
      t.call('playlist.remove', { index: 0 }, member),
    ]);
    expect(await ids(member, 'Race')).toHaveLength(5);
    expect(await ids(member)).toHaveLength(5);
    await positionsAreDense(member);
  });
});
