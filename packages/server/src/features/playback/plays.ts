/**
 * The room's timeline as data (room_plays, rooms.current_play_id): what plays now, from when,
 * and how the room took it. Everything a page or a bot is told of a song is read from here, so
 * any instance, or one restarted mid-song, tells the same song at the same moment.
 */
import type { PlayedSong, PlayingSong, RoomVotes, SongEnding } from '@platter/contract';
import type { Db } from '../../db/database';
import type { Selectable } from 'kysely';
import type { RoomPlaysTable } from '../../db/schema';
import { songLevels, songMetadata } from '../library';
import { playingNow } from '../rooms';

export type PlayRow = Selectable<RoomPlaysTable>;

/** The play the room is on now (rooms/now-playing.ts, `playingNow`), its times as numbers; or null. */
export async function currentPlayOf(db: Db, roomId: string): Promise<PlayRow | null> {
  const row = await playingNow(db, roomId);
  return row ? withNumbers(row) : null;
}

// PostgreSQL's bigint columns arrive as strings.
function withNumbers(row: PlayRow): PlayRow {
  return { ...row, startsAt: Number(row.startsAt), endsAt: Number(row.endsAt), lengthMs: Number(row.lengthMs) };
}

/**
 * The song a room plays now, as pages and bots are told it (newsong, snapshots, room.info).
 * Pass the room's play when it has been read already.
 */
export async function playingSongOf(db: Db, roomId: string, current?: PlayRow | null): Promise<PlayingSong | null> {
  const play = current === undefined ? await currentPlayOf(db, roomId) : current;
  if (!play) return null;
  const extra = await db
    .selectFrom('users')
    .leftJoin('audioFiles', (join) => join.on('audioFiles.hash', '=', play.fileHash))
    .select(['users.name', 'audioFiles.analysis', 'audioFiles.loudness', 'audioFiles.peaks'])
    .where('users.id', '=', play.djId)
    .executeTakeFirst();
  return playingSong(play, extra?.name ?? '', {
    analysis: extra?.analysis ?? 'pending',
    loudness: extra?.loudness ?? null,
    peaks: extra?.peaks ?? null,
  });
}

/** The song as pages and bots are told it, from its play, its DJ's name and its file's measurement. */
export function playingSong(play: PlayRow, djName: string, file: Parameters<typeof songLevels>[0]): PlayingSong {
  return {
    _id: play.songId,
    playid: play.id,
    djid: play.djId,
    djname: djName,
    metadata: songMetadata(play, play.lengthMs),
    starttime: play.startsAt,
    ...songLevels(file),
  };
}

/** The votes on a play so far: its counts, and who voted what in the order they (last) voted. */
export async function votesOf(db: Db, play: PlayRow | null): Promise<RoomVotes> {
  if (!play) return { upvotes: 0, downvotes: 0, votelog: [] };
  const rows = await db
    .selectFrom('roomVotes')
    .select(['userId', 'vote'])
    .where('playId', '=', play.id)
    .orderBy('votedAt')
    .orderBy('userId')
    .execute();
  return {
    upvotes: rows.filter((row) => row.vote === 'up').length,
    downvotes: rows.filter((row) => row.vote === 'down').length,
    votelog: rows.map((row) => [row.userId, row.vote === 'up' ? 'up' : 'down']),
  };
}

/** Who snagged a play, in the order they did. */
export async function snaggersOf(db: Db, play: PlayRow | null): Promise<string[]> {
  if (!play) return [];
  const rows = await db
    .selectFrom('roomSnags')
    .select('userId')
    .where('playId', '=', play.id)
    .orderBy('snaggedAt')
    .orderBy('userId')
    .execute();
  return rows.map((row) => row.userId);
}

/** The room's history, newest first, a page at a time (`before`: the start time of the last seen). */
export async function historyOf(db: Db, roomId: string, pageSize: number, before?: number): Promise<PlayedSong[]> {
  let query = db
    .selectFrom('roomPlays')
    .innerJoin('users', 'users.id', 'roomPlays.djId')
    .selectAll('roomPlays')
    .select('users.name as djName')
    .where('roomPlays.roomId', '=', roomId);
  if (before !== undefined) query = query.where('roomPlays.startsAt', '<', before);
  const rows = await query.orderBy('roomPlays.startsAt', 'desc').orderBy('roomPlays.id').limit(pageSize).execute();
  return rows.map((raw) => {
    const play = withNumbers(raw);
    return {
      playid: play.id,
      _id: play.songId,
      metadata: songMetadata(play, play.lengthMs),
      djid: play.djId,
      djname: raw.djName ?? '',
      starttime: play.startsAt,
      upvotes: Number(play.upvotes),
      downvotes: Number(play.downvotes),
      snags: Number(play.snags),
      ended: play.ended as SongEnding | null,
    };
  });
}
