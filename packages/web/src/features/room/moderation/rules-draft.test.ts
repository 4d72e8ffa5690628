import { expect, test } from 'vitest';
import { AFK_MINUTES_MAX, roomRulesMessages, type RoomRules } from '@platter/contract';
import { draftOf, rulesChanges } from './rules-draft';

const rules: RoomRules = {
  stage_locked: false,
  waitlist_locked: false,
  afk_minutes: 30,
  max_song_minutes: 0,
  no_repeat_hours: 0,
  dj_song_limit: 0,
};

test('an untouched form changes nothing', () => {
  expect(rulesChanges(draftOf(rules), rules)).toEqual({ changes: {}, problems: {} });
});

test('only what changed is sent, as numbers; an emptied field is 0 (off)', () => {
  const draft = { ...draftOf(rules), max_song_minutes: ' 8 ', afk_minutes: '', waitlist_locked: true };
  expect(rulesChanges(draft, rules)).toEqual({
    changes: { max_song_minutes: 8, afk_minutes: 0, waitlist_locked: true },
    problems: {},
  });
});

test("a number out of range or not a number gets the contract's sentence on its own field", () => {
  const draft = { ...draftOf(rules), afk_minutes: String(AFK_MINUTES_MAX + 1), dj_song_limit: 'three' };
  const { problems } = rulesChanges(draft, rules);
  expect(problems).toEqual({ afk_minutes: roomRulesMessages.afkMinutes, dj_song_limit: roomRulesMessages.djSongLimit });
  expect(rulesChanges({ ...draftOf(rules), no_repeat_hours: '-1' }, rules).problems).toEqual({
    no_repeat_hours: roomRulesMessages.noRepeatHours,
  });
});
