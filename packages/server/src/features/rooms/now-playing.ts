/** What a room plays now: the song shown on its lobby tile (spec §3 Song metadata). */
import type { Services } from '../../api/context';
import type { Db } from '../../db/database';
import { reusableQuery } from '../../db/reusable-query';
import type { Selectable } from 'kysely';
import type { RoomPlaysTable, RoomRow } from '../../db/schema';
import { lobbyChannel } from '../../realtime/channels';
import { roomView } from '../directory';
import { scoreRoom } from './membership';
import { afterCommit } from './room-command';

export interface NowPlaying {
  artist: string;
  title: string;
  coverart: string | null;
  /** When it starts (epoch ms); now when left out. */
  startedAt?: number;
}

/**
 * The play the room is on now (its row as stored), if any. A play ended inside a room command is
 * not current any more, though rooms.current_play_id moves on only at the command's end (to the
 * next play, or to null). Compiled once: every song change, vote and snag reads it.
 */
export async function playingNow(db: Db, roomId: string): Promise<Selectable<RoomPlaysTable> | undefined> {
  const {
    rows: [play],
  } = await readPlayingNow(db, { roomId });
  return play;
}

const readPlayingNow = reusableQuery((db: Db, { roomId }: { roomId: string }) =>
  db
    .selectFrom('rooms')
    .innerJoin('roomPlays', 'roomPlays.id', 'rooms.currentPlayId')
    .selectAll('roomPlays')
    .where('rooms.id', '=', roomId)
    .where('roomPlays.ended', 'is', null),
);

/**
 * A new song starts (or none plays): the room is on play `playId` (null: none), its votes start
 * from zero, and its hotness is re-scored. Pass a room command's transaction as `db` to change it
 * in the room's order.
 */
export async function playSong(
  services: Services,
  roomId: string,
  song: NowPlaying | null,
  db: Db = services.db,
  playId: string | null = null,
): Promise<void> {
  // One write for the play, the tile and the votes; the row it returns is scored and announced.
  const {
    rows: [room],
  } = await startPlay(db, {
    roomId,
    playId,
    artist: song?.artist ?? null,
    title: song?.title ?? null,
    coverart: song?.coverart ?? null,
    startedAt: song ? (song.startedAt ?? services.now()) : null,
  });
  if (!room) return;
  const scored = await scoreRoom(services, room, db);
  await announceNowPlaying(services, scored, db);
}

interface PlayValues {
  roomId: string;
  playId: string | null;
  artist: string | null;
  title: string | null;
  coverart: string | null;
  startedAt: number | null;
}

/** Compiled once: every song change runs it. */
const startPlay = reusableQuery((db: Db, values: PlayValues) =>
  db
    .updateTable('rooms')
    .set({
      currentPlayId: values.playId,
      songArtist: values.artist,
      songTitle: values.title,
      songCoverart: values.coverart,
      songStartedAt: values.startedAt,
      upvotes: 0,
      downvotes: 0,
    })
    .where('id', '=', values.roomId)
    .returningAll(),
);

/** Lobby tiles and friends panels showing the room hear its new song (room.follow_counts, the graph). */
async function announceNowPlaying(services: Services, row: RoomRow, db: Db): Promise<void> {
  const { metadata } = roomView(row);
  const message = {
    type: 'room_counts' as const,
    roomid: row.id,
    listeners: metadata.listeners,
    djcount: metadata.djcount,
    max_djs: metadata.max_djs,
    current_song: metadata.current_song,
  };
  await afterCommit(db, () => services.hub.publish(lobbyChannel, message));
}
