/**
 * Manage Accounts (spec §2 Account screen, §4 Account layout): the overview,
 * or one of its forms. A reset link opens it on the change-password form with
 * the link's token, for anyone who holds the link, signed in or not.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { SelfUser } from '@platter/contract';
import { useLogout, useSession } from '../../session/use-session';
import { MembersOnly } from '../../ui/members-only';
import { Modal } from '../../ui/modal';
import { useModalNavigate } from '../../ui/modal-link';
import { usePageTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import { accountLayout, canCancelSetForm, resetAddress, type AccountView } from './account-layout';
import { AccountOverview } from './account-overview';
import { ChangeEmailForm, SetEmailPasswordForm } from './email-forms';
import { showLinkExpired } from './link-expired';
import { ChangePasswordForm, ForgotPasswordConfirm } from './password-forms';

const TITLE = 'Manage Accounts';
/** Wide enough for an address and both password links on one line. */
const WIDTH = 520;

/** What the startup effect hands to this screen, in the history entry rather than the address. */
export interface AccountEntryState {
  resetToken?: string;
  first?: boolean;
}

interface AccountsModalProps {
  onClose: () => void;
  /** Gold members' payment method and its links (spec §2); the gold feature fills it. */
  paymentSlot?: ReactNode;
}

export function AccountsModal({ onClose, paymentSlot }: AccountsModalProps) {
  usePageTitle(TITLE);
  const session = useSession();
  const location = useLocation();
  const entry = (location.state ?? {}) as AccountEntryState;
  const user = session.data;

  let body: ReactNode;
  if (!user) {
    body = session.isError ? (
      <p className="form-error" role="alert">
        Sorry, we couldn't reach the server. Please refresh to try again.
      </p>
    ) : (
      <Spinner />
    );
  } else if (entry.resetToken) {
    body = <ResetPassword token={entry.resetToken} user={user} onClose={onClose} />;
  } else if (!user.registered) {
    body = (
      <MembersOnly reason="Sign up or log in to manage your account: your email, your password and how we reach you." />
    );
  } else {
    body = <AccountScreen user={user} first={entry.first === true} paymentSlot={paymentSlot} onClose={onClose} />;
  }
  return (
    <Modal title={TITLE} onClose={onClose} width={WIDTH}>
      <div className="accounts">{body}</div>
    </Modal>
  );
}

function AccountScreen({
  user,
  first,
  paymentSlot,
  onClose,
}: {
  user: SelfUser;
  first: boolean;
  paymentSlot: ReactNode;
  onClose: () => void;
}) {
  const [requested, setRequested] = useState<AccountView>('overview');
  const view = accountLayout(user, requested, false);
  const overview = () => setRequested('overview');
  const box = useRef<HTMLDivElement>(null);

  // Moving between views removes the control that had focus: keep the keyboard inside the screen.
  useEffect(() => {
    const container = box.current;
    if (container && !container.contains(document.activeElement)) {
      container.querySelector<HTMLElement>('input:not([type="hidden"]), button')?.focus();
    }
  }, [view]);

  return (
    <div ref={box}>
      <CurrentView
        view={view}
        user={user}
        first={first}
        paymentSlot={paymentSlot}
        onClose={onClose}
        show={setRequested}
        overview={overview}
      />
    </div>
  );
}

function CurrentView({
  view,
  user,
  first,
  paymentSlot,
  onClose,
  show,
  overview,
}: {
  view: AccountView;
  user: SelfUser;
  first: boolean;
  paymentSlot: ReactNode;
  onClose: () => void;
  show: (view: AccountView) => void;
  overview: () => void;
}) {
  switch (view) {
    case 'setEmailPassword':
      return (
        <SetEmailPasswordForm
          initialEmail={user.unverified_email ?? user.email ?? ''}
          first={first}
          // Someone who has just arrived is done once both are set.
          onDone={first ? onClose : overview}
          onCancel={canCancelSetForm(user) ? overview : undefined}
        />
      );
    case 'changePassword':
      return <ChangePasswordForm resetToken={null} onDone={overview} onCancel={overview} onExpired={overview} />;
    case 'changeEmail':
      return <ChangeEmailForm onDone={overview} onCancel={overview} />;
    case 'forgotPassword':
      return <ForgotPasswordConfirm address={resetAddress(user) ?? ''} onDone={overview} onCancel={overview} />;
    case 'overview':
      return <AccountOverview user={user} show={show} paymentSlot={paymentSlot} />;
  }
}

/**
 * A reset link's form. A reset signs the account out everywhere (the server
 * ends its sessions), so afterwards this page starts afresh and asks for a
 * log-in with the new password.
 */
function ResetPassword({ token, user, onClose }: { token: string; user: SelfUser; onClose: () => void }) {
  const navigate = useNavigate();
  const modalNavigate = useModalNavigate();
  const logout = useLogout();
  // The token leaves the history entry once abandoned.
  const leave = () => (user.registered ? modalNavigate('/account', { replace: true }) : onClose());
  return (
    <ChangePasswordForm
      resetToken={token}
      onDone={() => {
        // The log-out outlives this form, which the move to the login modal takes away.
        logout.mutate();
        modalNavigate('/login', { replace: true });
      }}
      onCancel={leave}
      onExpired={() => {
        showLinkExpired('password');
        navigate('/', { replace: true });
      }}
    />
  );
}
