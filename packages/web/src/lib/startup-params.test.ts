import { expect, test } from 'vitest';
import { avatarIdFrom, hasStartupParams, readStartupParams, withoutStartupParams } from './startup-params';

test('an address without startup parameters asks for nothing', () => {
  expect(readStartupParams('')).toEqual([]);
  expect(readStartupParams('?search=disco')).toEqual([]);
  expect(hasStartupParams('?search=disco')).toBe(false);
});

test('a verification link confirms the email; a reset link opens the password form', () => {
  expect(readStartupParams('?verify_token=abc123DEF_-')).toEqual([{ type: 'verifyEmail', token: 'abc123DEF_-' }]);
  expect(readStartupParams('?reset_token=r3set')).toEqual([{ type: 'resetPassword', token: 'r3set' }]);
});

test('an empty token is a broken link: the link-expired modal for its kind', () => {
  expect(readStartupParams('?verify_token=')).toEqual([{ type: 'linkExpired', link: 'email' }]);
  expect(readStartupParams('?reset_token=%20')).toEqual([{ type: 'linkExpired', link: 'password' }]);
  expect(readStartupParams(`?reset_token=${'x'.repeat(201)}`)).toEqual([{ type: 'linkExpired', link: 'password' }]);
});

test('expired=email and expired=password show the modal; other values are ignored', () => {
  expect(readStartupParams('?expired=email')).toEqual([{ type: 'linkExpired', link: 'email' }]);
  expect(readStartupParams('?expired=password')).toEqual([{ type: 'linkExpired', link: 'password' }]);
  expect(readStartupParams('?expired=other')).toEqual([]);
});

test('prefs=changed, first and complete_register', () => {
  expect(readStartupParams('?prefs=changed')).toEqual([{ type: 'prefsChanged' }]);
  expect(readStartupParams('?prefs=other')).toEqual([]);
  expect(readStartupParams('?first=1')).toEqual([{ type: 'firstVisit' }]);
  expect(readStartupParams('?first')).toEqual([{ type: 'firstVisit' }]);
  expect(readStartupParams('?complete_register=1&avatarId=34')).toEqual([
    { type: 'completeRegistration', avatarId: 34 },
  ]);
  expect(readStartupParams('?complete_register=1')).toEqual([{ type: 'completeRegistration', avatarId: null }]);
});

test('a reset link wins over the gentler invitations', () => {
  expect(readStartupParams('?reset_token=abc&first=1&complete_register=1')).toEqual([
    { type: 'resetPassword', token: 'abc' },
  ]);
});

test('avatar ids are whole positive numbers', () => {
  expect(avatarIdFrom('8')).toBe(8);
  expect(avatarIdFrom(' 34 ')).toBe(34);
  for (const bad of [null, '', '0', '-1', '3.5', 'eight', '1e3', '12345678'])
    expect(avatarIdFrom(bad), String(bad)).toBeNull();
});

test('handled parameters leave the address; others stay', () => {
  expect(withoutStartupParams('/', '?verify_token=abc')).toBe('/');
  expect(withoutStartupParams('/', '?reset_token=abc&search=disco')).toBe('/?search=disco');
  expect(withoutStartupParams('/account', '?first=1&prefs=changed&expired=email')).toBe('/account');
  expect(withoutStartupParams('/', '?complete_register=1&avatarId=4')).toBe('/');
});

test('the sign-up route keeps its own avatarId', () => {
  expect(withoutStartupParams('/signup', '?avatarId=4')).toBe('/signup?avatarId=4');
  expect(withoutStartupParams('/signup/', '?avatarId=4&first=1')).toBe('/signup/?avatarId=4');
  expect(hasStartupParams('?avatarId=4')).toBe(false);
});
