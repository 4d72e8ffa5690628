/**
 * The member's library and playlists through TanStack Query: one hook per call.
 * Every change invalidates everything under ['library'] (the queue, the playlists'
 * counts, the search results and the space used all move together); reordering
 * also moves the rows at once, before the server agrees.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIBRARY_PAGE_SIZE, type CallInput, type LibrarySong } from '@platter/contract';
import { call } from '../../api/client';
import { libraryKey } from '../../api/library-keys';
import { useCurrentUser } from '../../session/use-session';
import { moveItem } from './reorder';

function useMemberKey() {
  const user = useCurrentUser();
  return { userid: user?.userid, enabled: user?.registered === true };
}

/** A song still being measured is polled until it is (the server's worker does it within seconds). */
const pendingPoll = (songs: readonly LibrarySong[] | undefined) =>
  songs?.some((song) => song.analysis === 'pending') ? 4000 : false;

/**
 * The queue changes under the panel too: a song the member played moves to its end, a snag
 * adds one. While the panel is open it is read again this often (and when the tab regains focus).
 */
const QUEUE_POLL_MS = 20_000;

/** The member's playlists (name, active, count). */
export function usePlaylists() {
  const { userid, enabled } = useMemberKey();
  return useQuery({
    queryKey: libraryKey(userid, 'playlists'),
    queryFn: async () => (await call('playlist.list_all', {})).list,
    enabled,
  });
}

/** The active playlist's songs in order: the queue (the first plays next). */
export function useQueue() {
  const { userid, enabled } = useMemberKey();
  return useQuery({
    queryKey: libraryKey(userid, 'queue'),
    queryFn: async () => (await call('playlist.all', {})).list,
    enabled,
    refetchInterval: (query) => pendingPoll(query.state.data) || QUEUE_POLL_MS,
  });
}

/** The space used, the quota and the largest file: library.list's totals, one song fetched. */
export function useLibraryFacts() {
  const { userid, enabled } = useMemberKey();
  return useQuery({
    queryKey: libraryKey(userid, 'facts'),
    queryFn: async () => {
      const { used, quota, max_file, total } = await call('library.list', { limit: 1, skip: 0 });
      return { used, quota, maxFile: max_file, total };
    },
    enabled,
  });
}

/** The library (newest first), or the songs matching `query`, a page at a time. */
export function useLibrarySongs(query: string, active: boolean) {
  const { userid, enabled } = useMemberKey();
  return useInfiniteQuery({
    queryKey: libraryKey(userid, 'songs', query),
    queryFn: ({ pageParam }) =>
      call('library.list', { query: query || undefined, skip: pageParam, limit: LIBRARY_PAGE_SIZE }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.songs.length, 0);
      return loaded < last.total && last.songs.length > 0 ? loaded : undefined;
    },
    enabled: enabled && active,
    refetchInterval: (q) => pendingPoll(q.state.data?.pages.flatMap((page) => page.songs)),
  });
}

/** A mutation for one call that refreshes everything of the library once it is done (or refused). */
function useLibraryCall<N extends Parameters<typeof call>[0]>(name: N) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<N>) => call(name, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: libraryKey() }),
  });
}

export const useEditSong = () => useLibraryCall('library.edit');
export const useRemoveSong = () => useLibraryCall('library.remove');
export const useCreatePlaylist = () => useLibraryCall('playlist.create');
export const useDeletePlaylist = () => useLibraryCall('playlist.delete');
export const useRenamePlaylist = () => useLibraryCall('playlist.rename');
export const useSwitchPlaylist = () => useLibraryCall('playlist.switch');
export const useAddToQueue = () => useLibraryCall('playlist.add');
export const useRemoveFromQueue = () => useLibraryCall('playlist.remove');

/** Moves a song in the queue: the rows move at once; a refusal puts them back as the server has them. */
export function useReorderQueue() {
  const queryClient = useQueryClient();
  const { userid } = useMemberKey();
  const key = libraryKey(userid, 'queue');
  return useMutation({
    // The song is named too, so a press meant for it never moves another that took its place.
    mutationFn: ({ from, to, songid }: { from: number; to: number; songid: string }) =>
      call('playlist.reorder', { index_from: from, index_to: to, songid }),
    onMutate: async ({ from, to }) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<LibrarySong[]>(key, (songs) => (songs ? moveItem(songs, from, to) : songs));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: libraryKey() }),
  });
}
