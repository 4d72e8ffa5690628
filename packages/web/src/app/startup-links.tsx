/**
 * Acts on the URL parameters the page was opened with (spec §2): the links
 * in our mails, and the invitations to a screen. Each is handled once and
 * leaves the address, so that a reload or a shared address does not repeat it.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { accountMessages } from '@platter/contract';
import { call, errorText } from '../api/client';
import { isExpiredLink } from '../features/account/account-layout';
import type { AccountEntryState } from '../features/account/accounts-modal';
import { showLinkExpired } from '../features/account/link-expired';
import { prepareCompleteRegistration } from '../features/signup/start-complete-registration';
import { readStartupParams, withoutStartupParams, type StartupAction } from '../lib/startup-params';
import { useRefreshUser, useSession } from '../session/use-session';
import { useAlerts } from '../ui/alerts';

export function StartupLinks() {
  const location = useLocation();
  const navigate = useNavigate();
  const { showAlert } = useAlerts();
  const session = useSession();
  const refreshUser = useRefreshUser();
  const [actions] = useState<StartupAction[]>(() => readStartupParams(location.search));
  const started = useRef(false);
  const verifying = useRef(false);

  // Open what the address asks for, and take the parameters out of it.
  useEffect(() => {
    if (started.current || actions.length === 0) return;
    started.current = true;
    let opened = false;
    for (const action of actions) {
      switch (action.type) {
        case 'linkExpired':
          showLinkExpired(action.link);
          break;
        case 'resetPassword':
          opened = true;
          navigate('/account', { replace: true, state: { resetToken: action.token } satisfies AccountEntryState });
          break;
        case 'prefsChanged':
          opened = true;
          navigate('/account/contact', { replace: true });
          showAlert(accountMessages.prefsSaved, { kind: 'success' });
          break;
        case 'firstVisit':
          opened = true;
          navigate('/account', { replace: true, state: { first: true } satisfies AccountEntryState });
          break;
        case 'completeRegistration':
          opened = true;
          prepareCompleteRegistration(action.avatarId);
          navigate('/signup/email', { replace: true });
          break;
        case 'verifyEmail':
          break;
      }
    }
    if (!opened) navigate(withoutStartupParams(location.pathname, location.search) + location.hash, { replace: true });
  }, [actions, location, navigate, showAlert]);

  // A verification link needs the session first: the token is checked as whoever opened it.
  const user = session.data;
  useEffect(() => {
    const verify = actions.find(
      (action): action is Extract<StartupAction, { type: 'verifyEmail' }> => action.type === 'verifyEmail',
    );
    if (!verify || !user || verifying.current) return;
    verifying.current = true;
    call('user.change_email', { verify_token: verify.token })
      .then(async () => {
        showAlert(accountMessages.emailSaved, { kind: 'success' });
        await refreshUser().catch(() => undefined);
      })
      .catch((error: unknown) => {
        if (isExpiredLink(error)) showLinkExpired('email');
        else showAlert(errorText(error), { kind: 'error' });
      });
  }, [actions, user, showAlert, refreshUser]);

  return null;
}
