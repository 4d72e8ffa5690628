import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { isFramed } from '../../lib/framed';

/** The first part of every room.info query's key: a page let go of its room reads it again by this. */
export const ROOM_INFO_KEY = 'room';

/** room.info by what follows the slash in a room's address: its shortcut or its id. */
export function useRoomInfo(shortcut: string) {
  return useQuery({
    queryKey: [ROOM_INFO_KEY, shortcut],
    queryFn: () => call('room.info', { roomid: shortcut }),
    enabled: !isFramed(),
    retry: false,
  });
}
