/**
 * The room's rules in its settings (docs/room.md, "Room rules in the page"): the longest song,
 * no repeats, songs per DJ and the AFK limit (0 turns each off), and the stage's and the
 * waitlist's locks, each with a line saying what it does. A field's problem is the contract's
 * sentence, shown under it.
 */
import { useId } from 'react';
import { roomRulesMessages } from '@platter/contract';
import type { RuleNumber, RulesDraft } from './rules-draft';

const NUMBERS: readonly { field: RuleNumber; label: string; hint: string }[] = [
  { field: 'max_song_minutes', label: roomRulesMessages.maxSongLabel, hint: roomRulesMessages.maxSongHint },
  { field: 'no_repeat_hours', label: roomRulesMessages.noRepeatLabel, hint: roomRulesMessages.noRepeatHint },
  { field: 'dj_song_limit', label: roomRulesMessages.djSongLimitLabel, hint: roomRulesMessages.djSongLimitHint },
  { field: 'afk_minutes', label: roomRulesMessages.afkLabel, hint: roomRulesMessages.afkHint },
];

const LOCKS = [
  { field: 'stage_locked', label: roomRulesMessages.lockStage, hint: roomRulesMessages.lockStageHint },
  { field: 'waitlist_locked', label: roomRulesMessages.lockWaitlist, hint: roomRulesMessages.lockWaitlistHint },
] as const;

interface RoomRulesFieldsProps {
  draft: RulesDraft;
  problems: Partial<Record<RuleNumber, string>>;
  onChange: (draft: RulesDraft) => void;
}

export function RoomRulesFields({ draft, problems, onChange }: RoomRulesFieldsProps) {
  const base = useId();
  return (
    <fieldset className="room-settings__rules">
      <legend>{roomRulesMessages.fieldsLegend}</legend>
      {NUMBERS.map(({ field, label, hint }) => {
        const id = `${base}-${field}`;
        const problem = problems[field];
        return (
          <div key={field} className={`field${problem ? ' has-error' : ''}`}>
            <label className="field__label" htmlFor={id}>
              {label}
            </label>
            <input
              id={id}
              className="field__input"
              type="number"
              inputMode="numeric"
              min={0}
              value={draft[field]}
              aria-invalid={problem ? true : undefined}
              aria-describedby={`${id}-hint`}
              onChange={(event) => onChange({ ...draft, [field]: event.target.value })}
            />
            <p
              id={`${id}-hint`}
              className={problem ? 'field__error' : 'room-settings__hint'}
              role={problem ? 'alert' : undefined}
            >
              {problem ?? hint}
            </p>
          </div>
        );
      })}
      {LOCKS.map(({ field, label, hint }) => (
        <label key={field} className="room-settings__check">
          <input
            type="checkbox"
            checked={draft[field]}
            onChange={(event) => onChange({ ...draft, [field]: event.target.checked })}
          />
          <span>
            <strong>{label}</strong>
            <span className="room-settings__hint">{hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
