import { expect, test } from 'vitest';
import { sorryText } from './sorry';

test("the server's words follow 'Sorry, ' and end with a full stop", () => {
  expect(sorryText('Please sign up or log in to do that.')).toBe('Sorry, please sign up or log in to do that.');
  expect(sorryText('The preference "x" is unknown')).toBe('Sorry, the preference "x" is unknown.');
  expect(sorryText('something broke!')).toBe('Sorry, something broke!');
});

test('a message that already apologises is not apologised for twice', () => {
  expect(sorryText("Sorry, we couldn't reach the server")).toBe("Sorry, we couldn't reach the server.");
  expect(sorryText('Sorry! Something broke.')).toBe('Sorry, something broke.');
});

test('names and acronyms keep their capitals; an empty message still says something', () => {
  expect(sorryText('Facebook is unreachable')).toBe('Sorry, Facebook is unreachable.');
  expect(sorryText('API limit reached')).toBe('Sorry, API limit reached.');
  expect(sorryText("I can't do that")).toBe("Sorry, I can't do that.");
  expect(sorryText('  ')).toBe('Sorry, something went wrong.');
});
