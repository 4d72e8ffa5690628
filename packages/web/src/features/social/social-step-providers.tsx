/**
 * The sign-up social step's buttons (spec §2 Social step modal), composed into it by the app: one
 * "Connect with …" for each provider this server is set up for, under the name it is configured
 * with. A provider not set up is not offered (its route could only say so); a server with none
 * says there is nothing to connect, so a new member is not sent to a dead end.
 */
import { socialStepMessages } from '@platter/contract';
import { useSocialAccounts } from './use-social';

export function SocialStepProviders() {
  const accounts = useSocialAccounts();
  if (!accounts.data) return null;
  const available = accounts.data.filter((account) => account.available);
  if (available.length === 0) return <p className="social-step__none">{socialStepMessages.noneSetUp}</p>;
  return (
    <div className="social-step__providers">
      {available.map((account) => (
        <a
          key={account.id}
          href={account.login_path}
          className={`button social-button social-button--${account.id}`}
          data-provider={account.id}
        >
          {socialStepMessages.connectWith(account.name)}
        </a>
      ))}
    </div>
  );
}
