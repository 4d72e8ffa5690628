/**
 * The link-expired modal (spec §2 URL parameters, §8): a verification or
 * reset link that has expired or was used already. It can open from the
 * address (`?expired=email|password`), from the startup effect, or from a
 * form that sent an old token; the app renders its one host.
 */
import { useSyncExternalStore } from 'react';
import { accountMessages } from '@platter/contract';
import { pageConfig } from '../../lib/page-config';
import type { ExpiredLink } from '../../lib/startup-params';
import { Modal } from '../../ui/modal';
import { ModalLink } from '../../ui/modal-link';

let shown: ExpiredLink | null = null;
const listeners = new Set<() => void>();

function set(link: ExpiredLink | null) {
  shown = link;
  for (const listener of listeners) listener();
}

export function showLinkExpired(link: ExpiredLink): void {
  set(link);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function LinkExpiredHost() {
  const link = useSyncExternalStore(subscribe, () => shown);
  if (!link) return null;
  return <LinkExpiredModal link={link} onClose={() => set(null)} />;
}

function LinkExpiredModal({ link, onClose }: { link: ExpiredLink; onClose: () => void }) {
  const contact = pageConfig.contactEmail;
  return (
    <Modal title="This link has expired" onClose={onClose}>
      <div className="link-expired">
        <p>{accountMessages.linkExpired}</p>
        <p className="link-expired__help">
          {link === 'password'
            ? 'You can ask for a new password reset link.'
            : 'You can send yourself a new verification link from Manage Account.'}
        </p>
        <p className="link-expired__support">
          {contact ? (
            <>
              Support: <a href={`mailto:${contact}`}>{contact}</a>
            </>
          ) : (
            <a href="/about#contact">How to reach support</a>
          )}
        </p>
        <div className="form-actions">
          {link === 'password' ? (
            <ModalLink to="/reset-password" className="button button--primary" onClick={onClose}>
              Send a new link
            </ModalLink>
          ) : (
            <ModalLink to="/account" className="button button--primary" onClick={onClose}>
              Manage Account
            </ModalLink>
          )}
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </Modal>
  );
}
