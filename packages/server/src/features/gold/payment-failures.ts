/**
 * What a failed provider call means for the member: declined (the provider's
 * own words, and a retry of the same order gets the same answer) or
 * unavailable (our words; a retry may ask the provider again, with the same
 * idempotency key, so a charge that did go through is not made twice).
 */
import { orderMessages } from '@platter/contract';
import { ApiError } from '../../api/errors';
import { PaymentError } from '../../adapters/payments/provider';

export type PaymentFailureCode = 'payment_declined' | 'payment_unavailable';

export interface PaymentFailure {
  message: string;
  code: PaymentFailureCode;
}

/** A provider error as a failure to record and tell; anything else (a bug) is not one. */
export function paymentFailureOf(error: unknown): PaymentFailure | null {
  if (!(error instanceof PaymentError)) return null;
  switch (error.kind) {
    case 'declined':
    case 'invalid':
      return { message: error.message || orderMessages.badToken, code: 'payment_declined' };
    case 'timeout':
      return { message: orderMessages.providerTimeout, code: 'payment_unavailable' };
    default:
      return { message: orderMessages.providerDown, code: 'payment_unavailable' };
  }
}

/** What a provider call that threw something other than a PaymentError is recorded as: nobody knows if it charged. */
export const PROVIDER_UNREACHABLE: PaymentFailure = {
  message: orderMessages.providerDown,
  code: 'payment_unavailable',
};

/**
 * A retried order that failed: a decline answers again with its words; only
 * one the provider never answered (unavailable) may go to the provider again.
 */
export function assertRetryable(order: { error: string | null; errorCode: string | null }): void {
  if (order.errorCode !== 'payment_unavailable')
    throw failureError({ message: order.error ?? orderMessages.badOrder, code: 'payment_declined' });
}

export function declined(message: string | null | undefined): PaymentFailure {
  return { message: message || 'Your card was declined.', code: 'payment_declined' };
}

export function failureError(failure: PaymentFailure): ApiError {
  return new ApiError(failure.message, failure.code);
}

/** Runs a provider call for a handler: its failures become the member's error envelope. */
export async function askProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const failure = paymentFailureOf(error);
    throw failure ? failureError(failure) : error;
  }
}
