/** The six sign-up avatars (spec §2), as one group of radio buttons drawn as the avatars themselves. */
import { useId } from 'react';
import { SIGNUP_AVATAR_IDS } from '@platter/contract';
import { AvatarFigure } from '../../ui/avatar-figure';

export function AvatarChoice({ value, onChange }: { value: number; onChange: (avatarId: number) => void }) {
  const name = useId();
  return (
    <fieldset className="avatar-choice">
      <legend className="field__label">Avatar</legend>
      <div className="avatar-choice__options">
        {SIGNUP_AVATAR_IDS.map((id, index) => (
          <label key={id} className="avatar-choice__option">
            <input
              type="radio"
              className="visually-hidden"
              name={name}
              value={id}
              checked={value === id}
              aria-label={`Avatar ${index + 1} of ${SIGNUP_AVATAR_IDS.length}`}
              onChange={() => onChange(id)}
            />
            <AvatarFigure avatarId={id} height={88} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
