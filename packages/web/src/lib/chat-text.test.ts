import { expect, test } from 'vitest';
import { chatTextAsString, EMOJI, filterChatText, meAction } from './chat-text';

test('plain text stays one piece of text, markup and all: React escapes it', () => {
  expect(filterChatText('I <3 <b>vinyl</b> & tapes')).toEqual([{ type: 'text', text: 'I <3 <b>vinyl</b> & tapes' }]);
});

test('empty text has no pieces', () => {
  expect(filterChatText('')).toEqual([]);
});

test('known shortcodes become emoji; unknown ones stay as typed', () => {
  expect(filterChatText('hi :smile: and :not_an_emoji: :FIRE:')).toEqual([
    { type: 'text', text: 'hi ' },
    { type: 'emoji', code: ':smile:', emoji: '😄' },
    { type: 'text', text: ' and :not_an_emoji: ' },
    { type: 'emoji', code: ':FIRE:', emoji: '🔥' },
  ]);
});

test('shortcodes side by side, and the +1 and 100 codes', () => {
  expect(chatTextAsString(':+1::100::headphones:')).toBe('👍💯🎧');
});

test('a time like 10:30:45 is not mistaken for a shortcode', () => {
  expect(chatTextAsString('see you at 10:30:45')).toBe('see you at 10:30:45');
});

test('http(s) addresses become links, without the sentence punctuation after them', () => {
  expect(filterChatText('Mixes at https://example.com/mixes. Enjoy :notes:')).toEqual([
    { type: 'text', text: 'Mixes at ' },
    { type: 'link', text: 'https://example.com/mixes', href: 'https://example.com/mixes' },
    { type: 'text', text: '. Enjoy ' },
    { type: 'emoji', code: ':notes:', emoji: '🎶' },
  ]);
});

test('a link keeps its colons: shortcodes are not looked for inside links', () => {
  const pieces = filterChatText('https://example.com/:smile:/x');
  expect(pieces).toEqual([
    { type: 'link', text: 'https://example.com/:smile:/x', href: 'https://example.com/:smile:/x' },
  ]);
});

test('script addresses are never links', () => {
  const pieces = filterChatText('javascript:alert(1) data:text/html,hi');
  expect(pieces.every((piece) => piece.type === 'text')).toBe(true);
});

test('paths on this site stay text in a member’s words', () => {
  expect(filterChatText('read /about first')).toEqual([{ type: 'text', text: 'read /about first' }]);
});

test('slash-memes are replaced when they stand alone', () => {
  expect(chatTextAsString('/shrug')).toBe('¯\\_(ツ)_/¯');
  expect(chatTextAsString('oh well /shrug.')).toBe('oh well ¯\\_(ツ)_/¯.');
  expect(chatTextAsString('/tableflip /unflip')).toBe('(╯°□°)╯︵ ┻━┻ ┬─┬ノ( º _ ºノ)');
  expect(chatTextAsString('rock/shrug and /shrugs')).toBe('rock/shrug and /shrugs');
});

test('/me makes an action of the words after it; anything else is not one', () => {
  expect(meAction('/me waves')).toBe('waves');
  expect(meAction('  /ME  spins a record :headphones:  ')).toBe('spins a record :headphones:');
  expect(meAction('/me')).toBeNull();
  expect(meAction('/me   ')).toBeNull();
  expect(meAction('/meow')).toBeNull();
  expect(meAction('tell /me more')).toBeNull();
  // What follows is filtered like any text.
  expect(chatTextAsString(meAction('/me goes /tableflip')!)).toBe('goes (╯°□°)╯︵ ┻━┻');
});

test('line breaks are kept as they are', () => {
  expect(chatTextAsString('one\ntwo :heart:')).toBe('one\ntwo ❤️');
});

test('every emoji in the table is a short non-ASCII picture', () => {
  for (const [code, emoji] of Object.entries(EMOJI)) {
    expect(code).toMatch(/^[a-z0-9_+-]+$/);
    expect(emoji).not.toMatch(/^[\x20-\x7e]*$/);
    expect([...emoji].length).toBeLessThanOrEqual(2);
  }
});
