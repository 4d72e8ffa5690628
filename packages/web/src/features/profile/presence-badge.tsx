/**
 * Whether the person is around (spec §3 User.status, §4 Presence): online
 * while a page of theirs is active, away while idle, offline otherwise.
 */
import { useQuery } from '@tanstack/react-query';
import { profileViewMessages as say, type PresenceStatus } from '@platter/contract';
import { call } from '../../api/client';

const LABELS: Record<PresenceStatus, string> = {
  available: say.online,
  away: say.away,
  unavailable: say.offline,
};

export function PresenceBadge({ userid }: { userid: string }) {
  const presence = useQuery({
    queryKey: ['presence', userid],
    queryFn: () => call('presence.get', { uid: userid }),
    staleTime: 30_000,
  });
  const status = presence.data?.presence.status;
  if (!status) return null;
  return (
    <p className={`presence-badge presence-badge--${status}`}>
      <span className="presence-badge__dot" aria-hidden="true" />
      {LABELS[status]}
    </p>
  );
}
