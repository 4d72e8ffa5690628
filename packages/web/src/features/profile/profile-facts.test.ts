import { expect, test } from 'vitest';
import { isGold, joinedDate, profileLinks, userTypes } from './profile-facts';

const labels = (verified: string | null, acl: number) => userTypes({ verified, acl }).map((type) => type.label);

test('the user-type line follows spec §2: verified, then gatekeeper, superuser or supporter by acl', () => {
  expect(labels(null, 0)).toEqual([]);
  expect(labels(null, 0.5)).toEqual(['Supporter']);
  expect(labels(null, 1)).toEqual(['Superuser']);
  expect(labels(null, 2)).toEqual(['Gatekeeper']);
  expect(labels(null, 1.5)).toEqual(['Gatekeeper']);
  expect(labels('Artist', 0)).toEqual(['Verified Artist']);
  expect(labels('Label', 1)).toEqual(['Verified Label', 'Superuser']);
  expect(labels('  ', 0)).toEqual([]);
});

test('a bot says so first', () => {
  expect(userTypes({ verified: 'DJ', acl: 0, bot: true }).map((type) => type.label)).toEqual(['Bot', 'Verified DJ']);
  expect(userTypes({ verified: null, acl: 0, bot: false })).toEqual([]);
});

test('every user type explains itself', () => {
  for (const type of userTypes({ verified: 'DJ', acl: 2, bot: true }))
    expect(type.description.length).toBeGreaterThan(10);
});

test('Gold is a subscription level above 0', () => {
  expect(isGold({ subscription_level: 0 })).toBe(false);
  expect(isGold({ subscription_level: 1 })).toBe(true);
});

const none = { twitter: null, facebook: null, soundcloud: null, website: null };

test('no links when none are set', () => {
  expect(profileLinks(none)).toEqual([]);
  expect(profileLinks({ twitter: '', facebook: ' ', soundcloud: '', website: '' })).toEqual([]);
});

test('a twitter handle links to its page, with or without the @', () => {
  expect(profileLinks({ ...none, twitter: 'ada_vinyl' })).toEqual([
    { service: 'twitter', label: 'Twitter', text: '@ada_vinyl', href: 'https://twitter.com/ada_vinyl' },
  ]);
  expect(profileLinks({ ...none, twitter: '@ada' })[0]?.href).toBe('https://twitter.com/ada');
  expect(profileLinks({ ...none, twitter: 'not a handle' })).toEqual([]);
});

test('facebook and soundcloud names become addresses on their services; full addresses stay', () => {
  const [facebook, soundcloud] = profileLinks({
    ...none,
    facebook: 'ada.vinyl',
    soundcloud: 'soundcloud.com/ada/sets',
  });
  expect(facebook).toMatchObject({ text: 'ada.vinyl', href: 'https://www.facebook.com/ada.vinyl' });
  expect(soundcloud).toMatchObject({ text: 'ada/sets', href: 'https://soundcloud.com/ada/sets' });
  expect(profileLinks({ ...none, facebook: 'https://www.facebook.com/ada/' })[0]).toMatchObject({
    text: 'facebook.com/ada',
    href: 'https://www.facebook.com/ada/',
  });
});

test('only http(s) addresses are ever linked', () => {
  expect(profileLinks({ ...none, website: 'javascript:alert(1)' })).toEqual([]);
  expect(profileLinks({ ...none, facebook: 'javascript:alert(1)' })).toEqual([]);
  expect(profileLinks({ ...none, soundcloud: '<script>' })).toEqual([]);
  expect(profileLinks({ ...none, website: 'https://ada.example.com/' })).toEqual([
    { service: 'website', label: 'Website', text: 'ada.example.com', href: 'https://ada.example.com/' },
  ]);
});

test('links come in the spec’s order: twitter, facebook, soundcloud, website', () => {
  const all = profileLinks({ twitter: 'a', facebook: 'b', soundcloud: 'c', website: 'https://d.example' });
  expect(all.map((link) => link.service)).toEqual(['twitter', 'facebook', 'soundcloud', 'website']);
});

test('the joined date reads as a date, not a number', () => {
  const text = joinedDate(Date.UTC(2024, 2, 5, 12));
  expect(text).toMatch(/2024/);
  expect(text).not.toMatch(/^\d+$/);
});
