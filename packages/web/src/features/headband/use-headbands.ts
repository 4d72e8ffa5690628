import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { isFramed } from '../../lib/framed';

/**
 * The staff's alert bars (spec §7 headband.get_headbands). The same for everyone, so asked for
 * beside the session's start, not after it: the lobby waits for both before it draws its top.
 */
export function useHeadbands() {
  return useQuery({
    queryKey: ['headband.get_headbands'],
    queryFn: () => call('headband.get_headbands', {}),
    enabled: !isFramed(),
    staleTime: 5 * 60_000,
  });
}
