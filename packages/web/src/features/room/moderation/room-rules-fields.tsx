/**
 * The room's rules in its settings (docs/room.md, "Room rules in the page"): the longest song,
 * no repeats, songs per DJ and the AFK limit (0 turns each off), and the stage's and the
 * waitlist's locks, each with a line saying what it does. A field's problem is the contract's
 * sentence, shown under it.
 */
import { useId } from 'react';
import type { RuleNumber, RulesDraft } from './rules-draft';

const NUMBERS: readonly { field: RuleNumber; label: string; hint: string }[] = [
  { field: 'max_song_minutes', label: 'Longest song (minutes)', hint: 'Longer songs are passed over. 0: no limit.' },
  {
    field: 'no_repeat_hours',
    label: 'No repeats within (hours)',
    hint: 'A song played here lately is passed over. 0: off.',
  },
  { field: 'dj_song_limit', label: 'Songs per DJ', hint: 'A DJ steps down after playing this many. 0: no limit.' },
  { field: 'afk_minutes', label: 'AFK limit (minutes)', hint: 'A DJ idle this long steps down on their turn. 0: off.' },
];

const LOCKS = [
  { field: 'stage_locked', label: 'Lock the stage', hint: 'Only moderators step up; others join the waitlist.' },
  {
    field: 'waitlist_locked',
    label: 'Lock the waitlist',
    hint: 'Nobody new joins the line; those in it keep their place.',
  },
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
      <legend>Stage rules</legend>
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
