/** library.* and playlist.*: a member's songs and playlists (docs/music.md). */
import { libraryMessages } from '@platter/contract';
import type { HandlerGroup } from '../../api/context';
import { errors } from '../../api/errors';
import { addSong } from './add-song';
import { sweepOrphanFiles } from './files';
import {
  countSongs,
  createPlaylist,
  insertSong,
  moveSong,
  placeSong,
  playlistSongs,
  removeAt,
  removeFromPlaylists,
  whichPlaylist,
  withPlaylists,
} from './playlists';
import { copyOf, playingWhere, tagsOf } from './snag';
import { bytesUsed, findOwnSong, listSongs, lockMember, ownSong, songView } from './songs';

export const libraryHandlers = {
  'library.list': async ({ query, skip, limit }, { db, caller, config }) => {
    const { songs, total } = await listSongs(db, caller.userid, query, skip, limit);
    return {
      songs,
      total,
      used: await bytesUsed(db, caller.userid),
      quota: config.library.quotaBytes,
      max_file: config.library.uploadMaxBytes,
    };
  },

  'library.edit': async ({ songid, song, artist }, { db, caller }) => {
    await ownSong(db, caller.userid, songid);
    const changes = { ...(song !== undefined ? { title: song } : {}), ...(artist !== undefined ? { artist } : {}) };
    if (Object.keys(changes).length > 0)
      await db.updateTable('songs').set(changes).where('id', '=', songid).where('userId', '=', caller.userid).execute();
    return { song: songView(await ownSong(db, caller.userid, songid)) };
  },

  'library.remove': async ({ songid }, services) => {
    const { db, caller } = services;
    const hash = await db.transaction().execute(async (trx) => {
      await lockMember(trx, caller.userid);
      const song = await ownSong(trx, caller.userid, songid);
      await removeFromPlaylists(trx, songid);
      await trx.deleteFrom('songs').where('id', '=', songid).execute();
      return song.fileHash;
    });
    // The bytes go once no song has them and no room plays them.
    await sweepOrphanFiles(services, [hash]);
    return {};
  },

  'playlist.list_all': (_input, { db, caller, now }) =>
    withPlaylists(db, caller.userid, now(), async (trx, playlists) => ({
      list: await Promise.all(
        playlists.map(async (p) => ({ name: p.name, active: p.active === 1, count: await countSongs(trx, p.id) })),
      ),
    })),

  'playlist.create': ({ playlist_name }, { db, caller, now }) =>
    withPlaylists(db, caller.userid, now(), async (trx, playlists) => {
      await createPlaylist(trx, caller.userid, playlists, playlist_name, now());
      return {};
    }),

  'playlist.delete': ({ playlist_name }, { db, caller, now }) =>
    withPlaylists(db, caller.userid, now(), async (trx, playlists) => {
      const doomed = playlists.find((p) => p.name === playlist_name);
      if (!doomed) throw errors.notFound(libraryMessages.playlistUnknown);
      if (playlists.length === 1) throw errors.conflict(libraryMessages.lastPlaylist);
      await trx.deleteFrom('playlists').where('id', '=', doomed.id).execute();
      // The oldest remaining playlist becomes the queue when the active one goes.
      const heir = playlists.find((p) => p.id !== doomed.id);
      if (doomed.active && heir)
        await trx.updateTable('playlists').set({ active: 1 }).where('id', '=', heir.id).execute();
      return {};
    }),

  'playlist.rename': ({ old_playlist_name, new_playlist_name }, { db, caller, now }) =>
    withPlaylists(db, caller.userid, now(), async (trx, playlists) => {
      const renamed = playlists.find((p) => p.name === old_playlist_name);
      if (!renamed) throw errors.notFound(libraryMessages.playlistUnknown);
      if (old_playlist_name === new_playlist_name) return {};
      if (playlists.some((p) => p.name === new_playlist_name)) throw errors.conflict(libraryMessages.playlistExists);
      await trx.updateTable('playlists').set({ name: new_playlist_name }).where('id', '=', renamed.id).execute();
      return {};
    }),

  'playlist.switch': ({ playlist_name }, { db, caller, now }) =>
    withPlaylists(db, caller.userid, now(), async (trx, playlists) => {
      const chosen = playlists.find((p) => p.name === playlist_name);
      if (!chosen) throw errors.notFound(libraryMessages.playlistUnknown);
      await trx.updateTable('playlists').set({ active: 0 }).where('userId', '=', caller.userid).execute();
      await trx.updateTable('playlists').set({ active: 1 }).where('id', '=', chosen.id).execute();
      return {};
    }),

  'playlist.all': ({ playlist_name }, { db, caller, now }) =>
    withPlaylists(db, caller.userid, now(), async (trx, playlists) => ({
      list: await playlistSongs(trx, whichPlaylist(playlists, playlist_name).id),
    })),

  'playlist.add': ({ playlist_name, song_dict, index }, { db, caller, now }) =>
    withPlaylists(db, caller.userid, now(), async (trx, playlists) => {
      const playlist = whichPlaylist(playlists, playlist_name);
      const songid = song_dict.fileid;
      if (await findOwnSong(trx, caller.userid, songid)) {
        await insertSong(trx, playlist.id, songid, index);
        return {};
      }
      // Turntable's snag (ttapi's README, and its bots): playlist.add of the song playing where the
      // caller is, then snag.add. The add makes the copy (or places the one they have); the snag counts.
      const play = await playingWhere(trx, caller.userid);
      if (!play || play.songId !== songid) throw errors.notFound(libraryMessages.notPlayingHere);
      const kept = await copyOf(trx, caller.userid, play);
      if (kept) await placeSong(trx, playlist.id, kept.id, index);
      else
        await addSong(trx, caller.userid, tagsOf(play), now(), {
          within: trx,
          place: { playlistId: playlist.id, index },
        });
      return {};
    }),

  'playlist.remove': ({ playlist_name, index, songid }, { db, caller, now }) =>
    withPlaylists(db, caller.userid, now(), async (trx, playlists) => {
      await removeAt(trx, whichPlaylist(playlists, playlist_name).id, index, songid);
      return {};
    }),

  'playlist.reorder': ({ playlist_name, index_from, index_to, songid }, { db, caller, now }) =>
    withPlaylists(db, caller.userid, now(), async (trx, playlists) => {
      await moveSong(trx, whichPlaylist(playlists, playlist_name).id, index_from, index_to, songid);
      return {};
    }),
} satisfies HandlerGroup;
