/** What a room plays now: the song shown on its lobby tile (spec §3 Song metadata). */
import type { Services } from '../../api/context';
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
}
