/**
 * What the login routes say when they send the browser back (contract
 * SOCIAL_RETURN_PARAMS): a provider connected, or why it was not. Read once
 * when the page arrives, then taken out of the address so that a reload or a
 * shared link does not say it again.
 */
import {
  SOCIAL_FAILURES,
  SOCIAL_OUTCOMES,
  SOCIAL_PROVIDERS,
  SOCIAL_RETURN_PARAMS,
  type SocialFailure,
  type SocialOutcome,
  type SocialProviderId,
} from '@platter/contract';

export type SocialReturn =
  | { kind: 'connected'; provider: SocialProviderId; outcome: SocialOutcome }
  | { kind: 'error'; provider: SocialProviderId; reason: SocialFailure };

/** The value when it is one of `known` (checked by hand: the lobby carries no zod, docs/web-weight.md). */
function oneOf<T extends string>(known: readonly T[], value: string | null): T | undefined {
  return known.find((item) => item === value);
}

export function readSocialReturn(search: string): SocialReturn | null {
  const params = new URLSearchParams(search);
  const connected = oneOf(SOCIAL_PROVIDERS, params.get(SOCIAL_RETURN_PARAMS.connected));
  if (connected) {
    const outcome = oneOf(SOCIAL_OUTCOMES, params.get(SOCIAL_RETURN_PARAMS.outcome));
    return { kind: 'connected', provider: connected, outcome: outcome ?? 'connected' };
  }
  const provider = oneOf(SOCIAL_PROVIDERS, params.get(SOCIAL_RETURN_PARAMS.provider));
  if (!provider || !params.has(SOCIAL_RETURN_PARAMS.error)) return null;
  const reason = oneOf(SOCIAL_FAILURES, params.get(SOCIAL_RETURN_PARAMS.error));
  return { kind: 'error', provider, reason: reason ?? 'failed' };
}

/** The query string without the social return parameters ('' when nothing else is left). */
export function withoutSocialReturn(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of Object.values(SOCIAL_RETURN_PARAMS)) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
