/**
 * The member's ignore list (block.list_all, spec §4), read wherever it matters:
 * the ignore modal edits it, the room hides ignored members' chat lines.
 */
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/client';
import { useCurrentUser } from './use-session';

export interface IgnoredUser {
  blockedid: string;
  username: string;
}

export function useBlocksKey() {
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
