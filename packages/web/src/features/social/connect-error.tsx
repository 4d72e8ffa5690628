/**
 * Spec §8 social connect failure: '{service} connect error' and 'Sorry, an
 * error occurred while trying to connect your {service} account.' with a link
 * to the FAQ. The failures the spec has other words for say those instead
 * (an unreachable provider: the social step's words; docs/social.md).
 */
import { socialMessages, type SocialFailure } from '@platter/contract';

export const FAQ_PATH = '/static/faq.html';

export function connectErrorText(service: string, reason: SocialFailure): string {
  switch (reason) {
    case 'unreachable':
      return socialMessages.unreachable(service);
    case 'taken':
      return socialMessages.taken(service);
    case 'unavailable':
      return socialMessages.unavailable(service);
    default:
      return socialMessages.connectErrorText(service);
  }
}

export function ConnectError({
  service,
  reason,
  className = '',
}: {
  service: string;
  reason: SocialFailure;
  className?: string;
}) {
  return (
    <div className={`connect-error ${className}`} role="alert">
      <strong className="connect-error__title">{socialMessages.connectErrorTitle(service)}</strong>
      <p className="connect-error__text">
        {connectErrorText(service, reason)}{' '}
        <a href={FAQ_PATH} target="_blank" rel="noopener">
          Read the FAQ
        </a>
      </p>
    </div>
  );
}
