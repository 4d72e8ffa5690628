/**
 * The account screen's email forms (spec §2): change the email (new address
 * and the current password), and set an email and a password together for a
 * member who has neither. A new address waits for its link (spec §4 Email);
 * the server's notice, when it sends one, is what the member is told.
 */
import { useState, type FormEvent } from 'react';
import { accountMessages } from '@platter/contract';
import { call } from '../../api/client';
import { pageConfig } from '../../lib/page-config';
import { CurrentPasswordField, EmailField, NewPasswordFields, SaveCancelActions } from '../../ui/account-fields';
import { Spinner } from '../../ui/spinner';
import {
  currentPasswordErrors,
  emailErrors,
  hasErrors,
  newPasswordErrors,
  type FormErrors,
} from './account-form-rules';
import { FormProblem } from './form-problem';
import { useAccountAction } from './use-account-action';

function useFields<F extends string>(initial: Record<F, string>) {
  const [fields, setFields] = useState(initial);
  const [errors, setErrors] = useState<FormErrors<F>>({});
  const change = (field: F, value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  return { fields, errors, setErrors, change };
}

export function ChangeEmailForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { fields, errors, setErrors, change } = useFields({ email: '', password: '' });
  const action = useAccountAction(
    async (input: { email: string; password: string }) => {
      const { notice } = await call('user.change_email', input);
      return notice ?? accountMessages.emailAndPasswordUpdated;
    },
    { onDone },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    action.clear();
    const found = { ...emailErrors(fields.email), ...currentPasswordErrors(fields.password) };
    setErrors(found);
    if (hasErrors(found)) return;
    action.start({ email: fields.email.trim(), password: fields.password });
  };

  if (action.busy) return <Spinner label="Saving your email…" />;
  return (
    <form className="form account-form" onSubmit={submit} noValidate>
      <h3 className="account-form__title">Change email</h3>
      <EmailField
        label="New email"
        autoFocus
        value={fields.email}
        error={errors.email}
        onChange={(value) => change('email', value)}
      />
      <CurrentPasswordField
        value={fields.password}
        error={errors.password}
        onChange={(value) => change('password', value)}
      />
      <FormProblem problem={action.problem} />
      <SaveCancelActions onCancel={onCancel} />
    </form>
  );
}

interface SetEmailPasswordProps {
  /** The address waiting for verification, to start from. */
  initialEmail: string;
  /** Just arrived (`?first`): a word of welcome. */
  first: boolean;
  onDone: () => void;
  /** Absent when there is nothing to go back to (spec §2: Cancel only with an unverified email). */
  onCancel?: () => void;
}

export function SetEmailPasswordForm({ initialEmail, first, onDone, onCancel }: SetEmailPasswordProps) {
  const { fields, errors, setErrors, change } = useFields({ email: initialEmail, password: '', confirm: '' });
  const action = useAccountAction(
    async (input: { email: string; password: string }) => {
      const { notice } = await call('user.set_email_password', input);
      return notice ?? accountMessages.emailAndPasswordSaved;
    },
    { onDone },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    action.clear();
    const found = { ...emailErrors(fields.email), ...newPasswordErrors(fields.password, fields.confirm) };
    setErrors(found);
    if (hasErrors(found)) return;
    action.start({ email: fields.email.trim(), password: fields.password });
  };

  if (action.busy) return <Spinner label="Saving your email and password…" />;
  return (
    <form className="form account-form" onSubmit={submit} noValidate>
      {first ? (
        <p className="account-form__welcome">
          Welcome to {pageConfig.productName}! Add an email and a password so that you can sign in from anywhere.
        </p>
      ) : (
        <p className="account-form__text">Add an email and a password so that you can sign in from anywhere.</p>
      )}
      <EmailField autoFocus value={fields.email} error={errors.email} onChange={(value) => change('email', value)} />
      <NewPasswordFields
        label="Password"
        password={{ value: fields.password, error: errors.password, onChange: (value) => change('password', value) }}
        confirm={{ value: fields.confirm, error: errors.confirm, onChange: (value) => change('confirm', value) }}
      />
      <FormProblem problem={action.problem} />
      <SaveCancelActions onCancel={onCancel} />
    </form>
  );
}
