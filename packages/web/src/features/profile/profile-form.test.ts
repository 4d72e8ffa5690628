import { expect, test } from 'vitest';
import { messages, profileMessages, type Profile } from '@platter/contract';
import { checkProfileForm, formFromProfile, type ProfileForm } from './profile-form';

const filled: ProfileForm = {
  name: 'Ada Vinyl',
  twitter: 'ada',
  facebook: 'ada.vinyl',
  soundcloud: 'ada',
  website: 'https://ada.example.com',
  about: 'Crate digger :notes:',
  topartists: 'Daft Punk, Nina Simone',
  hangout: 'Late Night Synthwave',
};

test('a good form is sent as it is, every field included', () => {
  expect(checkProfileForm(filled)).toEqual({ ok: true, input: filled });
});

test('empty optional fields are fine: they clear what was there', () => {
  const cleared = {
    ...filled,
    twitter: '',
    facebook: '',
    soundcloud: '',
    website: '',
    about: '',
    topartists: '',
    hangout: '',
  };
  expect(checkProfileForm(cleared).ok).toBe(true);
});

test('each field says what is wrong, in the contract’s words', () => {
  const result = checkProfileForm({
    ...filled,
    name: '',
    twitter: 'far_too_long_for_twitter',
    website: 'ada.example.com',
    facebook: 'my facebook',
    soundcloud: 'javascript:alert(1)',
    about: 'x'.repeat(401),
    topartists: 'y'.repeat(401),
    hangout: 'z'.repeat(401),
  });
  expect(result).toEqual({
    ok: false,
    errors: {
      name: messages.nameBlank,
      twitter: profileMessages.twitterTooLong,
      website: profileMessages.websiteInvalid,
      facebook: profileMessages.serviceInvalid('Facebook'),
      soundcloud: profileMessages.serviceInvalid('SoundCloud'),
      about: profileMessages.aboutTooLong,
      topartists: profileMessages.topartistsTooLong,
      hangout: profileMessages.hangoutTooLong,
    },
  });
});

test('a twitter handle may start with @ and is at most 15 characters after it', () => {
  expect(checkProfileForm({ ...filled, twitter: '@fifteen_chars15' }).ok).toBe(true);
  expect(checkProfileForm({ ...filled, twitter: 'sixteen_chars_16' })).toEqual({
    ok: false,
    errors: { twitter: profileMessages.twitterTooLong },
  });
  expect(checkProfileForm({ ...filled, twitter: 'no spaces' })).toEqual({
    ok: false,
    errors: { twitter: profileMessages.twitterInvalid },
  });
});

test('the DJ name follows the sign-up rules', () => {
  expect(checkProfileForm({ ...filled, name: 'x'.repeat(21) })).toEqual({
    ok: false,
    errors: { name: messages.nameTooLong },
  });
});

test('the form starts from the profile, with empty strings for what is not set', () => {
  const profile = {
    name: 'Ada',
    twitter: null,
    facebook: null,
    soundcloud: 'ada',
    website: null,
    about: 'hi',
    topartists: null,
    hangout: null,
  } as Profile;
  expect(formFromProfile(profile)).toEqual({
    name: 'Ada',
    twitter: '',
    facebook: '',
    soundcloud: 'ada',
    website: '',
    about: 'hi',
    topartists: '',
    hangout: '',
  });
});
