import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { isFramed } from '../../lib/framed';

/** room.info by what follows the slash in a room's address: its shortcut or its id. */
export function useRoomInfo(shortcut: string) {
  return useQuery({
    queryKey: ['room', shortcut],
    queryFn: () => call('room.info', { roomid: shortcut }),
    enabled: !isFramed(),
    retry: false,
  });
}
