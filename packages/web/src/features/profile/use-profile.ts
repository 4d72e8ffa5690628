/**
 * Profiles and fans over the API (spec §7): a profile, the fan lists, and the
 * changes a viewer makes (fan, unfan, ignore, unignore, report, edit), each
 * keeping what is cached in step with the answer.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CallInput, Profile } from '@platter/contract';
import { ApiCallError, call } from '../../api/client';
import { useCurrentUser, useRefreshUser } from '../../session/use-session';

export const profileKey = (userid: string) => ['profile', userid] as const;

/** Only a lost request is worth asking again: the server's "no" (a guest, nobody) stays a no. */
const retryRequests = (failures: number, error: Error) =>
  failures < 1 && error instanceof ApiCallError && error.kind === 'request';

export function useProfile(userid: string | undefined) {
  const viewer = useCurrentUser();
  return useQuery({
    // The viewer is part of the key: `fanned` and `blocked` are theirs.
    queryKey: [...profileKey(userid ?? ''), viewer?.userid],
    queryFn: () => call('user.get_profile_info', { profileid: userid ?? '' }),
    enabled: userid !== undefined && userid !== '' && viewer !== undefined,
    retry: retryRequests,
  });
}

export type FanListKind = 'fans' | 'fanned';

export function useFanList(kind: FanListKind, userid: string, pageNumber: number) {
  return useQuery({
    queryKey: ['fan-list', kind, userid, pageNumber],
    queryFn: () =>
      call(kind === 'fans' ? 'user.get_fan_info' : 'user.get_fan_of_info', {
        profileid: userid,
        page_number: pageNumber,
      }),
    placeholderData: keepPreviousData,
    retry: retryRequests,
  });
}

/** Changes the cached profile of `userid` as seen by the current viewer. */
function patchProfile(queryClient: QueryClient, userid: string, patch: (profile: Profile) => Profile) {
  queryClient.setQueriesData<Profile>({ queryKey: profileKey(userid) }, (profile) =>
    profile ? patch(profile) : profile,
  );
}

/** Becoming a fan, or no longer: the profile changes at once and the server's counts follow. */
export function useFanning(userid: string) {
  const queryClient = useQueryClient();
  const refreshUser = useRefreshUser();
  return useMutation({
    mutationFn: async (fan: boolean) => {
      await call(fan ? 'user.become_fan' : 'user.remove_fan', { djid: userid });
      return fan;
    },
    onSuccess: (fan) => {
      patchProfile(queryClient, userid, (profile) =>
        profile.fanned === fan
          ? profile
          : { ...profile, fanned: fan, fans: Math.max(0, profile.fans + (fan ? 1 : -1)) },
      );
      void queryClient.invalidateQueries({ queryKey: profileKey(userid) });
      void queryClient.invalidateQueries({ queryKey: ['fan-list'] });
      // Whom one is a fan of shapes one's friends panel.
      void queryClient.invalidateQueries({ queryKey: ['room.directory_graph'] });
      void refreshUser().catch(() => undefined);
    },
  });
}

/** Ignoring someone, or no longer; ignoring a fan also unfans them (spec §4 Fan state). */
export function useIgnoring(userid: string) {
  const queryClient = useQueryClient();
  const refreshUser = useRefreshUser();
  return useMutation({
    mutationFn: async (ignore: boolean) => {
      if (!ignore) {
        await call('block.remove', { blockedid: userid });
        return { ignore, unfanned: false, username: '' };
      }
      const added = await call('block.add', { blockedid: userid });
      return { ignore, ...added };
    },
    onSuccess: ({ ignore, unfanned }) => {
      patchProfile(queryClient, userid, (profile) => ({ ...profile, blocked: ignore }));
      void queryClient.invalidateQueries({ queryKey: profileKey(userid) });
      void queryClient.invalidateQueries({ queryKey: ['blocks'] });
      if (unfanned) {
        // They were one's fan: one's own fan count and lists have changed.
        void queryClient.invalidateQueries({ queryKey: ['fan-list'] });
        void refreshUser().catch(() => undefined);
      }
    },
  });
}

export function useReportUser() {
  return useMutation({ mutationFn: (input: CallInput<'room.report_user'>) => call('room.report_user', input) });
}

/** Saves one's profile; the header shows the name, so the session's user is read afresh. */
export function useEditProfile() {
  const queryClient = useQueryClient();
  const refreshUser = useRefreshUser();
  return useMutation({
    mutationFn: (input: CallInput<'user.modify_profile'>) => call('user.modify_profile', input),
    onSuccess: async (profile) => {
      patchProfile(queryClient, profile.userid, () => profile);
      await refreshUser().catch(() => undefined);
    },
  });
}
