import { expect, test } from 'vitest';
import { ApiCallError } from '../../api/client';
import { accountLayout, canCancelSetForm, isExpiredLink, resetAddress } from './account-layout';

const member = { email: 'ada@example.com', unverified_email: null, has_tt_password: true };
const newcomer = { email: null, unverified_email: 'new@example.com', has_tt_password: true };
const socialOnly = { email: null, unverified_email: null, has_tt_password: false };
const waitingNoPassword = { email: null, unverified_email: 'new@example.com', has_tt_password: false };

test('a member with neither an unverified email nor a password sets both', () => {
  expect(accountLayout(socialOnly, 'overview', false)).toBe('setEmailPassword');
  expect(accountLayout(socialOnly, 'changeEmail', false)).toBe('setEmailPassword');
  expect(accountLayout({ ...socialOnly, email: 'a@b.co' }, 'overview', false)).toBe('setEmailPassword');
});

test('everyone else sees the overview or the form they asked for', () => {
  expect(accountLayout(member, 'overview', false)).toBe('overview');
  expect(accountLayout(member, 'changePassword', false)).toBe('changePassword');
  expect(accountLayout(member, 'changeEmail', false)).toBe('changeEmail');
  expect(accountLayout(member, 'forgotPassword', false)).toBe('forgotPassword');
  expect(accountLayout(newcomer, 'overview', false)).toBe('overview');
});

test('without a password, changing the email or password means setting both', () => {
  expect(accountLayout(waitingNoPassword, 'overview', false)).toBe('overview');
  expect(accountLayout(waitingNoPassword, 'changeEmail', false)).toBe('setEmailPassword');
  expect(accountLayout(waitingNoPassword, 'changePassword', false)).toBe('setEmailPassword');
});

test('a reset link always opens the change-password form', () => {
  expect(accountLayout(socialOnly, 'overview', true)).toBe('changePassword');
  expect(accountLayout(member, 'changeEmail', true)).toBe('changePassword');
});

test('the reset link goes to the verified address, else the waiting one', () => {
  expect(resetAddress(member)).toBe('ada@example.com');
  expect(resetAddress(newcomer)).toBe('new@example.com');
  expect(resetAddress(socialOnly)).toBeNull();
  expect(accountLayout({ ...member, email: null, unverified_email: null }, 'forgotPassword', false)).toBe('overview');
});

test('Cancel on the set form only when an unverified email exists', () => {
  expect(canCancelSetForm(socialOnly)).toBe(false);
  expect(canCancelSetForm(waitingNoPassword)).toBe(true);
});

test('an expired or used link is told apart from other failures', () => {
  expect(isExpiredLink(new ApiCallError('That link has expired', 'api', 'link_expired'))).toBe(true);
  expect(isExpiredLink(new ApiCallError('Nope', 'api', 'invalid'))).toBe(false);
  expect(isExpiredLink(new Error('link_expired'))).toBe(false);
});
