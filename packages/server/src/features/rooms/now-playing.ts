/** What a room plays now: the song shown on its lobby tile (spec §3 Song metadata). */
import type { Services } from '../../api/context';
import { lobbyChannel } from '../../realtime/channels';
import { roomView } from '../directory';
import { recountRoom } from './membership';

export interface NowPlaying {
  artist: string;
  title: string;
  coverart: string | null;
}

/** A new song starts: its votes start from zero, and the room's hotness is re-scored. */
export async function playSong(services: Services, roomId: string, song: NowPlaying | null): Promise<void> {
  await services.db
    .updateTable('rooms')
    .set({
      songArtist: song?.artist ?? null,
      songTitle: song?.title ?? null,
      songCoverart: song?.coverart ?? null,
      songStartedAt: song ? services.now() : null,
      upvotes: 0,
      downvotes: 0,
    })
    .where('id', '=', roomId)
    .execute();
  await recountRoom(services, roomId);
  await announceNowPlaying(services, roomId);
}

/** Lobby tiles and friends panels showing the room hear its new song (room.follow_counts, the graph). */
export async function announceNowPlaying(services: Services, roomId: string): Promise<void> {
  const row = await services.db.selectFrom('rooms').selectAll().where('id', '=', roomId).executeTakeFirst();
  if (!row) return;
  const { metadata } = roomView(row);
  await services.hub.publish(lobbyChannel, {
    type: 'room_counts',
    roomid: roomId,
    listeners: metadata.listeners,
    djcount: metadata.djcount,
    max_djs: metadata.max_djs,
    current_song: metadata.current_song,
  });
}
