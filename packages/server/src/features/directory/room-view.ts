/** Presents a room row as the contract's Room (spec §3): a room as the lobby lists it. */
import type { Room } from '@platter/contract';
import type { RoomRow } from '../../db/schema';

export function roomView(row: RoomRow): Room {
  return {
    roomid: row.id,
    shortcut: row.shortcut,
    name: row.name,
    theme: row.theme,
    metadata: {
      max_djs: row.maxDjs,
      djcount: row.djcount,
      listeners: row.listeners,
      featured: row.featured === 1,
      current_song:
        row.songTitle !== null && row.songArtist !== null && row.songStartedAt !== null
          ? { coverart: row.songCoverart, artist: row.songArtist, song: row.songTitle, played: row.songStartedAt }
          : null,
    },
  };
}
