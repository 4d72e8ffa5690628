/**
 * The connect banner (spec §4; states in banner-state.ts): an invitation to
 * link the providers not linked yet, the outcome of a journey through one,
 * and a close control that hides banner and error for good.
 */
import { useEffect, useState } from 'react';
import { CONNECT_BANNER_AUTO_CLOSE_MS, type SocialAccount } from '@platter/contract';
import { getSetting, setSetting } from '../../lib/cookies';
import { pageConfig } from '../../lib/page-config';
import { useCurrentUser } from '../../session/use-session';
import { bannerState, CONNECT_SETTINGS } from './banner-state';
import { ConnectError } from './connect-error';
import { ProfileImage } from './profile-image';
import { connectHref, useSocialAccounts, useSocialArrival } from './use-social';
import './social.css';

const readSettings = () => ({
  hideBanner: getSetting(CONNECT_SETTINGS.hideBanner) === '1',
  hideError: getSetting(CONNECT_SETTINGS.hideError) === '1',
  clicked: getSetting(CONNECT_SETTINGS.clicked) === '1',
});

export function ConnectBanner() {
  const user = useCurrentUser();
  const accounts = useSocialAccounts();
  const arrival = useSocialArrival();
  const [settings, setSettings] = useState(readSettings);
  // A success closes the banner by itself, for this visit only (the invitation may come back next time).
  const [autoClosed, setAutoClosed] = useState(false);
  const state = bannerState(user?.registered ?? false, accounts.data, settings, arrival);
  const succeeded = state.kind === 'connected';

  // The journey the banner started is over: its outcome is in `settings.clicked` for this visit.
  useEffect(() => {
    if (getSetting(CONNECT_SETTINGS.clicked) === '1') setSetting(CONNECT_SETTINGS.clicked, '0');
  }, []);

  useEffect(() => {
    if (!succeeded) return;
    const timer = window.setTimeout(() => setAutoClosed(true), CONNECT_BANNER_AUTO_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [succeeded]);

  if (state.kind === 'hidden' || autoClosed) return null;

  const close = () => {
    setSetting(CONNECT_SETTINGS.hideBanner, '1');
    setSetting(CONNECT_SETTINGS.hideError, '1');
    setSettings(readSettings());
  };

  return (
    <section
      className={`connect-banner connect-banner--${state.kind}`}
      aria-label="Connect your accounts"
      role={state.kind === 'error' ? undefined : 'region'}
    >
      <div className="connect-banner__body">
        {state.kind === 'error' ? (
          <ConnectError service={state.account.name} reason={state.reason} className="connect-banner__error" />
        ) : state.kind === 'connected' ? (
          <div className="connect-banner__done" role="status">
            <ProfileImage account={state.account} size={36} />
            <p>
              {state.outcome === 'connected'
                ? `Your ${state.account.name} account is connected. Friends from ${state.account.name} will show up in your friends panel.`
                : state.outcome === 'signup'
                  ? `Welcome to ${pageConfig.productName}! You signed up with ${state.account.name}.`
                  : `Welcome back! You logged in with ${state.account.name}.`}
            </p>
          </div>
        ) : (
          <Invitation unlinked={state.unlinked} />
        )}
      </div>
      <button type="button" className="connect-banner__close" aria-label="Hide the connect banner" onClick={close}>
        ×
      </button>
    </section>
  );
}

function Invitation({ unlinked }: { unlinked: SocialAccount[] }) {
  const names = unlinked.map((a) => a.name).join(' and ');
  return (
    <div className="connect-banner__invite">
      <p>
        <strong>{pageConfig.productName} is better with friends.</strong> Connect {names} to see which rooms your
        friends are in.
      </p>
      <div className="connect-banner__actions">
        {unlinked.map((account) => (
          <a
            key={account.id}
            className={`button button--small connect-banner__connect connect-banner__connect--${account.id}`}
            href={connectHref(account, '/')}
            onClick={() => setSetting(CONNECT_SETTINGS.clicked, '1')}
          >
            Connect {account.name}
          </a>
        ))}
      </div>
    </div>
  );
}
