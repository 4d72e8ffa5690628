/**
 * A moderator edits the room (room.modify): its name, description, how many
 * DJ spots, the points needed to DJ, slow mode, and the stage's rules
 * (room-rules-fields.tsx). Only what changed is sent; the room hears
 * `update_room` and every page shows the new settings.
 */
import { useId, useState, type FormEvent } from 'react';
import {
  djThresholdInput,
  MAX_DJS_MAX,
  MAX_DJS_MIN,
  ROOM_DESCRIPTION_MAX,
  ROOM_NAME_MAX,
  type CallInput,
  roomSettingsMessages,
  type RoomDetails,
} from '@platter/contract';
import { errorText } from '../../../api/client';
import { live } from '../../../live/socket';
import { Field } from '../../../ui/field';
import { Modal } from '../../../ui/modal';
import { RoomRulesFields } from './room-rules-fields';
import { draftOf, rulesChanges, type RuleNumber } from './rules-draft';
import { stillFocusableSubmit } from '../../../ui/still-focusable';

/** Points to DJ, checked as the server checks it (left out: unchanged), so a bad number is told on its field. */
const thresholdInput = djThresholdInput.optional();

const SLOW_MODES = [
  [0, roomSettingsMessages.slowOff],
  [5, roomSettingsMessages.slowEverySeconds(5)],
  [10, roomSettingsMessages.slowEverySeconds(10)],
  [30, roomSettingsMessages.slowEverySeconds(30)],
  [60, roomSettingsMessages.slowEveryMinute],
  [300, roomSettingsMessages.slowEveryMinutes(5)],
] as const;

export function RoomSettingsModal({ room, onClose }: { room: RoomDetails; onClose: () => void }) {
  const [name, setName] = useState(room.name);
  const [description, setDescription] = useState(room.description ?? '');
  const [maxDjs, setMaxDjs] = useState(room.metadata.max_djs);
  const [threshold, setThreshold] = useState(String(room.metadata.djthreshold));
  const [slowMode, setSlowMode] = useState(room.metadata.slow_mode);
  const [rules, setRules] = useState(() => draftOf(room.metadata.rules));
  const [ruleProblems, setRuleProblems] = useState<Partial<Record<RuleNumber, string>>>({});
  const [thresholdProblem, setThresholdProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { description: useId(), maxDjs: useId(), slow: useId() };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const changes: Omit<CallInput<'room.modify'>, 'roomid'> = {};
    if (name.trim() !== room.name) changes.name = name;
    if (description.trim() !== (room.description ?? '')) changes.description = description;
    if (maxDjs !== room.metadata.max_djs) changes.max_djs = maxDjs;
    if (threshold.trim() !== String(room.metadata.djthreshold)) changes.djthreshold = threshold.trim();
    if (slowMode !== room.metadata.slow_mode) changes.slow_mode = slowMode;
    const thresholdChecked = thresholdInput.safeParse(changes.djthreshold);
    setThresholdProblem(thresholdChecked.success ? null : (thresholdChecked.error.issues[0]?.message ?? null));
    const checked = rulesChanges(rules, room.metadata.rules);
    setRuleProblems(checked.problems);
    if (!thresholdChecked.success || Object.keys(checked.problems).length > 0) return;
    Object.assign(changes, checked.changes);
    if (Object.keys(changes).length === 0) return onClose();
    setBusy(true);
    setProblem(null);
    try {
      await live.request('room.modify', { roomid: room.roomid, ...changes });
      onClose();
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={roomSettingsMessages.title} onClose={onClose} width={480}>
      <form className="room-settings" onSubmit={(event) => void save(event)}>
        <Field
          label={roomSettingsMessages.name}
          value={name}
          maxLength={ROOM_NAME_MAX}
          onChange={(event) => setName(event.target.value)}
        />
        <div className="field">
          <label className="field__label" htmlFor={ids.description}>
            {roomSettingsMessages.description}
          </label>
          <textarea
            id={ids.description}
            className="field__input"
            rows={3}
            maxLength={ROOM_DESCRIPTION_MAX}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.maxDjs}>
            {roomSettingsMessages.djSpots}
          </label>
          <select
            id={ids.maxDjs}
            className="field__input"
            value={maxDjs}
            onChange={(event) => setMaxDjs(Number(event.target.value))}
          >
            {Array.from({ length: MAX_DJS_MAX - MAX_DJS_MIN + 1 }, (_, n) => n + MAX_DJS_MIN).map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
        </div>
        <Field
          label={roomSettingsMessages.pointsToDj}
          inputMode="numeric"
          error={thresholdProblem}
          value={threshold}
          onChange={(event) => setThreshold(event.target.value)}
        />
        <div className="field">
          <label className="field__label" htmlFor={ids.slow}>
            {roomSettingsMessages.slowMode}
          </label>
          <select
            id={ids.slow}
            className="field__input"
            value={slowMode}
            onChange={(event) => setSlowMode(Number(event.target.value))}
          >
            {SLOW_MODES.map(([seconds, label]) => (
              <option key={seconds} value={seconds}>
                {label}
              </option>
            ))}
            {!SLOW_MODES.some(([seconds]) => seconds === slowMode) && (
              <option value={slowMode}>{roomSettingsMessages.slowEverySeconds(slowMode)}</option>
            )}
          </select>
        </div>
        <RoomRulesFields draft={rules} problems={ruleProblems} onChange={setRules} />
        {problem && (
          <p className="moderate__problem" role="alert">
            {problem}
          </p>
        )}
        <div className="room-settings__actions">
          <button type="button" className="button" onClick={onClose}>
            {roomSettingsMessages.cancel}
          </button>
          <button type="submit" className="button button--primary" {...stillFocusableSubmit(busy)}>
            {roomSettingsMessages.save}
          </button>
        </div>
      </form>
    </Modal>
  );
}
