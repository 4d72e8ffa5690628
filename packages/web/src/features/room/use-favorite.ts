/**
 * Whether the room is one of the member's favorites (room.get_favorites), and
 * toggling it (room.add_favorite / room.rem_favorite). The lobby's Favorites view
 * reads the same list on the server, and its pages are fetched afresh whenever the
 * view is shown, so a room favorited here is there on the way back.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useCurrentUser } from '../../session/use-session';

export function useFavorite(roomid: string) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const key = ['favorites', user?.userid];
  const favorites = useQuery({
    queryKey: key,
    queryFn: async () => (await call('room.get_favorites', {})).roomids,
    enabled: user?.registered === true,
  });
  const toggle = useMutation({
    mutationFn: (favorite: boolean) => call(favorite ? 'room.add_favorite' : 'room.rem_favorite', { roomid }),
    onSuccess: (_result, favorite) => {
      queryClient.setQueryData<string[]>(key, (ids = []) =>
        favorite ? [...ids.filter((id) => id !== roomid), roomid] : ids.filter((id) => id !== roomid),
      );
      return queryClient.invalidateQueries({ queryKey: ['rooms'] });
    },
  });
  return {
    /** Favorites are members' (spec §2, §6): guests are not offered the toggle. */
    available: user?.registered === true,
    /** The member's favorites have been read: until then the toggle is shown (its place kept) but does nothing. */
    known: favorites.isSuccess,
    favorite: favorites.data?.includes(roomid) ?? false,
    toggle,
  };
}
