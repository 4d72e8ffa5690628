/**
 * Saving a card (spec §4 Credit card update, §7): the card goes to the
 * provider for a token, and only the token goes to Platter
 * (order.set_payment_info).
 */
import { useMutation } from '@tanstack/react-query';
import { orderMessages, type CardEntry, type PaymentProviderInfo } from '@platter/contract';
import { CardTokenError, createCardToken } from '../../api/card-tokens';
import { ApiCallError, call, errorText } from '../../api/client';
import { useRefreshPayments } from '../../api/payment-queries';

export function useSaveCard() {
  const refreshPayments = useRefreshPayments();
  return useMutation({
    mutationFn: async ({ provider, entry }: { provider: PaymentProviderInfo; entry: CardEntry }) => {
      const token = await createCardToken(provider, entry);
      const { card } = await call('order.set_payment_info', { token: token.id });
      // The card is saved; a failed re-read only leaves a screen a moment behind.
      await refreshPayments().catch(() => undefined);
      return card;
    },
  });
}

/** Spec §8: the provider's words as they are; the server's with a full stop; anything else, the unexpected error. */
export function saveCardProblem(error: unknown): string {
  if (error instanceof CardTokenError) return error.message;
  if (error instanceof ApiCallError) return errorText(error);
  return orderMessages.unexpected;
}
