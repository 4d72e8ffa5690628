import { expect, test } from 'vitest';
import { ApiCallError, NO_MESSAGE } from '../../api/client';
import { LOGIN_FAILED_GENERIC, loginFailureText } from './login-failure';

test("the server's reason is shown as a sentence", () => {
  expect(loginFailureText(new ApiCallError("Sorry, that email and password don't match", 'api', 'invalid'))).toBe(
    "Sorry, that email and password don't match.",
  );
});

test('a failure without a message gets the generic one (spec §8)', () => {
  expect(loginFailureText(new ApiCallError(NO_MESSAGE, 'api', 'internal'))).toBe(LOGIN_FAILED_GENERIC);
  expect(loginFailureText(new Error('  '))).toBe(LOGIN_FAILED_GENERIC);
  expect(loginFailureText(undefined)).toBe(LOGIN_FAILED_GENERIC);
});
