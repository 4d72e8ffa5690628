/**
 * What the login routes say when they send the browser back (contract
 * SOCIAL_RETURN_PARAMS): a provider connected, or why it was not. Read once
 * when the page arrives, then taken out of the address so that a reload or a
 * shared link does not say it again.
 */
import {
  SOCIAL_RETURN_PARAMS,
  socialFailure,
  socialOutcome,
  socialProviderId,
  type SocialFailure,
  type SocialOutcome,
  type SocialProviderId,
} from '@platter/contract';

export type SocialReturn =
  | { kind: 'connected'; provider: SocialProviderId; outcome: SocialOutcome }
  | { kind: 'error'; provider: SocialProviderId; reason: SocialFailure };

export function readSocialReturn(search: string): SocialReturn | null {
  const params = new URLSearchParams(search);
  const connected = socialProviderId.safeParse(params.get(SOCIAL_RETURN_PARAMS.connected));
  if (connected.success) {
    const outcome = socialOutcome.safeParse(params.get(SOCIAL_RETURN_PARAMS.outcome));
    return { kind: 'connected', provider: connected.data, outcome: outcome.success ? outcome.data : 'connected' };
  }
  const provider = socialProviderId.safeParse(params.get(SOCIAL_RETURN_PARAMS.provider));
  if (!provider.success || !params.has(SOCIAL_RETURN_PARAMS.error)) return null;
  const reason = socialFailure.safeParse(params.get(SOCIAL_RETURN_PARAMS.error));
  return { kind: 'error', provider: provider.data, reason: reason.success ? reason.data : 'failed' };
}

/** The query string without the social return parameters ('' when nothing else is left). */
export function withoutSocialReturn(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of Object.values(SOCIAL_RETURN_PARAMS)) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
