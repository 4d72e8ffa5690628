/**
 * The room's rules as the settings form holds them (numbers as typed), checked with the
 * contract's own rules so each field shows the server's sentence ("AFK limit is 0 (off) to
 * 1440 minutes."), and turned into what room.modify is sent: only what changed.
 */
import { roomRulesInput, roomRulesMessages, type CallInput, type RoomRules } from '@platter/contract';

export const ruleNumbers = ['max_song_minutes', 'no_repeat_hours', 'dj_song_limit', 'afk_minutes'] as const;
export type RuleNumber = (typeof ruleNumbers)[number];
type RuleLock = 'stage_locked' | 'waitlist_locked';

export type RulesDraft = Record<RuleNumber, string> & Record<RuleLock, boolean>;
export type RulesChanges = Pick<CallInput<'room.modify'>, RuleNumber | RuleLock>;

export function draftOf(rules: RoomRules): RulesDraft {
  return {
    max_song_minutes: String(rules.max_song_minutes),
    no_repeat_hours: String(rules.no_repeat_hours),
    dj_song_limit: String(rules.dj_song_limit),
    afk_minutes: String(rules.afk_minutes),
    stage_locked: rules.stage_locked,
    waitlist_locked: rules.waitlist_locked,
  };
}

/** What changed from `rules`, or each field's problem (an empty field counts as 0: off). */
export function rulesChanges(
  draft: RulesDraft,
  rules: RoomRules,
): { changes: RulesChanges; problems: Partial<Record<RuleNumber, string>> } {
  const changes: RulesChanges = {};
  const problems: Partial<Record<RuleNumber, string>> = {};
  for (const field of ruleNumbers) {
    const typed = draft[field].trim() || '0';
    const checked = roomRulesInput[field].safeParse(typed);
    if (!checked.success) problems[field] = checked.error.issues[0]?.message ?? roomRulesMessages.checkNumber;
    else if (checked.data !== rules[field]) changes[field] = checked.data;
  }
  if (draft.stage_locked !== rules.stage_locked) changes.stage_locked = draft.stage_locked;
  if (draft.waitlist_locked !== rules.waitlist_locked) changes.waitlist_locked = draft.waitlist_locked;
  return { changes, problems };
}
