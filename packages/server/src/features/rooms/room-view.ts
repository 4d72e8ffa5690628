/** Presents a room row as the contract's Room (spec §3), and as its own page shows it. */
import type { Room, RoomDetails } from '@platter/contract';
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

export function roomDetailsView(row: RoomRow): RoomDetails {
  const room = roomView(row);
  return {
    ...room,
    description: row.description,
    created: row.createdAt,
    metadata: { ...room.metadata, djthreshold: row.djthreshold },
  };
}
