/**
 * The forgot-password modal (spec §2): an email address, and "Send email"
 * mails a reset link to it. The server answers the same whether or not the
 * address is known, so the page says the same too.
 */
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { accountMessages, email as emailRule, firstError } from '@platter/contract';
import { call, errorText } from '../../api/client';
import { useAlerts } from '../../ui/alerts';
import { EmailField } from '../../ui/account-fields';
import { Modal } from '../../ui/modal';
import { ModalLink } from '../../ui/modal-link';
import { usePageTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import { useInFlight } from '../../ui/use-in-flight';

const TITLE = 'Forgot your password?';

export function ForgotPasswordModal({ onClose }: { onClose: () => void }) {
  usePageTitle(TITLE);
  const { showAlert } = useAlerts();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({ mutationFn: (address: string) => call('user.forgot_password', { email: address }) });
  const flight = useInFlight();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const invalid = firstError(emailRule, email);
    setFieldError(invalid);
    if (invalid || !flight.start()) return;
    send.mutate(email.trim(), {
      onSettled: flight.done,
      onSuccess: () => {
        showAlert(accountMessages.resetSent, { kind: 'success' });
        onClose();
      },
      onError: (error) => setProblem(errorText(error)),
    });
  };

  return (
    <Modal
      title={TITLE}
      onClose={onClose}
      footer={
        <p>
          Remembered it? <ModalLink to="/login">Log in</ModalLink>
        </p>
      }
    >
      {send.isPending || send.isSuccess ? (
        <Spinner label="Sending…" />
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <p className="modal__lead">We'll send you an email to reset it.</p>
          <EmailField
            value={email}
            error={fieldError}
            onChange={(value) => {
              setEmail(value);
              setFieldError(null);
            }}
          />
          {problem && (
            <p className="form-error" role="alert">
              {problem}
            </p>
          )}
          <div className="form-actions">
            <button type="submit" className="button button--primary">
              Send email
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
