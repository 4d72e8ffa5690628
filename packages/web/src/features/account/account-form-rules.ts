/** The account forms' rules (spec §5), with the contract's messages. */
import { email, firstError, password, passwordWithConfirmation } from '@platter/contract';

export type FormErrors<F extends string> = Partial<Record<F, string>>;

/** A new password and its confirmation: too short first, then whether they match. */
export function newPasswordErrors(newPassword: string, confirm: string): FormErrors<'password' | 'confirm'> {
  const weak = firstError(password, newPassword);
  if (weak) return { password: weak };
  const mismatch = firstError(passwordWithConfirmation, { password: newPassword, confirm });
  return mismatch ? { confirm: mismatch } : {};
}

export function emailErrors(address: string): FormErrors<'email'> {
  const invalid = firstError(email, address);
  return invalid ? { email: invalid } : {};
}

/** The current password is needed, whatever it is: the server judges it. */
export function currentPasswordErrors(current: string, field: 'password' | 'oldPassword' = 'password') {
  return current ? {} : { [field]: 'Please enter your password' };
}

export function hasErrors(errors: object): boolean {
  return Object.values(errors).some(Boolean);
}
