/**
 * The account screen's password forms (spec §2): change the password with
 * the old one or with a reset link's hidden token; and the forgot-password
 * confirmation that mails a reset link.
 */
import { useState, type FormEvent } from 'react';
import { accountMessages } from '@platter/contract';
import { call } from '../../api/client';
import { CurrentPasswordField, NewPasswordFields, SaveCancelActions } from '../../ui/account-fields';
import { Spinner } from '../../ui/spinner';
import { currentPasswordErrors, hasErrors, newPasswordErrors, type FormErrors } from './account-form-rules';
import { isExpiredLink } from './account-layout';
import { FormProblem } from './form-problem';
import { useAccountAction } from './use-account-action';

interface ChangePasswordProps {
  /** A reset link's token: it stands in for the old password. */
  resetToken: string | null;
  onDone: () => void;
  onCancel: () => void;
  /** The reset link's token has expired or was used. */
  onExpired: () => void;
}

type PasswordField = 'oldPassword' | 'password' | 'confirm';

export function ChangePasswordForm({ resetToken, onDone, onCancel, onExpired }: ChangePasswordProps) {
  const [fields, setFields] = useState({ oldPassword: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<FormErrors<PasswordField>>({});
  const action = useAccountAction(
    async (input: { password: string; old_password: string } | { password: string; reset_token: string }) => {
      await call('user.change_password', input);
      return accountMessages.passwordSaved;
    },
    // Someone who followed a reset link may not be signed in: there is no one to re-read.
    { onDone, refresh: resetToken === null },
  );

  const change = (field: PasswordField, value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    action.clear();
    const found = {
      ...(resetToken ? {} : currentPasswordErrors(fields.oldPassword, 'oldPassword')),
      ...newPasswordErrors(fields.password, fields.confirm),
    };
    setErrors(found);
    if (hasErrors(found)) return;
    const input = resetToken
      ? { password: fields.password, reset_token: resetToken }
      : { password: fields.password, old_password: fields.oldPassword };
    action.start(input, (error) => {
      if (!isExpiredLink(error)) return false;
      onExpired();
      return true;
    });
  };

  if (action.busy) return <Spinner label="Saving your password…" />;
  return (
    <form className="form account-form" onSubmit={submit} noValidate>
      <h3 className="account-form__title">{resetToken ? 'Choose a new password' : 'Change password'}</h3>
      {resetToken ? (
        <input type="hidden" name="reset_token" value={resetToken} />
      ) : (
        <CurrentPasswordField
          label="Old password"
          name="old-password"
          autoFocus
          value={fields.oldPassword}
          error={errors.oldPassword}
          onChange={(value) => change('oldPassword', value)}
        />
      )}
      <NewPasswordFields
        confirmLabel="Confirm new password"
        password={{
          value: fields.password,
          error: errors.password,
          onChange: (value) => change('password', value),
          autoFocus: resetToken !== null,
        }}
        confirm={{ value: fields.confirm, error: errors.confirm, onChange: (value) => change('confirm', value) }}
      />
      <FormProblem problem={action.problem} />
      <SaveCancelActions onCancel={onCancel} />
    </form>
  );
}

interface ForgotPasswordProps {
  address: string;
  onDone: () => void;
  onCancel: () => void;
}

/** "Click Send and we'll email a password reset link to" the member's address (spec §2). */
export function ForgotPasswordConfirm({ address, onDone, onCancel }: ForgotPasswordProps) {
  const action = useAccountAction(
    async (email: string) => {
      await call('user.forgot_password', { email });
      return accountMessages.resetSent;
    },
    { onDone, refresh: false },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    action.clear();
    action.start(address);
  };

  if (action.busy) return <Spinner label="Sending…" />;
  return (
    <form className="form account-form" onSubmit={submit} noValidate>
      <h3 className="account-form__title">Forgot password?</h3>
      <p className="account-form__text">
        Click Send and we'll email a password reset link to <strong className="account-address">{address}</strong>
      </p>
      <FormProblem problem={action.problem} />
      <div className="form-actions">
        <button type="submit" className="button button--primary" autoFocus>
          Send
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
