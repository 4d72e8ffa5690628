/**
 * The fields that the account and sign-up forms share: an email, a current
 * password, a new password with its confirmation, and the Save / Cancel row.
 * Each is a `Field` with the attributes browsers and password managers expect;
 * what differs between forms (a label, a name, autofocus) comes in as a prop.
 */
import { commonMessages, EMAIL_MAX, PASSWORD_MAX } from '@platter/contract';
import { Field } from './field';

/** The server takes a current password of at most this many characters. */
const CURRENT_PASSWORD_MAX = 1024;

interface TextFieldProps {
  value: string;
  error?: string | null;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}

interface InputAttributes {
  label: string;
  type: 'email' | 'password';
  name: string;
  autoComplete: string;
  maxLength: number;
}

/** A `Field` for one form value: the value, its error and a change handler that takes the text. */
function ValueField({ field, ...attributes }: InputAttributes & { field: TextFieldProps }) {
  return (
    <Field
      {...attributes}
      autoFocus={field.autoFocus}
      value={field.value}
      error={field.error}
      onChange={(e) => field.onChange(e.target.value)}
    />
  );
}

export function EmailField({ label = commonMessages.email, ...field }: TextFieldProps & { label?: string }) {
  return (
    <ValueField field={field} label={label} type="email" name="email" autoComplete="email" maxLength={EMAIL_MAX} />
  );
}

export function CurrentPasswordField({
  label = commonMessages.password,
  name = 'password',
  ...field
}: TextFieldProps & { label?: string; name?: string }) {
  return (
    <ValueField
      field={field}
      label={label}
      type="password"
      name={name}
      autoComplete="current-password"
      maxLength={CURRENT_PASSWORD_MAX}
    />
  );
}

interface NewPasswordFieldsProps {
  password: TextFieldProps;
  confirm: Omit<TextFieldProps, 'autoFocus'>;
  label?: string;
  confirmLabel?: string;
}

/** A new password and its confirmation, each with its own error line. */
export function NewPasswordFields({
  password,
  confirm,
  label = commonMessages.newPassword,
  confirmLabel = commonMessages.confirmPassword,
}: NewPasswordFieldsProps) {
  return (
    <>
      <ValueField
        field={password}
        label={label}
        type="password"
        name="new-password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
      />
      <ValueField
        field={confirm}
        label={confirmLabel}
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
      />
    </>
  );
}

/** The Save button, with Cancel beside it when there is something to go back to. */
export function SaveCancelActions({ onCancel }: { onCancel?: () => void }) {
  return (
    <div className="form-actions">
      <button type="submit" className="button button--primary">
        {commonMessages.save}
      </button>
      {onCancel && (
        <button type="button" className="button" onClick={onCancel}>
          {commonMessages.cancel}
        </button>
      )}
    </div>
  );
}
