import { expect, test } from 'vitest';
import { parsePageConfig } from './page-config';

test('an empty or broken config falls back to the defaults', () => {
  for (const text of ['{}', '', 'not json', 'null', '[]']) {
    expect(parsePageConfig(text), text).toEqual({ productName: 'Platter', contactEmail: null, socialLinks: null });
  }
});

test('the server may name the product, a contact address and the community pages', () => {
  expect(
    parsePageConfig(
      JSON.stringify({
        productName: 'Disco',
        contactEmail: 'ops@disco.example',
        socialLinks: [{ label: 'Mastodon', href: 'https://social.example/@disco' }],
      }),
    ),
  ).toEqual({
    productName: 'Disco',
    contactEmail: 'ops@disco.example',
    socialLinks: [{ label: 'Mastodon', href: 'https://social.example/@disco' }],
  });
});

test('values of the wrong shape are dropped, and only http(s) links are kept', () => {
  const config = parsePageConfig(
    JSON.stringify({
      productName: 42,
      contactEmail: 'not an address',
      socialLinks: [
        { label: 'Bad', href: 'javascript:alert(1)' },
        { label: 'Missing' },
        'text',
        { label: 'Good', href: 'http://example.org' },
      ],
    }),
  );
  expect(config).toEqual({
    productName: 'Platter',
    contactEmail: null,
    socialLinks: [{ label: 'Good', href: 'http://example.org' }],
  });
});

test('a human-verification widget is named by its provider and site key, else there is none', () => {
  expect(parsePageConfig('{"captcha":{"provider":"turnstile","siteKey":"0x4AAA"}}').captcha).toEqual({
    provider: 'turnstile',
    siteKey: '0x4AAA',
  });
  expect(parsePageConfig('{"captcha":{"provider":"hcaptcha","siteKey":"abc"}}').captcha).toEqual({
    provider: 'hcaptcha',
    siteKey: 'abc',
  });
  for (const captcha of [null, 'turnstile', { provider: 'recaptcha', siteKey: 'x' }, { provider: 'hcaptcha' }]) {
    expect(parsePageConfig(JSON.stringify({ captcha })).captcha, JSON.stringify(captcha)).toBeUndefined();
  }
});
