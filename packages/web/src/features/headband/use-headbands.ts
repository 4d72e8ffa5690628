import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { isFramed } from '../../lib/framed';
import { useSession } from '../../session/use-session';

/** The staff's alert bars (spec §7 headband.get_headbands). */
export function useHeadbands() {
  const ready = useSession().isSuccess;
  return useQuery({
    queryKey: ['headband.get_headbands'],
    queryFn: () => call('headband.get_headbands', {}),
    enabled: ready && !isFramed(),
    staleTime: 5 * 60_000,
  });
}
