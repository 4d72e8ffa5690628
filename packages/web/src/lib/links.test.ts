import { expect, test } from 'vitest';
import { splitLinks } from './links';

test('plain text stays one piece of text', () => {
  expect(splitLinks('Welcome to the lobby!')).toEqual([{ type: 'text', text: 'Welcome to the lobby!' }]);
  expect(splitLinks('')).toEqual([]);
});

test('an http or https address becomes a link, the words around it stay text', () => {
  expect(splitLinks('Read https://example.org/news now')).toEqual([
    { type: 'text', text: 'Read ' },
    { type: 'link', text: 'https://example.org/news', href: 'https://example.org/news', internal: false },
    { type: 'text', text: ' now' },
  ]);
  expect(splitLinks('http://a.example')).toEqual([
    { type: 'link', text: 'http://a.example', href: 'http://a.example', internal: false },
  ]);
});

test('several links, each on its own, with line breaks kept in the text', () => {
  const pieces = splitLinks('One: https://a.example\nTwo: https://b.example/x?y=1&z=2#top');
  expect(pieces).toEqual([
    { type: 'text', text: 'One: ' },
    { type: 'link', text: 'https://a.example', href: 'https://a.example', internal: false },
    { type: 'text', text: '\nTwo: ' },
    { type: 'link', text: 'https://b.example/x?y=1&z=2#top', href: 'https://b.example/x?y=1&z=2#top', internal: false },
  ]);
});

test('punctuation that ends the sentence is not part of the link', () => {
  for (const end of ['.', ',', '!', '?', ':', ';', '...', '!?']) {
    expect(splitLinks(`See https://example.org/faq${end}`)[1]).toEqual({
      type: 'link',
      text: 'https://example.org/faq',
      href: 'https://example.org/faq',
      internal: false,
    });
  }
});

test('a closing bracket belongs to the link only when the link opened it', () => {
  expect(splitLinks('(see https://example.org/a)')[1]).toMatchObject({ text: 'https://example.org/a' });
  expect(splitLinks('https://en.wikipedia.org/wiki/Disc_(music).')[0]).toMatchObject({
    text: 'https://en.wikipedia.org/wiki/Disc_(music)',
  });
  expect(splitLinks('[https://example.org]')[1]).toMatchObject({ text: 'https://example.org' });
});

test('quotes and angle brackets end a link', () => {
  expect(splitLinks('"https://example.org/q"')).toEqual([
    { type: 'text', text: '"' },
    { type: 'link', text: 'https://example.org/q', href: 'https://example.org/q', internal: false },
    { type: 'text', text: '"' },
  ]);
  expect(splitLinks('<https://example.org>')[1]).toMatchObject({ text: 'https://example.org' });
});

test('only http and https become links: other schemes and bare words stay text', () => {
  for (const text of [
    'javascript:alert(1)',
    'data:text/html,<b>x</b>',
    'ftp://example.org',
    'mailto:someone@example.org',
    'example.org',
    'https://',
    'xhttps://example.org',
    '//evil.example/path',
    'and / or',
    '24/7 and 1/2',
    'see example.org/page',
  ]) {
    expect(
      splitLinks(text).every((piece) => piece.type === 'text'),
      text,
    ).toBe(true);
  }
});

test('markup in the text is never interpreted, only passed on as text', () => {
  const pieces = splitLinks('<script>x</script> https://example.org/<b>');
  expect(pieces).toEqual([
    { type: 'text', text: '<script>x</script> ' },
    { type: 'link', text: 'https://example.org/', href: 'https://example.org/', internal: false },
    { type: 'text', text: '<b>' },
  ]);
});

test('the scheme is matched whatever its case', () => {
  expect(splitLinks('HTTPS://Example.org/A')[0]).toEqual({
    type: 'link',
    text: 'HTTPS://Example.org/A',
    href: 'HTTPS://Example.org/A',
    internal: false,
  });
});

test('a path on this site at the start of a word becomes a link that stays on the site', () => {
  expect(splitLinks('Read the FAQ at /static/faq.html, then create a room.')).toEqual([
    { type: 'text', text: 'Read the FAQ at ' },
    { type: 'link', text: '/static/faq.html', href: '/static/faq.html', internal: true },
    { type: 'text', text: ', then create a room.' },
  ]);
  expect(splitLinks('/about')).toEqual([{ type: 'link', text: '/about', href: '/about', internal: true }]);
  expect(splitLinks('(see /terms/)')).toEqual([
    { type: 'text', text: '(see ' },
    { type: 'link', text: '/terms/', href: '/terms/', internal: true },
    { type: 'text', text: ')' },
  ]);
  expect(splitLinks('line one\n/privacy/')[1]).toMatchObject({ text: '/privacy/', internal: true });
});

test('an address with a path is one link, not an address and a path', () => {
  expect(splitLinks('https://example.org/a/b https://example.org/c')).toEqual([
    { type: 'link', text: 'https://example.org/a/b', href: 'https://example.org/a/b', internal: false },
    { type: 'text', text: ' ' },
    { type: 'link', text: 'https://example.org/c', href: 'https://example.org/c', internal: false },
  ]);
});
