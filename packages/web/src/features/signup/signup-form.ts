/**
 * The sign-up steps' rules (spec §5), with the contract's messages: instant
 * feedback in the form, the same words the server would answer with.
 */
import { djName, email, firstError, password, passwordWithConfirmation } from '@platter/contract';

export interface CompleteForm {
  name: string;
  email: string;
  password: string;
  confirm: string;
}

export type CompleteField = keyof CompleteForm;
export type CompleteErrors = Partial<Record<CompleteField, string>>;

export function nameError(name: string): string | null {
  return firstError(djName, name);
}

/** Every field's first problem; an empty object when the form can be sent. */
export function checkCompleteForm(form: CompleteForm): CompleteErrors {
  const errors: CompleteErrors = {};
  const name = nameError(form.name);
  if (name) errors.name = name;
  const address = firstError(email, form.email);
  if (address) errors.email = address;
  const newPassword = firstError(password, form.password);
  if (newPassword) errors.password = newPassword;
  else {
    const confirm = firstError(passwordWithConfirmation, { password: form.password, confirm: form.confirm });
    if (confirm) errors.confirm = confirm;
  }
  return errors;
}

/** Which field a server's refusal is about, so that it shows beside that field. */
export function fieldOfServerError(message: string): CompleteField | null {
  if (/DJ name/i.test(message)) return 'name';
  if (/email/i.test(message) && !/password/i.test(message)) return 'email';
  if (/password/i.test(message) && !/email/i.test(message)) return 'password';
  return null;
}
