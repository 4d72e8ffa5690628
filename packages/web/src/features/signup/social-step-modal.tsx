/**
 * The social step (spec §2 Social step modal), after registering: connect
 * the social network or the short-message network to find friends, or
 * "No thanks, I'll do it later", which goes home (spec §4 Registration).
 * The provider buttons are plain page loads of the login routes; what
 * happens there belongs to the social feature.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { pageConfig } from '../../lib/page-config';
import { Modal } from '../../ui/modal';
import { usePageTitle } from '../../ui/page-title';

/** The two providers (spec §2 Other paths): the social network and the short-message network. */
const PROVIDERS = [
  { id: 'facebook', label: 'Facebook', href: '/facebook_login' },
  { id: 'twitter', label: 'Twitter', href: '/twitter_login/' },
] as const;

/** `notice`: the social feature's word on an unreachable provider or a failed journey (composed by the app). */
export function SocialStepModal({ onClose, notice }: { onClose: () => void; notice?: ReactNode }) {
  usePageTitle('Sign Up');
  return (
    <Modal title={`${pageConfig.productName} is awesome with friends!`} onClose={onClose}>
      <div className="social-step">
        <p className="social-step__text">
          Connect an account to see which rooms your friends are in, and to bring them along to yours.
        </p>
        <div className="social-step__providers">
          {PROVIDERS.map((provider) => (
            <a
              key={provider.id}
              href={provider.href}
              className={`button social-button social-button--${provider.id}`}
              data-provider={provider.id}
            >
              Connect with {provider.label}
            </a>
          ))}
        </div>
        {notice}
        <Link to="/" className="link-button social-step__later">
          No thanks, I'll do it later
        </Link>
      </div>
    </Modal>
  );
}
