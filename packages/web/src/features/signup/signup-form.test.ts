import { expect, test } from 'vitest';
import { messages } from '@platter/contract';
import { checkCompleteForm, fieldOfServerError, nameError } from './signup-form';
import { parseDraft, signupAvatar } from './signup-draft';

const good = { name: 'Funky Otter', email: 'otter@example.com', password: 'secret1', confirm: 'secret1' };

test('a complete form passes', () => {
  expect(checkCompleteForm(good)).toEqual({});
});

test("each field says what is wrong in the spec's words", () => {
  expect(checkCompleteForm({ ...good, name: ' ' }).name).toBe("Your DJ name can't be blank");
  expect(checkCompleteForm({ ...good, name: 'x'.repeat(21) }).name).toBe(
    'Your DJ name is too long! Keep it under 20 characters',
  );
  expect(checkCompleteForm({ ...good, name: 'a<b>' }).name).toBe("Your DJ name can't have special characters");
  expect(checkCompleteForm({ ...good, email: 'nope' }).email).toBe('Please enter a valid email address');
  expect(checkCompleteForm({ ...good, password: 'abc', confirm: 'abc' }).password).toBe(
    'Your password must be at least 6 characters long',
  );
  expect(checkCompleteForm({ ...good, confirm: 'secret2' }).confirm).toBe('Your passwords must match');
});

test('a short password is reported once, not also as a mismatch', () => {
  expect(checkCompleteForm({ ...good, password: 'abc', confirm: '' })).toEqual({
    password: 'Your password must be at least 6 characters long',
  });
});

test('the DJ name alone can be checked as it is typed', () => {
  expect(nameError('DJ Ada')).toBeNull();
  expect(nameError('DJ  Ada')).toBe(messages.nameAdjacentSpaces);
});

test("the server's refusals land beside their field", () => {
  expect(fieldOfServerError(messages.nameTaken)).toBe('name');
  expect(fieldOfServerError(messages.emailInvalid)).toBe('email');
  expect(fieldOfServerError(messages.passwordTooShort)).toBe('password');
  expect(fieldOfServerError('Too many attempts. Please wait a minute.')).toBeNull();
});

test('a draft keeps only one of the six avatars and a real name', () => {
  expect(parseDraft(null)).toEqual({ avatarId: 8, name: null });
  expect(parseDraft('not json')).toEqual({ avatarId: 8, name: null });
  expect(parseDraft('{"avatarId":34,"name":" Funky Otter "}')).toEqual({ avatarId: 34, name: 'Funky Otter' });
  expect(parseDraft('{"avatarId":99,"name":""}')).toEqual({ avatarId: 8, name: null });
  expect(signupAvatar(5)).toBe(5);
  expect(signupAvatar('5')).toBe(8);
});
