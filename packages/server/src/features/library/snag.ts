/**
 * snag.add: a listener copies the room's playing song into their own library
 * (same file, same tags, a song of their own whose edits are theirs) and to
 * the end of their active playlist. Once per play per listener: snagging again
 * answers with the copy they have. The room hears `snagged` (a heart over them).
 */
import { playbackMessages, type LibrarySong } from '@platter/contract';
import type { HandlerGroup } from '../../api/context';
import { errors } from '../../api/errors';
import { currentRoomOf, markActive, namedRoom, roomCommand } from '../rooms';
import { addSong } from './add-song';
import { songView, songsWithFiles } from './songs';

export const snagHandlers = {
  'snag.add': async ({ roomid: idOrShortcut }, services) => {
    const { caller, now } = services;
    // A room's shortcut names it as well as its id (as for room.vote).
    const roomid = await namedRoom(services, idOrShortcut);
    let snagged: LibrarySong | undefined;
    const seq = await roomCommand(services, roomid, async (trx) => {
      // In the room's order: someone who left (or was booted) a moment ago cannot snag any more.
      if ((await currentRoomOf(trx, caller.userid)) !== roomid) throw errors.forbidden(playbackMessages.snagNotInRoom);
      const play = await trx
        .selectFrom('rooms')
        .innerJoin('roomPlays', 'roomPlays.id', 'rooms.currentPlayId')
        .selectAll('roomPlays')
        .where('rooms.id', '=', roomid)
        .where('roomPlays.ended', 'is', null)
        .executeTakeFirst();
      if (!play) throw errors.conflict(playbackMessages.nothingPlaying);
      if (play.djId === caller.userid) throw errors.conflict(playbackMessages.snagOwn);
      const copy = {
        fileHash: play.fileHash,
        title: play.title,
        artist: play.artist,
        album: play.album,
        cover: play.cover,
      };
      const before = await trx
        .selectFrom('roomSnags')
        .select('userId')
        .where('playId', '=', play.id)
        .where('userId', '=', caller.userid)
        .executeTakeFirst();
      if (before) {
        // Snagged already: the copy they have (or a new one, if they removed it since), heard once.
        const kept = await songsWithFiles(trx)
          .where('songs.userId', '=', caller.userid)
          .where('songs.fileHash', '=', play.fileHash)
          .orderBy('songs.createdAt', 'desc')
          .executeTakeFirst();
        snagged = kept ? songView(kept) : await addSong(trx, caller.userid, copy, now(), { within: trx });
        return [];
      }
      await markActive(trx, roomid, caller.userid, now());
      await trx.insertInto('roomSnags').values({ playId: play.id, userId: caller.userid, snaggedAt: now() }).execute();
      await trx
        .updateTable('roomPlays')
        .set((eb) => ({ snags: eb('snags', '+', 1) }))
        .where('id', '=', play.id)
        .execute();
      snagged = await addSong(trx, caller.userid, copy, now(), { within: trx });
      return [{ command: 'snagged', roomid, userid: caller.userid, songid: play.songId }];
    });
    if (seq === null || !snagged) throw errors.notFound(playbackMessages.snagNotInRoom);
    return { song: snagged };
  },
} satisfies HandlerGroup;
