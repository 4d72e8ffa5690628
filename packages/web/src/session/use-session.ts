import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Preferences, SelfUser } from '@platter/contract';
import { call } from '../api/client';
import { isFramed } from '../lib/framed';
import { logInWithEmail, logOut, register, startSession, type Registration } from './session';

const SESSION_KEY = ['session'] as const;

/** The person using this page: a guest or a member. Framed pages make no API calls. */
export function useSession() {
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: startSession,
    enabled: !isFramed(),
    staleTime: Infinity,
    retry: 1,
    // A refused start (too many guests from one address) is told, not asked again by every part of
    // the page that mounts once the lobby shows: the lobby waits for the session before drawing its
    // parts (no layout shift), so each of them mounting would start another guest and another refusal.
    retryOnMount: false,
  });
}

/** The current user once the session has started, else undefined. */
export function useCurrentUser(): SelfUser | undefined {
  return useSession().data;
}

export function usePreferences() {
  const user = useCurrentUser();
  return useQuery({
    queryKey: ['preferences', user?.userid],
    queryFn: (): Promise<Preferences> => call('user.get_prefs', {}),
    enabled: user !== undefined,
    staleTime: Infinity,
  });
}

/** After logging in or out, everything cached belonged to someone else. */
function useRestartSession() {
  const queryClient = useQueryClient();
  return async () => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
    await queryClient.resetQueries({ queryKey: SESSION_KEY });
  };
}

export function useLogin() {
  const restart = useRestartSession();
  return useMutation({
    mutationFn: ({ email, password, captcha }: { email: string; password: string; captcha?: string }) =>
      logInWithEmail(email, password, captcha),
    onSuccess: restart,
  });
}

/** Registers the person using the page, then starts over as the new member. */
export function useRegister() {
  const restart = useRestartSession();
  return useMutation({ mutationFn: (details: Registration) => register(details), onSuccess: restart });
}

/** Reads the current user afresh (after an email or password change), keeping everything else. */
export function useRefreshUser() {
  const queryClient = useQueryClient();
  return async () => {
    const user = await call('user.info', {});
    queryClient.setQueryData(SESSION_KEY, user);
    return user;
  };
}

export function useLogout() {
  const restart = useRestartSession();
  return useMutation({ mutationFn: logOut, onSettled: restart });
}
