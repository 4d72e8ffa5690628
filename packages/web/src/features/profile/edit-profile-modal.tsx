/**
 * Edit Profile (spec §2: /profile/edit): name, twitter, facebook, soundcloud,
 * website, about, favorite artists and hangout, checked as they are typed
 * with the contract's rules (§5). Saving goes to the profile (§7).
 */
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  DJ_NAME_MAX,
  messages,
  NAME_CHANGE_INTERVAL_DAYS,
  PROFILE_TEXT_MAX,
  profileMessages,
  TWITTER_HANDLE_MAX,
  type Profile,
} from '@platter/contract';
import { sorryText } from '../../lib/sorry';
import { useSession } from '../../session/use-session';
import { useAlerts } from '../../ui/alerts';
import { MembersOnly } from '../../ui/members-only';
import { Modal } from '../../ui/modal';
import { ModalLink, useModalNavigate } from '../../ui/modal-link';
import { usePageTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import { checkProfileForm, formFromProfile, type ProfileField, type ProfileForm } from './profile-form';
import { profilePath, ProfileTrouble } from './profile-modal';
import { useEditProfile, useProfile } from './use-profile';
import { useInFlight } from '../../ui/use-in-flight';
import { stillFocusableSubmit } from '../../ui/still-focusable';

const TITLE = 'Edit Profile';
/** Not spec numbers: the contract's bounds on the facebook, soundcloud and website fields. */
const SERVICE_NAME_MAX = 100;
const WEBSITE_MAX = 200;

export const PROFILE_SAVED = 'Your profile has been saved.';

export function EditProfileModal({ onClose }: { onClose: () => void }) {
  usePageTitle(TITLE);
  const session = useSession();
  const viewer = session.data;
  const profile = useProfile(viewer?.registered ? viewer.userid : undefined);

  return (
    <Modal title={TITLE} onClose={onClose} width={560}>
      {viewer && !viewer.registered ? (
        <MembersOnly reason="Profiles are for members. Sign up (it's free) to tell people who you are and what you play." />
      ) : profile.data ? (
        <EditProfileForm profile={profile.data} onCancel={onClose} />
      ) : profile.isError ? (
        <ProfileTrouble message={sorryText(profile.error.message)} />
      ) : (
        <Spinner label="Loading your profile…" />
      )}
    </Modal>
  );
}

/** Server refusals that belong to the name field rather than the whole form. */
function isNameProblem(message: string): boolean {
  return message.startsWith(profileMessages.nameTooSoon) || message === messages.nameTaken;
}

function EditProfileForm({ profile, onCancel }: { profile: Profile; onCancel: () => void }) {
  const edit = useEditProfile();
  const flight = useInFlight();
  const navigate = useModalNavigate();
  const { showAlert } = useAlerts();
  const [form, setForm] = useState<ProfileForm>(() => formFromProfile(profile));
  const [touched, setTouched] = useState<Partial<Record<ProfileField, boolean>>>({});
  const [serverNameProblem, setServerNameProblem] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const formElement = useRef<HTMLFormElement>(null);

  const checked = checkProfileForm(form);
  const errors = checked.ok ? {} : checked.errors;
  const errorFor = (field: ProfileField) =>
    (touched[field] ? errors[field] : undefined) ?? (field === 'name' ? serverNameProblem : null) ?? null;

  const change = (field: ProfileField, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setTouched((current) => ({ ...current, [field]: true }));
    if (field === 'name') setServerNameProblem(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!checked.ok) {
      setTouched(Object.fromEntries(Object.keys(checked.errors).map((field) => [field, true])));
      window.requestAnimationFrame(() =>
        formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    if (!flight.start()) return;
    edit.mutate(checked.input, {
      onSettled: flight.done,
      onSuccess: (saved) => {
        showAlert(PROFILE_SAVED, { kind: 'success' });
        navigate(profilePath(saved.userid));
      },
      onError: (error) => {
        if (isNameProblem(error.message)) setServerNameProblem(error.message);
        else setProblem(sorryText(error.message));
      },
    });
  };

  const text = (field: ProfileField) => ({
    value: form[field],
    error: errorFor(field),
    onChange: (value: string) => change(field, value),
  });

  return (
    <form ref={formElement} className="form profile-form" onSubmit={submit} noValidate>
      <TextField
        label="DJ name"
        autoComplete="nickname"
        maxLength={DJ_NAME_MAX}
        hint={`You can change your DJ name once every ${NAME_CHANGE_INTERVAL_DAYS} days.`}
        {...text('name')}
      />
      <div className="profile-form__pair">
        <TextField
          label="Twitter"
          prefix="@"
          maxLength={TWITTER_HANDLE_MAX}
          counter
          placeholder="handle"
          {...text('twitter')}
          onChange={(value) => change('twitter', value.replace(/^@+/, ''))}
        />
        <TextField label="Facebook" maxLength={SERVICE_NAME_MAX} placeholder="your.name" {...text('facebook')} />
        <TextField label="SoundCloud" maxLength={SERVICE_NAME_MAX} placeholder="your-name" {...text('soundcloud')} />
        <TextField
          label="Website"
          type="url"
          inputMode="url"
          maxLength={WEBSITE_MAX}
          placeholder="https://example.com"
          {...text('website')}
        />
      </div>
      <TextField label="About" multiline placeholder="Who are you, and what do you play?" {...text('about')} />
      <TextField label="Favorite artists" multiline rows={2} {...text('topartists')} />
      <TextField label="Where I hang out" multiline rows={2} placeholder="Rooms you love" {...text('hangout')} />
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button--primary" {...stillFocusableSubmit(edit.isPending)}>
          {edit.isPending ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <ModalLink to={profilePath(profile.userid)} className="form-link">
          Back to your profile
        </ModalLink>
      </div>
    </form>
  );
}

interface TextFieldProps {
  label: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  /** A textarea with a counter, at most PROFILE_TEXT_MAX characters (spec §5). */
  multiline?: boolean;
  rows?: number;
  maxLength?: number;
  counter?: boolean;
  hint?: ReactNode;
  prefix?: string;
  placeholder?: string;
  type?: string;
  inputMode?: 'url' | 'text';
  autoComplete?: string;
}

function TextField({
  label,
  value,
  error,
  onChange,
  multiline = false,
  rows = 4,
  maxLength = multiline ? PROFILE_TEXT_MAX : undefined,
  counter = multiline,
  hint,
  prefix,
  ...rest
}: TextFieldProps) {
  const ids = { input: useId(), hint: useId(), counter: useId(), error: useId() };
  const describedBy = [hint && ids.hint, counter && ids.counter, error && ids.error].filter(Boolean).join(' ');
  const shared = {
    id: ids.input,
    value,
    maxLength,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={ids.input} className="field__label">
        {label}
      </label>
      {multiline ? (
        <textarea
          className="field__input field__textarea"
          rows={rows}
          placeholder={rest.placeholder}
          {...shared}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <span className={`field__box${prefix ? ' has-prefix' : ''}`}>
          {prefix && (
            <span className="field__prefix" aria-hidden="true">
              {prefix}
            </span>
          )}
          <input className="field__input" {...rest} {...shared} onChange={(event) => onChange(event.target.value)} />
        </span>
      )}
      {(hint || counter) && (
        <div className="field__notes">
          {hint && (
            <p id={ids.hint} className="field__hint">
              {hint}
            </p>
          )}
          {counter && maxLength !== undefined && (
            <p id={ids.counter} className="field__counter">
              {value.length}/{maxLength}
            </p>
          )}
        </div>
      )}
      {error && (
        <p id={ids.error} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
