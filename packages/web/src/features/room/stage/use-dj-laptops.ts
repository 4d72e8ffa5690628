/**
 * What the DJs' laptops show: each DJ's sticker placements (sticker.get_placements
 * by profileid) and the catalogue that says where each sticker's art is. The
 * query keys are the sticker editor's, so a member who saves their laptop sees
 * it change on the stage too.
 */
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { Placement, Sticker } from '@platter/contract';
import { call } from '../../../api/client';
import { live } from '../../../live/socket';
import { useCurrentUser } from '../../../session/use-session';

export interface DjLaptops {
  placements: ReadonlyMap<string, readonly Placement[]>;
  stickers: ReadonlyMap<string, Sticker>;
}

const noPlacements: readonly Placement[] = [];

export function useDjLaptops(djids: readonly string[]): DjLaptops {
  const viewer = useCurrentUser()?.userid;
  const queryClient = useQueryClient();
  // Someone in the room saved their laptop (update_user): their stickers are read again.
  useEffect(
    () =>
      live.onEvent((message) => {
        if (message.event.command !== 'update_user') return;
        void queryClient.invalidateQueries({ queryKey: ['sticker-placements', message.event.userid] });
      }),
    [queryClient],
  );
  const catalogue = useQuery({
    queryKey: ['stickers', viewer],
    queryFn: async () => (await call('sticker.get', {})).stickers,
    enabled: viewer !== undefined && djids.length > 0,
    staleTime: 5 * 60_000,
  });
  const results = useQueries({
    queries: djids.map((userid) => ({
      queryKey: ['sticker-placements', userid],
      queryFn: async () => (await call('sticker.get_placements', { profileid: userid })).placements,
      staleTime: 60_000,
    })),
  });
  const placementsKey = results.map((result) => result.dataUpdatedAt).join(',');
  const placements = useMemo(
    () => new Map(djids.map((userid, i) => [userid, results[i]?.data ?? noPlacements])),
    // The results array is new on every render; what changed is when each was fetched.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [djids, placementsKey],
  );
  const stickers = useMemo(
    () => new Map((catalogue.data ?? []).map((sticker) => [sticker._id, sticker])),
    [catalogue.data],
  );
  return useMemo(() => ({ placements, stickers }), [placements, stickers]);
}
