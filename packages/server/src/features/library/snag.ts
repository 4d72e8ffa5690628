/**
 * snag.add: a listener copies the room's playing song into their own library
 * (same file, same tags, a song of their own whose edits are theirs) and to
 * the end of their active playlist. Once per play per listener: snagging again
 * answers with the copy they have. The room hears `snagged` (a heart over them).
 *
 * A listener who has the song's file already (they snagged it before, added it
 * with playlist.add as turntable bots do before snag.add, or uploaded the same
 * bytes) keeps that one song: a snag counts and puts it in their queue, and
 * makes no second copy.
 */
import { playbackMessages, type LibrarySong } from '@platter/contract';
import type { HandlerGroup } from '../../api/context';
import { errors } from '../../api/errors';
import type { Db } from '../../db/database';
import type { Selectable } from 'kysely';
import type { RoomPlaysTable } from '../../db/schema';
import { currentRoomOf, markActive, namedRoom, playingNow, roomCommand } from '../rooms';
import { addSong, type NewSong } from './add-song';
import { placeSong, playlistsOf, whichPlaylist } from './playlists';
import { lockMember, songView, songsWithFiles, type SongRow } from './songs';

type Play = Selectable<RoomPlaysTable>;

/** The play going on where the member is, if they are in a room and it plays something. */
export async function playingWhere(trx: Db, userId: string): Promise<Play | undefined> {
  const roomid = await currentRoomOf(trx, userId);
  return roomid === null ? undefined : playingNow(trx, roomid);
}

/** The member's copy of a play's song: their newest song with its file. Call under lockMember. */
export function copyOf(trx: Db, userId: string, play: Play): Promise<SongRow | undefined> {
  return songsWithFiles(trx)
    .where('songs.userId', '=', userId)
    .where('songs.fileHash', '=', play.fileHash)
    .orderBy('songs.createdAt', 'desc')
    .orderBy('songs.id', 'desc')
    .executeTakeFirst();
}

/** A new song of the member's own, with the play's file and tags. */
export function tagsOf(play: Play): NewSong {
  return { fileHash: play.fileHash, title: play.title, artist: play.artist, album: play.album, cover: play.cover };
}

export const snagHandlers = {
  'snag.add': async ({ roomid: idOrShortcut }, services) => {
    const { caller, now } = services;
    // A room's shortcut names it as well as its id (as for room.vote).
    const roomid = await namedRoom(services, idOrShortcut);
    let snagged: LibrarySong | undefined;
    const seq = await roomCommand(services, roomid, async (trx) => {
      // In the room's order: someone who left (or was booted) a moment ago cannot snag any more.
      if ((await currentRoomOf(trx, caller.userid)) !== roomid) throw errors.forbidden(playbackMessages.snagNotInRoom);
      const play = await playingNow(trx, roomid);
      if (!play) throw errors.conflict(playbackMessages.nothingPlaying);
      if (play.djId === caller.userid) throw errors.conflict(playbackMessages.snagOwn);
      await lockMember(trx, caller.userid);
      const kept = await copyOf(trx, caller.userid, play);
      const before = await trx
        .selectFrom('roomSnags')
        .select('userId')
        .where('playId', '=', play.id)
        .where('userId', '=', caller.userid)
        .executeTakeFirst();
      if (before) {
        // Snagged already: the copy they have (or a new one, if they removed it since), heard once.
        snagged = kept ? songView(kept) : await addSong(trx, caller.userid, tagsOf(play), now(), { within: trx });
        return [];
      }
      await markActive(trx, roomid, caller.userid, now());
      await trx.insertInto('roomSnags').values({ playId: play.id, userId: caller.userid, snaggedAt: now() }).execute();
      await trx
        .updateTable('roomPlays')
        .set((eb) => ({ snags: eb('snags', '+', 1) }))
        .where('id', '=', play.id)
        .execute();
      if (kept) {
        // Theirs already: into the queue if it is not there.
        const queue = whichPlaylist(await playlistsOf(trx, caller.userid, now()), undefined);
        await placeSong(trx, queue.id, kept.id);
        snagged = songView(kept);
      } else snagged = await addSong(trx, caller.userid, tagsOf(play), now(), { within: trx });
      return [{ command: 'snagged', roomid, userid: caller.userid, songid: play.songId }];
    });
    if (seq === null || !snagged) throw errors.notFound(playbackMessages.snagNotInRoom);
    return { song: snagged };
  },
} satisfies HandlerGroup;
