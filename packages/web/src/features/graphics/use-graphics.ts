/** Changing one graphics preference (user.modify): shown at once, kept when the server agrees. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Preferences } from '@platter/contract';
import { call } from '../../api/client';
import { useCurrentUser } from '../../session/use-session';
import type { GraphicsPreference } from './graphics-settings';

export function useGraphicsPreference() {
  const queryClient = useQueryClient();
  // The key of usePreferences (session/use-session.ts).
  const key = ['preferences', useCurrentUser()?.userid];
  return useMutation({
    mutationFn: ({ preference, disabled }: { preference: GraphicsPreference; disabled: boolean }) =>
      call('user.modify', { [preference]: disabled }),
    onMutate: async ({ preference, disabled }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Preferences>(key);
      if (before) queryClient.setQueryData<Preferences>(key, { ...before, [preference]: disabled });
      return { before };
    },
    onSuccess: ({ laptop: _laptop, ...preferences }) => queryClient.setQueryData<Preferences>(key, preferences),
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData<Preferences>(key, context.before);
    },
  });
}
