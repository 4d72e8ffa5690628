/** What a room plays now: the song shown on its lobby tile (spec §3 Song metadata). */
import type { Services } from '../../api/context';
import type { Db } from '../../db/database';
import { lobbyChannel } from '../../realtime/channels';
import { roomView } from '../directory';
import { rescoreRoom } from './membership';
import { afterCommit } from './room-command';

export interface NowPlaying {
  artist: string;
  title: string;
  coverart: string | null;
  /** When it starts (epoch ms); now when left out. */
  startedAt?: number;
}

/**
 * A new song starts (or none plays): its votes start from zero, and the room's hotness is
 * re-scored. Pass a room command's transaction as `db` to change it in the room's order.
 */
export async function playSong(
  services: Services,
  roomId: string,
  song: NowPlaying | null,
  db: Db = services.db,
): Promise<void> {
  await db
    .updateTable('rooms')
    .set({
      songArtist: song?.artist ?? null,
      songTitle: song?.title ?? null,
      songCoverart: song?.coverart ?? null,
      songStartedAt: song ? (song.startedAt ?? services.now()) : null,
      upvotes: 0,
      downvotes: 0,
    })
    .where('id', '=', roomId)
    .execute();
  await rescoreRoom(services, roomId, db);
  await announceNowPlaying(services, roomId, db);
}

/** Lobby tiles and friends panels showing the room hear its new song (room.follow_counts, the graph). */
async function announceNowPlaying(services: Services, roomId: string, db: Db): Promise<void> {
  const row = await db.selectFrom('rooms').selectAll().where('id', '=', roomId).executeTakeFirst();
  if (!row) return;
  const { metadata } = roomView(row);
  const message = {
    type: 'room_counts' as const,
    roomid: roomId,
    listeners: metadata.listeners,
    djcount: metadata.djcount,
    max_djs: metadata.max_djs,
    current_song: metadata.current_song,
  };
  await afterCommit(db, () => services.hub.publish(lobbyChannel, message));
}
