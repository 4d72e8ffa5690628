import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { roomPageMessages } from '@platter/contract';
import { ANNOUNCE_EVERY_MS, ChatAnnouncer } from './chat-announcer';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

const announcer = () => {
  const said: string[] = [];
  return { said, chat: new ChatAnnouncer((text) => said.push(text)) };
};

test('a line in a quiet room is said at once, as it is', () => {
  const { said, chat } = announcer();
  chat.add(['Ada Vinyl: hello']);
  expect(said).toEqual(['Ada Vinyl: hello']);
});

test('lines that come fast are held, then said as how many came', () => {
  const { said, chat } = announcer();
  chat.add(['Ada Vinyl: one']);
  chat.add(['Bob: two']);
  chat.add(['Cass: three', 'Ada Vinyl stepped up to DJ']);
  expect(said).toEqual(['Ada Vinyl: one']);
  vi.advanceTimersByTime(ANNOUNCE_EVERY_MS);
  expect(said).toEqual(['Ada Vinyl: one', roomPageMessages.chatLinesCame(3)]);
  expect(said[1]).toBe('3 new lines in the chat');
});

test('one line held while the last announcement is read is said as it is, when its turn comes', () => {
  const { said, chat } = announcer();
  chat.add(['Ada Vinyl: one']);
  vi.advanceTimersByTime(ANNOUNCE_EVERY_MS - 1);
  chat.add(['Bob: two']);
  expect(said).toEqual(['Ada Vinyl: one']);
  vi.advanceTimersByTime(1);
  expect(said).toEqual(['Ada Vinyl: one', 'Bob: two']);
});

test('several lines at once in a quiet room are counted, not read one after another', () => {
  const { said, chat } = announcer();
  chat.add(['a: 1', 'b: 2']);
  expect(said).toEqual([roomPageMessages.chatLinesCame(2)]);
});

test('nothing is said after the chat is gone', () => {
  const { said, chat } = announcer();
  chat.add(['a: 1']);
  chat.add(['b: 2']);
  chat.stop();
  vi.advanceTimersByTime(ANNOUNCE_EVERY_MS);
  expect(said).toEqual(['a: 1']);
});
