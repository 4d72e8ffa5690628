import { expect, test } from 'vitest';
import { firstError } from '../validation';
import { profileEdit, profileMessages } from './profile';

const website = profileEdit.shape.website;

test('a full http(s) address is kept, and an empty one clears the field', () => {
  for (const address of ['https://example.com', 'http://ada.example.org/mixes?page=2#top', 'https://例え.jp/', ''])
    expect(firstError(website, address), address).toBeNull();
});

test('an address with a space or an invisible character in it is refused, with its own message', () => {
  for (const address of [
    'http://x y',
    'https://my site.com',
    'https://example.com/a b',
    'http://x\ty',
    'https://ex\u200Bample.com',
  ])
    expect(firstError(website, address), JSON.stringify(address)).toBe(profileMessages.websiteSpaces);
});

test('what is not an http(s) address is refused', () => {
  for (const address of ['example.com', 'javascript:alert(1)', 'http://', 'ftp://example.com', 'https://exa%mple.com'])
    expect(firstError(website, address), address).toBe(profileMessages.websiteInvalid);
});
