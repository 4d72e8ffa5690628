/** The login modal (spec §2): "Sign in to Platter", email, password, "Log in", and the way to reset or sign up. */
import { useState, type FormEvent } from 'react';
import { pageConfig } from '../../lib/page-config';
import { CurrentPasswordField, EmailField } from '../../ui/account-fields';
import { HumanCheckWidget } from '../../ui/human-check';
import { Modal } from '../../ui/modal';
import { ModalLink } from '../../ui/modal-link';
import { usePageTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import { useLogin } from '../../session/use-session';
import { loginFailureText } from './login-failure';

export function LoginModal({ onClose }: { onClose: () => void }) {
  usePageTitle('Sign in');
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState<string | undefined>(undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setProblem('Please enter your email address.');
    if (!password) return setProblem('Please enter your password.');
    setProblem(null);
    login.mutate(
      { email: email.trim(), password, captcha },
      { onSuccess: onClose, onError: (e) => setProblem(loginFailureText(e)) },
    );
  };

  return (
    <Modal
      title={`Sign in to ${pageConfig.productName}`}
      onClose={onClose}
      footer={
        <p>
          Don't have an account? <ModalLink to="/signup">Sign up</ModalLink>
        </p>
      }
    >
      {login.isPending ? (
        <Spinner label="Signing you in…" />
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <EmailField value={email} onChange={setEmail} />
          <CurrentPasswordField value={password} onChange={setPassword} />
          <HumanCheckWidget onToken={setCaptcha} />
          {problem && (
            <p className="form-error" role="alert">
              {problem}
            </p>
          )}
          <div className="form-actions">
            <button type="submit" className="button button--primary">
              Log in
            </button>
            <ModalLink to="/reset-password" className="form-link">
              Forgot your password?
            </ModalLink>
          </div>
        </form>
      )}
    </Modal>
  );
}
