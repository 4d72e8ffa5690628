/**
 * Where the credit card screen goes back to. It belongs to Manage Accounts
 * (spec §4: on success return to accounts), but opened from /gold or from
 * the sticker editor's Checkout it returns there, so the member can carry on
 * with what they came to do. Only these places are accepted from the
 * history entry's state.
 */
export const PAYMENT_RETURN_PLACES = ['/account', '/gold', '/profile/stickers'] as const;
export type PaymentReturnPlace = (typeof PAYMENT_RETURN_PLACES)[number];

export interface PaymentReturnState {
  returnTo?: PaymentReturnPlace;
}

export const PAYMENT_PATH = '/account/payment';

export function paymentReturnPlace(state: unknown): PaymentReturnPlace {
  const wanted = (state as PaymentReturnState | null)?.returnTo;
  return PAYMENT_RETURN_PLACES.find((place) => place === wanted) ?? '/account';
}
