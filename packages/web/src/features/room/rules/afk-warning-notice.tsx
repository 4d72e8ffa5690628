/**
 * The AFK warning over the stage's controls (docs/room.md, "AFK"): a DJ near the room's AFK
 * limit reads how long they have and what counts as being there, with "I'm still here"
 * (room.still_here), which starts their clock again on every page of theirs. It goes as soon as
 * the server says they did something (afk_clock), here or on another page. Gone after its own
 * button was pressed, it hands the focus to `nextFocus` (the stage's Step down).
 */
import { useState } from 'react';
import { useFocusHandOff } from '../../../ui/focus-hand-off';
import { stillFocusable } from '../../../ui/still-focusable';
import { afkMessages } from '@platter/contract';
import { errorText } from '../../../api/client';
import { roomStore } from '../../../live/room-store';
import { live } from '../../../live/socket';
import { afkWarningText } from './afk-warning';
import { useAfkWarning } from './use-afk-warning';

interface AfkWarningNoticeProps {
  roomid: string;
  afkMinutes: number;
  /** Where the focus goes once the notice has gone after its button was pressed. */
  nextFocus: () => HTMLElement | null | undefined;
}

export function AfkWarningNotice({ roomid, afkMinutes, nextFocus }: AfkWarningNoticeProps) {
  const warning = useAfkWarning(afkMinutes);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const pressed = useFocusHandOff(warning === null, nextFocus);
  if (!warning) return null;

  const stillHere = () => {
    pressed();
    setBusy(true);
    setProblem(null);
    live
      .request('room.still_here', { roomid })
      .then(({ active_at }) => roomStore.afkClock(roomid, active_at))
      .catch((error: unknown) => setProblem(errorText(error)))
      .finally(() => setBusy(false));
  };

  return (
    <div className={`afk-warning${warning.away ? ' afk-warning--away' : ''}`} role="alert" data-testid="afk-warning">
      <svg className="afk-warning__icon" width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="13" r="8" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12 9v4l2.5 2.5M9 2h6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <div className="afk-warning__body">
        <strong className="afk-warning__title">{afkMessages.title}</strong>
        <p className="afk-warning__text">{afkWarningText(warning)}</p>
        {problem && <p className="afk-warning__problem">{problem}</p>}
      </div>
      <button type="button" className="button button--primary afk-warning__button" {...stillFocusable(busy, stillHere)}>
        {afkMessages.stillHere}
      </button>
    </div>
  );
}
