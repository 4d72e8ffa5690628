/**
 * Manage Social (spec §2 Social modal, width 400): both providers, connected
 * or not, with the picture and name there; Connect is a full-page journey
 * through the provider, Disconnect posts to the unattach route and may meet
 * the §5 rule; the fine print; and how the last journey ended.
 */
import { SOCIAL_MODAL_WIDTH, socialMessages, type SocialAccount } from '@platter/contract';
import { errorText } from '../../api/client';
import { useCurrentUser } from '../../session/use-session';
import { Modal } from '../../ui/modal';
import { ModalLink } from '../../ui/modal-link';
import { usePageTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import { ConnectError } from './connect-error';
import { ProfileImage } from './profile-image';
import { connectHref, useDisconnect, useSocialAccounts, useSocialArrival } from './use-social';
import './social.css';
import { stillFocusable } from '../../ui/still-focusable';

export function SocialModal({ onClose }: { onClose: () => void }) {
  usePageTitle('Manage Social');
  const user = useCurrentUser();
  const accounts = useSocialAccounts();
  const arrival = useSocialArrival();
  const disconnect = useDisconnect();
  const arrivedAt = arrival && accounts.data?.find((a) => a.id === arrival.provider);

  return (
    <Modal title="Manage Social" width={SOCIAL_MODAL_WIDTH} onClose={onClose}>
      <div className="social">
        {user && !user.registered ? (
          <p className="social__members-only">
            <ModalLink to="/signup">Sign up</ModalLink> or <ModalLink to="/login">log in</ModalLink> to connect your
            accounts.
          </p>
        ) : accounts.isPending ? (
          <Spinner label="Looking up your accounts…" />
        ) : accounts.isError ? (
          <p className="form-error" role="alert">
            {errorText(accounts.error)}
          </p>
        ) : (
          <>
            {arrival?.kind === 'error' && arrivedAt && (
              <ConnectError service={arrivedAt.name} reason={arrival.reason} />
            )}
            {arrival?.kind === 'connected' && arrivedAt?.connected && (
              <p className="social__notice" role="status">
                Your {arrivedAt.name} account is connected.
              </p>
            )}
            <ul className="social__accounts">
              {accounts.data.map((account) => (
                <AccountRow
                  key={account.id}
                  account={account}
                  busy={disconnect.isPending && disconnect.variables?.id === account.id}
                  onDisconnect={() => disconnect.mutate(account)}
                />
              ))}
            </ul>
            {disconnect.isError && (
              <p className="form-error social__problem" role="alert">
                {errorText(disconnect.error)}
              </p>
            )}
          </>
        )}
        <p className="social__fine-print">{socialMessages.finePrint}</p>
      </div>
    </Modal>
  );
}

function AccountRow({
  account,
  busy,
  onDisconnect,
}: {
  account: SocialAccount;
  busy: boolean;
  onDisconnect: () => void;
}) {
  const status = account.connected
    ? account.screen_name
      ? `Connected as ${account.screen_name}`
      : 'Connected'
    : account.available
      ? 'Not connected'
      : 'Not available on this server';
  return (
    <li className={`social-account social-account--${account.id}${account.connected ? ' is-connected' : ''}`}>
      <ProfileImage account={account} />
      <div className="social-account__text">
        <strong className="social-account__name">{account.name}</strong>
        <span className="social-account__status">{status}</span>
      </div>
      {account.connected ? (
        <button
          type="button"
          className="button button--small"
          aria-label={`Disconnect ${account.name}`}
          {...stillFocusable(busy, onDisconnect)}
        >
          {busy ? 'Disconnecting…' : 'Disconnect'}
        </button>
      ) : account.available ? (
        <a
          className="button button--primary button--small"
          href={connectHref(account)}
          aria-label={`Connect ${account.name}`}
        >
          Connect
        </a>
      ) : null}
    </li>
  );
}
