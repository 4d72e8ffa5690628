/** What a room plays now: the song shown on its lobby tile (spec §3 Song metadata). */
import type { Services } from '../../api/context';
import type { Db } from '../../db/database';
import { recountRoom } from './membership';

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
  await recountRoom(services, roomId, db);
}
