import { expect, test } from 'vitest';
import { currentPasswordErrors, emailErrors, hasErrors, newPasswordErrors } from './account-form-rules';

test("a new password is checked in the spec's words", () => {
  expect(newPasswordErrors('secret1', 'secret1')).toEqual({});
  expect(newPasswordErrors('abc', 'abc')).toEqual({ password: 'Your password must be at least 6 characters long' });
  expect(newPasswordErrors('secret1', 'secret2')).toEqual({ confirm: 'Your passwords must match' });
});

test('an email must look like one', () => {
  expect(emailErrors('ada@example.com')).toEqual({});
  expect(emailErrors(' ada@example.com ')).toEqual({});
  expect(emailErrors('ada@')).toEqual({ email: 'Please enter a valid email address' });
});

test('the current password must be given', () => {
  expect(currentPasswordErrors('x')).toEqual({});
  expect(currentPasswordErrors('')).toEqual({ password: 'Please enter your password' });
  expect(currentPasswordErrors('', 'oldPassword')).toEqual({ oldPassword: 'Please enter your password' });
  expect(hasErrors({})).toBe(false);
  expect(hasErrors({ email: undefined })).toBe(false);
  expect(hasErrors({ email: 'x' })).toBe(true);
});
