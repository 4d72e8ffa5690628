import { expect, test } from 'vitest';
import type { RoomRules } from '@platter/contract';
import { activeRules, djPlanBadge, djPlanText, rulesSummary } from './rules-text';

const off: RoomRules = {
  stage_locked: false,
  waitlist_locked: false,
  afk_minutes: 0,
  max_song_minutes: 0,
  no_repeat_hours: 0,
  dj_song_limit: 0,
};

test('rules that are off are not mentioned; a room without rules has no summary', () => {
  expect(activeRules(off)).toEqual([]);
  expect(rulesSummary({ ...off, stage_locked: true })).toBeNull();
});

test('the rules in force read as one line, in a fixed order, the first word capitalised', () => {
  const all = { ...off, afk_minutes: 30, max_song_minutes: 8, no_repeat_hours: 4, dj_song_limit: 3 };
  expect(rulesSummary(all)).toBe(
    'Songs up to 8 minutes · no repeats within 4 hours · 3 songs per DJ · AFK limit 30 minutes',
  );
  expect(rulesSummary({ ...off, dj_song_limit: 1, afk_minutes: 1 })).toBe('1 song per DJ · AFK limit 1 minute');
  expect(rulesSummary({ ...off, no_repeat_hours: 1 })).toBe('No repeats within 1 hour');
});

test("a DJ's plan: one song is this one while theirs plays, else their next", () => {
  expect(djPlanText(1, true)).toBe('Stepping down after this song');
  expect(djPlanText(1, false)).toBe('Stepping down after your next song');
  expect(djPlanText(3, true)).toBe('Stepping down after 3 more songs');
  expect(djPlanBadge(1)).toBe('last song');
  expect(djPlanBadge(2)).toBe('2 songs left');
});
