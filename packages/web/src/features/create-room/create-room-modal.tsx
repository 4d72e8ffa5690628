/**
 * The create-room modal (spec §2): a name, Public or Unlisted, and behind
 * "Advanced options" the most DJs on stage and the points it takes to DJ.
 * A new room opens at once (spec §4 Created room); guests are asked to sign
 * up or log in first.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { MAX_DJS_MAX, MAX_DJS_MIN, ROOM_NAME_MAX, createRoomMessages } from '@platter/contract';
import { roomPath } from '../../lib/room-path';
import { useSession } from '../../session/use-session';
import { Field } from '../../ui/field';
import { MembersOnly } from '../../ui/members-only';
import { Modal } from '../../ui/modal';
import { usePageTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import {
  checkRoomForm,
  creationFailure,
  emptyRoomForm,
  type RoomForm,
  type RoomFormErrors,
  type RoomPrivacy,
} from './room-form';
import { useCreateRoom } from './use-create-room';
import { useInFlight } from '../../ui/use-in-flight';
import { stillFocusableSubmit } from '../../ui/still-focusable';

const TITLE = createRoomMessages.title;

export function CreateRoomModal({ onClose }: { onClose: () => void }) {
  usePageTitle(TITLE);
  const session = useSession();
  const user = session.data;
  return (
    <Modal title={TITLE} onClose={onClose}>
      {user?.registered ? (
        <CreateRoomForm onCancel={onClose} />
      ) : user ? (
        <MembersOnly reason={createRoomMessages.membersOnly} />
      ) : session.isError ? (
        <p className="form-error" role="alert">
          {createRoomMessages.unreachable}
        </p>
      ) : (
        <Spinner />
      )}
    </Modal>
  );
}

const privacyChoices: { value: RoomPrivacy; label: string; hint: string }[] = [
  { value: 'public', label: createRoomMessages.publicLabel, hint: createRoomMessages.publicHint },
  { value: 'unlisted', label: createRoomMessages.unlistedLabel, hint: createRoomMessages.unlistedHint },
];

const maxDjsChoices = Array.from({ length: MAX_DJS_MAX - MAX_DJS_MIN + 1 }, (_, i) => MAX_DJS_MIN + i);

function CreateRoomForm({ onCancel }: { onCancel: () => void }) {
  const navigate = useNavigate();
  const create = useCreateRoom();
  const flight = useInFlight();
  const [form, setForm] = useState<RoomForm>(emptyRoomForm);
  const [errors, setErrors] = useState<RoomFormErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [advanced, setAdvanced] = useState(false);
  const ids = { advanced: useId(), maxDjs: useId(), thresholdHint: useId() };
  const formElement = useRef<HTMLFormElement>(null);

  const showErrors = (next: RoomFormErrors) => {
    setErrors(next);
    if (next.maxDjs || next.threshold) setAdvanced(true);
    // Once React has drawn them, take the user to the first field that needs them.
    window.requestAnimationFrame(() =>
      formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );
  };

  const change = <K extends keyof RoomForm>(key: K, value: RoomForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const checked = checkRoomForm(form);
    if (!checked.ok) return showErrors(checked.errors);
    setErrors({});
    if (!flight.start()) return;
    create.mutate(checked.input, {
      onSettled: flight.done,
      onSuccess: (room) => navigate(roomPath(room) ?? '/'),
      onError: (error) => {
        const failure = creationFailure(error);
        if ('field' in failure) showErrors({ [failure.field]: failure.message });
        else setProblem(failure.message);
      },
    });
  };

  return (
    <form ref={formElement} className="form create-room" onSubmit={submit} noValidate>
      <Field
        label={createRoomMessages.nameLabel}
        name="room_name"
        autoComplete="off"
        autoFocus
        placeholder={createRoomMessages.namePlaceholder}
        maxLength={ROOM_NAME_MAX}
        value={form.name}
        error={errors.name}
        onChange={(e) => change('name', e.target.value)}
      />

      <fieldset className="choices">
        <legend className="field__label">{createRoomMessages.typeLabel}</legend>
        {privacyChoices.map((choice) => (
          <label key={choice.value} className="choice">
            <input
              type="radio"
              name="privacy"
              value={choice.value}
              checked={form.privacy === choice.value}
              onChange={() => change('privacy', choice.value)}
            />
            <span className="choice__text">
              <span className="choice__label">{choice.label}</span>
              <span className="choice__hint">{choice.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>

      <button
        type="button"
        className="disclosure"
        aria-expanded={advanced}
        aria-controls={ids.advanced}
        onClick={() => setAdvanced((open) => !open)}
      >
        <span className="disclosure__caret" aria-hidden="true">
          ▸
        </span>
        {createRoomMessages.advanced}
      </button>
      <div id={ids.advanced} className="create-room__advanced" hidden={!advanced}>
        <div className={`field${errors.maxDjs ? ' has-error' : ''}`}>
          <label htmlFor={ids.maxDjs} className="field__label">
            {createRoomMessages.maxDjsLabel}
          </label>
          <select
            id={ids.maxDjs}
            aria-invalid={errors.maxDjs ? true : undefined}
            name="max_djs"
            className="field__input"
            value={form.maxDjs}
            onChange={(e) => change('maxDjs', Number(e.target.value))}
          >
            {maxDjsChoices.map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
          {errors.maxDjs && (
            <p className="field__error" role="alert">
              {errors.maxDjs}
            </p>
          )}
        </div>
        <Field
          label={createRoomMessages.thresholdLabel}
          name="djthreshold"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          aria-describedby={ids.thresholdHint}
          value={form.threshold}
          error={errors.threshold}
          onChange={(e) => change('threshold', e.target.value)}
        />
        <p id={ids.thresholdHint} className="field__hint">
          {createRoomMessages.thresholdHint}
        </p>
      </div>

      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button--primary" {...stillFocusableSubmit(create.isPending)}>
          {create.isPending ? createRoomMessages.creating : createRoomMessages.create}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {createRoomMessages.cancel}
        </button>
      </div>
    </form>
  );
}
