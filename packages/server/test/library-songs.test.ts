/**
 * library.list, library.edit and library.remove (docs/music.md): search on
 * title, artist and album alike on both databases, paging, own songs only,
 * and a removed song's file kept while a room still plays it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_GAIN_DB, SONG_TITLE_MAX, WAVEFORM_PEAKS, libraryMessages } from '@platter/contract';
import {
  nextSongOf,
  openAudioFile,
  pendingAudioFiles,
  recordAnalysis,
  sendToBack,
  sweepOrphanFiles,
} from '../src/features/library';
import { startTestApp, type TestApp } from './support/test-app';
import { aMember, aRoom } from './support/factories';
import { failureOf } from './support/envelopes';
import { aSong, anMp3, playingNow, uploaded } from './support/library';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('library.list', () => {
  test('newest first, paged; search matches title, artist or album, case-insensitively', async () => {
    const member = await aMember(t);
    const a = await aSong(t, member, { title: 'Über Blues', artist: 'Zed', album: 'Nights' });
    const b = await aSong(t, member, { title: 'Dawn', artist: 'ÜBERGROUP', album: 'Days' });
    const c = await aSong(t, member, { title: '100% Pure', artist: 'Ann', album: 'über alles' });
    await aSong(t, await aMember(t), { title: 'Über someone else' });

    const all = await t.ok('library.list', {}, member);
    expect(all.songs.map((s) => s._id)).toEqual([c._id, b._id, a._id]);
    expect(all).toMatchObject({ total: 3, used: a.size + b.size + c.size });
    const page = await t.ok('library.list', { skip: 1, limit: 1 }, member);
    expect(page.songs.map((s) => s._id)).toEqual([b._id]);
    expect(page.total).toBe(3);

    const found = await t.ok('library.list', { query: 'über' }, member);
    expect(found.songs.map((s) => s._id)).toEqual([c._id, b._id, a._id]);
    expect((await t.ok('library.list', { query: 'NIGHT' }, member)).songs.map((s) => s._id)).toEqual([a._id]);
    // % and _ are letters to search for, not patterns.
    expect((await t.ok('library.list', { query: '0%' }, member)).songs.map((s) => s._id)).toEqual([c._id]);
    expect((await t.ok('library.list', { query: '_' }, member)).total).toBe(0);
  });
});

describe('library.edit', () => {
  test('renames the caller’s own song; others’ songs and bad names are refused', async () => {
    const member = await aMember(t);
    const song = await aSong(t, member, { title: 'Old', artist: 'Someone' });
    const { song: edited } = await t.ok('library.edit', { songid: song._id, song: ' New title ', artist: '' }, member);
    expect(edited.metadata).toMatchObject({ song: 'New title', artist: '' });
    expect((await t.ok('playlist.all', {}, member)).list[0]!.metadata.song).toBe('New title');
    const { song: only } = await t.ok('library.edit', { songid: song._id, artist: 'Ada' }, member);
    expect(only.metadata).toMatchObject({ song: 'New title', artist: 'Ada' });

    const stranger = await aMember(t);
    expect(failureOf(await t.call('library.edit', { songid: song._id, song: 'Mine' }, stranger))).toEqual({
      err: libraryMessages.songUnknown,
      errcode: 'not_found',
    });
    expect(failureOf(await t.call('library.edit', { songid: song._id, song: ' ' }, member)).err).toBe(
      libraryMessages.titleEmpty,
    );
    expect(
      failureOf(await t.call('library.edit', { songid: song._id, song: 'x'.repeat(SONG_TITLE_MAX + 1) }, member)).err,
    ).toBe(libraryMessages.titleTooLong);
    expect(
      failureOf(await t.call('library.edit', { songid: song._id, artist: 'x'.repeat(SONG_TITLE_MAX + 1) }, member)).err,
    ).toBe(libraryMessages.artistTooLong);
  });
});

describe('library.remove', () => {
  test('out of the library and every playlist, the gaps closed', async () => {
    const member = await aMember(t);
    const [a, b, c] = [await aSong(t, member), await aSong(t, member), await aSong(t, member)];
    await t.ok('playlist.create', { playlist_name: 'Two' }, member);
    await t.ok('playlist.add', { playlist_name: 'Two', song_dict: { fileid: b._id } }, member);
    await t.ok('playlist.add', { playlist_name: 'Two', song_dict: { fileid: c._id } }, member);
    expect(failureOf(await t.call('library.remove', { songid: b._id }, await aMember(t))).err).toBe(
      libraryMessages.songUnknown,
    );
    await t.ok('library.remove', { songid: b._id }, member);
    expect((await t.ok('playlist.all', {}, member)).list.map((s) => s._id)).toEqual([a._id, c._id]);
    expect((await t.ok('playlist.all', { playlist_name: 'Two' }, member)).list.map((s) => s._id)).toEqual([c._id]);
    expect((await t.ok('library.list', {}, member)).total).toBe(2);
    expect(failureOf(await t.call('library.remove', { songid: b._id }, member)).err).toBe(libraryMessages.songUnknown);
    await t.ok('playlist.reorder', { playlist_name: 'Two', index_from: 0, index_to: 0 }, member);
  });

  test('a song removed while a room plays it keeps its file until the play ends; history keeps its tags', async () => {
    const dj = await aMember(t);
    const room = await aRoom(t, dj);
    const song = await aSong(t, dj, { title: 'Last dance' });
    const playId = await playingNow(t, room.roomid, dj, song);
    const { db, config } = t.app.services;
    const { fileHash } = await db
      .selectFrom('songs')
      .select('fileHash')
      .where('id', '=', song._id)
      .executeTakeFirstOrThrow();
    const stored = path.join(config.dataDir, 'audio', fileHash.slice(0, 2), fileHash);
    await t.ok('library.remove', { songid: song._id }, dj);
    expect(fs.existsSync(stored)).toBe(true);
    // The play ends (what playback does), and the sweep it calls removes the file.
    await db.updateTable('roomPlays').set({ ended: 'played' }).where('id', '=', playId).execute();
    await db.updateTable('rooms').set({ currentPlayId: null }).where('id', '=', room.roomid).execute();
    expect(await sweepOrphanFiles(t.app.services)).toBe(1);
    expect(fs.existsSync(stored)).toBe(false);
    const play = await db.selectFrom('roomPlays').selectAll().where('id', '=', playId).executeTakeFirstOrThrow();
    expect(play.title).toBe('Last dance');
  });
});

describe('what other features use', () => {
  test('the queue: the next song of the active playlist, and a played one sent to the back', async () => {
    const dj = await aMember(t);
    expect(await nextSongOf(t.app.services.db, dj.userid)).toBeNull();
    const [a, b, c] = [await aSong(t, dj, { title: 'First' }), await aSong(t, dj), await aSong(t, dj)];
    await t.app.analysis.idle();
    const next = await nextSongOf(t.app.services.db, dj.userid);
    expect(next).toMatchObject({ songId: a._id, title: 'First', analysis: 'ready', position: 0 });
    expect(JSON.parse(next!.peaks!)).toHaveLength(WAVEFORM_PEAKS);
    expect(next!.durationMs).toBeGreaterThan(900);
    await t.app.services.db.transaction().execute((trx) => sendToBack(trx, next!));
    expect((await t.ok('playlist.all', {}, dj)).list.map((s) => s._id)).toEqual([b._id, c._id, a._id]);
    // From the middle: the songs after it move up one.
    await t.app.services.db
      .transaction()
      .execute((trx) => sendToBack(trx, { playlistId: next!.playlistId, position: 1, songId: c._id }));
    expect((await t.ok('playlist.all', {}, dj)).list.map((s) => s._id)).toEqual([b._id, a._id, c._id]);
    // Already last: it stays.
    await t.app.services.db
      .transaction()
      .execute((trx) => sendToBack(trx, { playlistId: next!.playlistId, position: 2, songId: c._id }));
    expect((await t.ok('playlist.all', {}, dj)).list.map((s) => s._id)).toEqual([b._id, a._id, c._id]);
  });

  test('the loudness worker: pending files, a local copy, and what it measured shown as a gain', async () => {
    const member = await aMember(t);
    const bytes = anMp3();
    const song = await uploaded(t, member, bytes);
    const { db } = t.app.services;
    const { fileHash } = await db
      .selectFrom('songs')
      .select('fileHash')
      .where('id', '=', song._id)
      .executeTakeFirstOrThrow();
    expect((await pendingAudioFiles(db, 1000)).map((f) => f.hash)).toContain(fileHash);
    const copy = await openAudioFile(t.app.services, fileHash);
    expect(fs.readFileSync(copy.path)).toEqual(bytes);
    await copy.release();

    // The app's own worker measures the upload meanwhile: once it is done, only this test writes.
    await t.app.analysis.idle();
    const pendingAgain = () =>
      db.updateTable('audioFiles').set({ analysis: 'pending' }).where('hash', '=', fileHash).execute();
    const gainAt = async (loudness: number) => {
      await pendingAgain();
      await recordAnalysis(db, fileHash, { loudness, peaks: [0.5, 1] });
      return (await t.ok('library.list', {}, member)).songs[0]!;
    };
    expect(await gainAt(-24)).toMatchObject({ analysis: 'ready', gain: 6 });
    expect((await gainAt(-10)).gain).toBe(-8);
    expect((await gainAt(-60)).gain).toBe(MAX_GAIN_DB);
    expect((await pendingAudioFiles(db, 1000)).map((f) => f.hash)).not.toContain(fileHash);
    // Only a pending file is written: one measured meanwhile (by another instance) keeps its measurement.
    await recordAnalysis(db, fileHash, null);
    expect((await t.ok('library.list', {}, member)).songs[0]).toMatchObject({ analysis: 'ready', gain: MAX_GAIN_DB });
    await pendingAgain();
    await recordAnalysis(db, fileHash, null);
    expect((await t.ok('library.list', {}, member)).songs[0]).toMatchObject({ analysis: 'failed', gain: 0 });
  });
});
