/**
 * For the sign-up social step (spec §2 Social step modal), which the app
 * composes with this: 'Something's not right. Facebook Connect is
 * unreachable right now—please try again later.', with the provider named,
 * for a provider that cannot be reached; and how a journey through one ended
 * when it came back to the step (`?return_to=/signup/social`).
 */
import { socialMessages } from '@platter/contract';
import { ConnectError } from './connect-error';
import { useSocialAccounts, useSocialArrival } from './use-social';
import './social.css';

export function SocialStepNotice() {
  const accounts = useSocialAccounts();
  const arrival = useSocialArrival();
  const failed = arrival?.kind === 'error' ? accounts.data?.find((a) => a.id === arrival.provider) : undefined;
  const unreachable = (accounts.data ?? []).filter(
    (a) => a.available && !a.reachable && !(failed?.id === a.id && arrival?.kind === 'error'),
  );
  if (!failed && unreachable.length === 0) return null;
  return (
    <div className="social-step-notice">
      {failed && arrival?.kind === 'error' && <ConnectError service={failed.name} reason={arrival.reason} />}
      {unreachable.map((account) => (
        <p key={account.id} className="form-error" role="alert">
          {socialMessages.unreachable(account.name)}
        </p>
      ))}
    </div>
  );
}
