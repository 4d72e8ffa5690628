import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { isFramed } from '../../lib/framed';
import { useSession } from '../../session/use-session';

/** The news box's text (spec §7 newsbox.get_news). It changes rarely: five minutes is fresh enough. */
export function useNews() {
  const ready = useSession().isSuccess;
  return useQuery({
    queryKey: ['newsbox.get_news'],
    queryFn: () => call('newsbox.get_news', {}),
    enabled: ready && !isFramed(),
    staleTime: 5 * 60_000,
  });
}
