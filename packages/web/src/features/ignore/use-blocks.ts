/** The member's ignore list (block.list_all), and adding or removing someone (spec §4 Ignore list). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useCurrentUser } from '../../session/use-session';

export interface IgnoredUser {
  blockedid: string;
  username: string;
}

function useBlocksKey() {
  return ['blocks', useCurrentUser()?.userid] as const;
}

export function useBlocks() {
  const user = useCurrentUser();
  const key = useBlocksKey();
  return useQuery({
    queryKey: key,
    queryFn: async (): Promise<IgnoredUser[]> => (await call('block.list_all', {})).blocks,
    enabled: user?.registered === true,
  });
}

/** Resolves a DJ name to its id (user.get_id), then ignores them; the list gains them at the end. */
export function useIgnoreUser() {
  const queryClient = useQueryClient();
  const key = useBlocksKey();
  return useMutation({
    mutationFn: async (name: string) => {
      const { userid } = await call('user.get_id', { name });
      const added = await call('block.add', { blockedid: userid });
      return { blockedid: userid, username: added.username, unfanned: added.unfanned };
    },
    onSuccess: ({ blockedid, username }) =>
      queryClient.setQueryData<IgnoredUser[]>(key, (list = []) =>
        list.some((entry) => entry.blockedid === blockedid) ? list : [...list, { blockedid, username }],
      ),
  });
}

/** Unignores someone; the entry is hidden once the server agrees. */
export function useUnignoreUser() {
  const queryClient = useQueryClient();
  const key = useBlocksKey();
  return useMutation({
    mutationFn: (blockedid: string) => call('block.remove', { blockedid }),
    onSuccess: (_result, blockedid) =>
      queryClient.setQueryData<IgnoredUser[]>(key, (list = []) =>
        list.filter((entry) => entry.blockedid !== blockedid),
      ),
  });
}
