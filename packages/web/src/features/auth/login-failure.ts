import { apiMessages } from '@platter/contract';
import { NO_MESSAGE } from '../../api/client';

/** Spec §8: a login failure without a message of its own still says what happened. */
export const LOGIN_FAILED_GENERIC = apiMessages.loginFailed;

export function loginFailureText(error: unknown): string {
  const message = error instanceof Error ? error.message.trim() : '';
  if (!message || message === NO_MESSAGE) return LOGIN_FAILED_GENERIC;
  return /[.!?]$/.test(message) ? message : `${message}.`;
}
