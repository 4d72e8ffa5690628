/** Gold's own calls as hooks: the subscription, cancelling and reactivating it, and what follows a change. */
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { isGold, type SelfUser } from '@platter/contract';
import { call } from '../../api/client';
import { useRefreshPayments } from '../../api/payment-queries';
import { useRefreshUser, useSession } from '../../session/use-session';

export function useSubscriptionInfo(userid: string | undefined) {
  return useQuery({
    queryKey: ['order.subscription_info', userid],
    queryFn: () => call('order.subscription_info', {}),
    enabled: userid !== undefined,
  });
}

/**
 * After Gold changes: the member afresh (subscription_level: the emblem, the
 * gold avatars), the subscription and the prices, and the pictures of the
 * member that carry the emblem.
 */
export function useAfterGoldChange() {
  const queryClient = useQueryClient();
  const refreshUser = useRefreshUser();
  const refreshPayments = useRefreshPayments();
  return async () => {
    await Promise.all([
      refreshUser(),
      refreshPayments(),
      queryClient.invalidateQueries({ queryKey: ['avatars'] }),
      queryClient.invalidateQueries({ queryKey: ['profile'] }),
      queryClient.invalidateQueries({ queryKey: ['stickers'] }),
    ]).catch(() => undefined);
  };
}

export function useChangeSubscription(change: 'cancel' | 'reactivate') {
  const afterChange = useAfterGoldChange();
  return useMutation({
    mutationFn: async (subid: string) => {
      const { subscription } =
        change === 'cancel'
          ? await call('order.cancel_subscription', { subid })
          : await call('order.reactivate_subscription', { subid });
      await afterChange();
      return subscription;
    },
  });
}

/**
 * Spec §4: cancel and reactivate are reachable only by Gold members; anyone
 * else goes home. Returns the member once known to be Gold, else undefined.
 */
export function useGoldMemberOrGoHome(): SelfUser | undefined {
  const session = useSession();
  const navigate = useNavigate();
  const user = session.data;
  const allowed = user !== undefined && user.registered && isGold(user);
  const refused = (user !== undefined && !allowed) || session.isError;
  useEffect(() => {
    if (refused) navigate('/', { replace: true });
  }, [refused, navigate]);
  return allowed ? user : undefined;
}
