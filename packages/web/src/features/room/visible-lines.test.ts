import { expect, test } from 'vitest';
import type { FeedLine } from '../../live/room-store';
import { visibleLines } from './visible-lines';

const said = (chatid: string, userid: string): FeedLine => ({
  kind: 'chat',
  chatid,
  userid,
  name: userid,
  text: 'hi',
  acl: 0,
  time: 1,
});

test("an ignored member's lines are hidden; others', and the room's notices, stay", () => {
  const notice: FeedLine = { kind: 'notice', key: 'n1', text: 'troll stepped up to DJ', time: 2 };
  const feed = [said('c1', 'friend'), said('c2', 'troll'), notice, said('c3', 'troll')];
  expect(visibleLines(feed, new Set(['troll']))).toEqual([said('c1', 'friend'), notice]);
  expect(visibleLines(feed, new Set())).toBe(feed);
});

test('until the ignore list is read, only the notices show', () => {
  const notice: FeedLine = { kind: 'notice', key: 'n1', text: 'troll stepped up to DJ', time: 2 };
  expect(visibleLines([said('c1', 'friend'), notice, said('c2', 'troll')], null)).toEqual([notice]);
});
