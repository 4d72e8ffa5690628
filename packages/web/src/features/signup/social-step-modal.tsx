/**
 * The social step (spec §2 Social step modal), after registering: connect
 * the social network or the short-message network to find friends, or
 * "No thanks, I'll do it later", which goes home (spec §4 Registration).
 * The social feature composes the provider buttons (those this server is set
 * up for, as plain page loads of their login routes) and its notice.
 * Arriving from the email step, it first says to check the mail: the same
 * words whether the address was new or had an account (docs/accounts.md).
 */
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { signupMessages } from '@platter/contract';
import { pageConfig } from '../../lib/page-config';
import { Modal } from '../../ui/modal';
import { usePageTitle } from '../../ui/page-title';

/** `providers` and `notice`: the social feature's buttons, and its word on an unreachable provider or a failed journey. */
export function SocialStepModal({
  onClose,
  providers,
  notice,
}: {
  onClose: () => void;
  providers: ReactNode;
  notice?: ReactNode;
}) {
  usePageTitle('Sign Up');
  const sentTo = mailSentTo(useLocation().state);
  return (
    <Modal title={`${pageConfig.productName} is awesome with friends!`} onClose={onClose}>
      <div className="social-step">
        {sentTo && (
          <p className="social-step__mail" role="status">
            {signupMessages.checkMail(sentTo)}
          </p>
        )}
        <p className="social-step__text">
          Connect an account to see which rooms your friends are in, and to bring them along to yours.
        </p>
        {providers}
        {notice}
        <Link to="/" className="link-button social-step__later">
          No thanks, I'll do it later
        </Link>
      </div>
    </Modal>
  );
}

/** The address the email step just signed up with, which it passes in the navigation's state. */
function mailSentTo(state: unknown): string | null {
  const sentTo = (state as { mailSentTo?: unknown } | null)?.mailSentTo;
  return typeof sentTo === 'string' && sentTo ? sentTo : null;
}
