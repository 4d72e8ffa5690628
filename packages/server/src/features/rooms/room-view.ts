/** Presents a room row as its own page shows it: the lobby's Room (directory/room-view.ts) and more. */
import type { RoomDetails } from '@platter/contract';
import type { RoomRow } from '../../db/schema';
import { roomView } from '../directory';

export function roomDetailsView(row: RoomRow): RoomDetails {
  const room = roomView(row);
  return {
    ...room,
    description: row.description,
    created: row.createdAt,
    metadata: { ...room.metadata, djthreshold: row.djthreshold },
  };
}
