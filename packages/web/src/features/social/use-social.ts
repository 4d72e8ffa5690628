/** The caller's social accounts (social.get_accounts), unlinking one, and what a provider said on the way back. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { SocialAccount } from '@platter/contract';
import { call, postSessionRoute } from '../../api/client';
import { getCredentials } from '../../api/credentials';
import { useCurrentUser } from '../../session/use-session';
import { readSocialReturn, withoutSocialReturn, type SocialReturn } from './social-return';

const SOCIAL_KEY = 'social-accounts';

export function useSocialAccounts() {
  const user = useCurrentUser();
  return useQuery({
    queryKey: [SOCIAL_KEY, user?.userid],
    queryFn: async () => (await call('social.get_accounts', {})).accounts,
    enabled: user !== undefined,
    staleTime: 60_000,
  });
}

/** POSTs the session's credentials to the provider's unattach route (spec §2 Other paths). */
export function useDisconnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account: SocialAccount) => postSessionRoute(account.unattach_path, { ...getCredentials() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [SOCIAL_KEY] }),
  });
}

/**
 * What the provider journey ended in, read from the address this page
 * arrived at; the parameters are then taken out of the address (keeping
 * everything else, modal state included).
 */
export function useSocialArrival(): SocialReturn | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [arrival] = useState(() => readSocialReturn(location.search));
  const rest = withoutSocialReturn(location.search);
  const carries = readSocialReturn(location.search) !== null;
  useEffect(() => {
    if (carries) {
      navigate(
        { pathname: location.pathname, search: rest, hash: location.hash },
        { replace: true, state: location.state },
      );
    }
  }, [carries, rest, location.pathname, location.hash, location.state, navigate]);
  return arrival;
}

/** Where a connect starts: a full-page navigation to the login route, coming back to `returnTo` when given. */
export function connectHref(account: SocialAccount, returnTo?: string): string {
  return returnTo ? `${account.login_path}?return_to=${encodeURIComponent(returnTo)}` : account.login_path;
}
