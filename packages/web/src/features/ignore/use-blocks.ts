/** Adding someone to the member's ignore list or removing them (spec §4 Ignore list); the list is session/use-blocks.ts. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useBlocksKey, type IgnoredUser } from '../../session/use-blocks';

export { useBlocks, type IgnoredUser } from '../../session/use-blocks';

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
