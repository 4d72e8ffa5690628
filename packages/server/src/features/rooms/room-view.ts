/** Presents a room row as the contract's Room (spec §3). */
import type { Room } from '@platter/contract';
import type { RoomRow } from '../../db/schema';

export function roomView(row: RoomRow): Room {
  return {
    roomid: row.id,
    shortcut: row.shortcut,
    name: row.name,
    description: row.description,
    theme: row.theme,
    created: row.createdAt,
    metadata: {
      max_djs: row.maxDjs,
      djcount: row.djcount,
      listeners: row.listeners,
      featured: row.featured === 1,
      djthreshold: row.djthreshold,
      current_song:
        row.songTitle !== null && row.songArtist !== null && row.songStartedAt !== null
          ? { coverart: row.songCoverart, artist: row.songArtist, song: row.songTitle, played: row.songStartedAt }
          : null,
    },
  };
}
