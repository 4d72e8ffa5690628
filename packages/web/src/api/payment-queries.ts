/**
 * What Gold and the sticker editor's Checkout both read: the products (the
 * plans, the paid stickers at this member's price, and how to reach the card
 * provider) and the card on file.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client';

const productsKey = (userid: string | undefined) => ['order.products', userid] as const;
const paymentInfoKey = (userid: string | undefined) => ['order.get_payment_info', userid] as const;

/** Sticker prices depend on who asks (Gold members pay less), so the list is kept per member. */
export function useProducts(userid: string | undefined) {
  return useQuery({
    queryKey: productsKey(userid),
    queryFn: () => call('order.products', {}),
    enabled: userid !== undefined,
    staleTime: 5 * 60_000,
  });
}

/** The member's saved card, or null. */
export function usePaymentInfo(userid: string | undefined, enabled = true) {
  return useQuery({
    queryKey: paymentInfoKey(userid),
    queryFn: async () => (await call('order.get_payment_info', {})).card,
    enabled: userid !== undefined && enabled,
  });
}

/** After a card change or a purchase: everything about payments is read afresh. */
export function useRefreshPayments() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      ['order.products', 'order.get_payment_info', 'order.subscription_info'].map((name) =>
        queryClient.invalidateQueries({ queryKey: [name] }),
      ),
    );
}
