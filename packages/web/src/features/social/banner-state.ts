/**
 * What the connect banner shows (spec §4 Connect banner; docs/social.md):
 * - after coming back from a provider: the outcome — a failure (unless the
 *   person closed the banner for good, hideConnectError), or a success (of a
 *   connect started at the banner, connectBannerClicked, or a login or
 *   sign-up through a provider), which closes itself after
 *   CONNECT_BANNER_AUTO_CLOSE_MS;
 * - otherwise, to members only, an invitation while a provider that is set up
 *   here is not linked yet — unless closed for good (hideConnectBanner).
 */
import type { SocialAccount } from '@platter/contract';
import type { SocialReturn } from './social-return';

/** The spec's local per-user settings (§3), kept in setting_ cookies. */
export const CONNECT_SETTINGS = {
  hideBanner: 'hideConnectBanner',
  hideError: 'hideConnectError',
  /** A connect was started from the banner: it is the banner that reports how it went. */
  clicked: 'connectBannerClicked',
} as const;

export interface BannerSettings {
  hideBanner: boolean;
  hideError: boolean;
  /** connectBannerClicked when the page arrived: the journey started at the banner. */
  clicked: boolean;
}

export type BannerState =
  | { kind: 'hidden' }
  | { kind: 'invite'; unlinked: SocialAccount[] }
  | { kind: 'connected'; account: SocialAccount; outcome: Extract<SocialReturn, { kind: 'connected' }>['outcome'] }
  | { kind: 'error'; account: SocialAccount; reason: Extract<SocialReturn, { kind: 'error' }>['reason'] };

export function bannerState(
  registered: boolean,
  accounts: readonly SocialAccount[] | undefined,
  settings: BannerSettings,
  arrival: SocialReturn | null,
): BannerState {
  if (!accounts) return { kind: 'hidden' };
  const account = arrival && accounts.find((a) => a.id === arrival.provider);
  if (arrival?.kind === 'error' && account && !settings.hideError) {
    return { kind: 'error', account, reason: arrival.reason };
  }
  if (!registered) return { kind: 'hidden' };
  // A connect reports back where it started: here when it started here; a login or sign-up is welcomed here.
  if (arrival?.kind === 'connected' && account && (settings.clicked || arrival.outcome !== 'connected')) {
    return { kind: 'connected', account, outcome: arrival.outcome };
  }
  if (settings.hideBanner) return { kind: 'hidden' };
  const unlinked = accounts.filter((a) => a.available && !a.connected);
  return unlinked.length > 0 ? { kind: 'invite', unlinked } : { kind: 'hidden' };
}
