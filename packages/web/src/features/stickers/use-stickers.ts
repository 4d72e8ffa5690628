/** The sticker calls as TanStack Query hooks: the catalogue, a laptop cover, and saving it. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Placement } from '@platter/contract';
import { call } from '../../api/client';

const stickersKey = (userid: string | undefined) => ['stickers', userid] as const;
const placementsKey = (userid: string | undefined) => ['sticker-placements', userid] as const;

export function useStickerCatalogue(userid: string | undefined) {
  return useQuery({
    queryKey: stickersKey(userid),
    queryFn: async () => (await call('sticker.get', {})).stickers,
    enabled: userid !== undefined,
  });
}

/** The member's own laptop cover. */
export function useOwnPlacements(userid: string | undefined) {
  return useQuery({
    queryKey: placementsKey(userid),
    queryFn: async () => (await call('sticker.get_placements', {})).placements,
    enabled: userid !== undefined,
    // The editor copies these once; a refetch behind its back would be ignored anyway.
    staleTime: Infinity,
  });
}

export function usePlaceStickers(userid: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (placements: Placement[]) => (await call('sticker.place', { placements })).placements,
    onSuccess: (saved) => {
      queryClient.setQueryData(placementsKey(userid), saved);
      return queryClient.invalidateQueries({ queryKey: ['sticker-placements'] });
    },
  });
}

/** After a purchase: the catalogue afresh (the bought stickers now `purchased`). */
export function useRefreshCatalogue() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['stickers'] });
}
