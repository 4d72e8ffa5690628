/** The avatar calls as TanStack Query hooks: what the member may wear, and changing it. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AvailableAvatars, CustomAvatarParts } from '@platter/contract';
import { call } from '../../api/client';

const avatarsKey = (userid: string | undefined) => ['avatars', userid] as const;

export function useAvailableAvatars(userid: string | undefined) {
  return useQuery({
    queryKey: avatarsKey(userid),
    queryFn: (): Promise<AvailableAvatars> => call('user.available_avatars', {}),
    enabled: userid !== undefined,
  });
}

/** After a change, the session's user (the header, the profile) and the picker both show the new avatar. */
function useAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['session'] }),
      queryClient.invalidateQueries({ queryKey: ['avatars'] }),
    ]);
}

export function useSetAvatar() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (avatarid: number) => call('user.set_avatar', { avatarid }),
    onSuccess: afterChange,
  });
}

export function useSetCustomAvatar() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (parts: CustomAvatarParts) => call('user.set_custom_avatar', parts),
    onSuccess: afterChange,
  });
}
