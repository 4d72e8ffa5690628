/**
 * Manage Accounts' default view (spec §2): the email with 'change email', the
 * masked password with 'change password' and 'forgot password?', and an
 * address waiting for verification with 'resend email' and 'change email'.
 */
import type { ReactNode } from 'react';
import { PASSWORD_MASK, type SelfUser } from '@platter/contract';
import { call } from '../../api/client';
import { Spinner } from '../../ui/spinner';
import type { AccountView } from './account-layout';
import { FormProblem } from './form-problem';
import { useAccountAction } from './use-account-action';

interface OverviewProps {
  user: SelfUser;
  show: (view: AccountView) => void;
  /** Gold members' payment rows (spec §2), supplied by the gold feature; nothing until then. */
  paymentSlot?: ReactNode;
}

export function AccountOverview({ user, show, paymentSlot }: OverviewProps) {
  const resend = useAccountAction(
    async (email: string) => {
      await call('user.reverify_email', { email });
      return `We sent a new verification link to ${email}.`;
    },
    { onDone: () => undefined, refresh: false },
  );

  if (resend.busy) return <Spinner label="Sending…" />;
  return (
    <div className="account-overview">
      <dl className="account-rows">
        {user.email && (
          <Row label="Email" value={<span className="account-address">{user.email}</span>}>
            <ActionLink onClick={() => show('changeEmail')}>change email</ActionLink>
          </Row>
        )}
        {user.unverified_email && (
          <Row
            label={user.email ? 'New email' : 'Email'}
            pending
            value={
              <>
                <span className="account-address">{user.unverified_email}</span>
                <span className="account-badge">unverified</span>
              </>
            }
            note="Follow the link we emailed to verify this address."
          >
            <ActionLink onClick={() => user.unverified_email && resend.start(user.unverified_email)}>
              resend email
            </ActionLink>
            <ActionLink onClick={() => show('changeEmail')}>change email</ActionLink>
          </Row>
        )}
        <Row
          label="Password"
          value={
            user.has_tt_password ? (
              <span className="account-mask" aria-label="Password set">
                {PASSWORD_MASK}
              </span>
            ) : (
              <span className="account-unset">Not set</span>
            )
          }
        >
          <ActionLink onClick={() => show('changePassword')}>
            {user.has_tt_password ? 'change password' : 'set password'}
          </ActionLink>
          {user.has_tt_password && <ActionLink onClick={() => show('forgotPassword')}>forgot password?</ActionLink>}
        </Row>
      </dl>
      <FormProblem problem={resend.problem} />
      {paymentSlot}
    </div>
  );
}

function Row({
  label,
  value,
  note,
  pending = false,
  children,
}: {
  label: string;
  value: ReactNode;
  note?: string;
  pending?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`account-row${pending ? ' account-row--pending' : ''}`}>
      <dt className="account-row__label">{label}</dt>
      <dd className="account-row__value">
        {value}
        {note && <span className="account-row__note">{note}</span>}
      </dd>
      <dd className="account-row__actions">{children}</dd>
    </div>
  );
}

function ActionLink({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="link-button" onClick={onClick}>
      {children}
    </button>
  );
}
