/**
 * Report User (spec §2: /profile/{userId}/report, optional username): a
 * reason (required, at most 400 characters, §5) and the chat log of roughly
 * the last 25 messages of the room where the two met (§9), for moderators.
 * The page shows those lines and names the room; the server attaches its own
 * record of them (docs/profiles.md), so the page sends no chat log.
 */
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { profileMessages, REPORT_CHATLOG_SIZE, REPORT_REASON_MAX } from '@platter/contract';
import { chatLinesOf, useRoom } from '../../live/room-store';
import { errorText } from '../../api/client';
import { useSession } from '../../session/use-session';
import { useAlerts } from '../../ui/alerts';
import { MembersOnly } from '../../ui/members-only';
import { Modal } from '../../ui/modal';
import { usePageTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import { useProfile, useReportUser } from './use-profile';
import { useInFlight } from '../../ui/use-in-flight';
import { stillFocusableSubmit } from '../../ui/still-focusable';

const TITLE = 'Report User';

export function ReportUserModal({ onClose }: { onClose: () => void }) {
  usePageTitle(TITLE);
  const { userId = '' } = useParams();
  const [params] = useSearchParams();
  const session = useSession();
  const viewer = session.data;
  // A guest can be reported too (from a room's chat): their name comes with the address.
  const named = params.get('username')?.trim();
  const profile = useProfile(named ? undefined : userId);
  const name = named || profile.data?.name || 'this member';

  return (
    <Modal title={TITLE} onClose={onClose} width={520}>
      {!viewer ? (
        <Spinner />
      ) : !viewer.registered ? (
        <MembersOnly reason="Reports come from members. Sign up or log in to tell the moderators about someone." />
      ) : viewer.userid === userId ? (
        <p className="form-error" role="alert">
          {profileMessages.reportYourself}
        </p>
      ) : (
        <ReportForm userid={userId} name={name} onCancel={onClose} onSent={onClose} />
      )}
    </Modal>
  );
}

interface ReportFormProps {
  userid: string;
  name: string;
  onCancel: () => void;
  onSent: () => void;
}

function ReportForm({ userid, name, onCancel, onSent }: ReportFormProps) {
  const report = useReportUser();
  const flight = useInFlight();
  const { showAlert } = useAlerts();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { reason: useId(), counter: useId(), error: useId(), chat: useId() };
  // The recent chat of the room the page is in (spec §9: about 25 lines), shown: the server attaches the room's own record.
  const feed = useRoom((state) => state.feed);
  // The report is the room's too (moderators see where it happened): the room the page is live in.
  const roomid = useRoom((state) => (state.status === 'live' ? state.snapshot?.roomid : undefined));
  const recentChat = useMemo(
    () =>
      chatLinesOf(feed)
        .slice(-REPORT_CHATLOG_SIZE)
        .map(({ userid, name, text, time }) => ({ userid, name, text, time })),
    [feed],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const text = reason.trim();
    if (!text) return setError(profileMessages.reasonRequired);
    if (text.length > REPORT_REASON_MAX) return setError(profileMessages.reasonTooLong);
    if (!flight.start()) return;
    report.mutate(
      { roomid, reported: userid, reason: text },
      {
        onSettled: flight.done,
        onSuccess: () => {
          showAlert(profileMessages.reportSent, { kind: 'success' });
          onSent();
        },
        onError: (failure) => setProblem(errorText(failure)),
      },
    );
  };

  return (
    <form className="form report-form" onSubmit={submit} noValidate>
      <p className="report-form__intro">
        Tell the moderators what <strong>{name}</strong> did. They read every report, with the recent chat attached.
      </p>
      <div className={`field${error ? ' has-error' : ''}`}>
        <label htmlFor={ids.reason} className="field__label">
          Reason
        </label>
        <textarea
          id={ids.reason}
          className="field__input field__textarea"
          rows={5}
          maxLength={REPORT_REASON_MAX}
          value={reason}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={`${ids.counter}${error ? ` ${ids.error}` : ''}`}
          placeholder="What happened, and when?"
          onChange={(event) => {
            setReason(event.target.value);
            setError(null);
          }}
        />
        <p id={ids.counter} className="field__counter">
          {reason.length}/{REPORT_REASON_MAX}
        </p>
        {error && (
          <p id={ids.error} className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
      <section className="report-form__chat" aria-labelledby={ids.chat}>
        <h3 id={ids.chat} className="field__label">
          Chat log
        </h3>
        {recentChat.length > 0 ? (
          <ol className="chat-log">
            {recentChat.map((line) => (
              <li key={`${line.time}-${line.userid}`}>
                <strong>{line.name}</strong> {line.text}
              </li>
            ))}
          </ol>
        ) : (
          <p className="report-form__no-chat">No recent chat to attach.</p>
        )}
      </section>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button--primary" {...stillFocusableSubmit(report.isPending)}>
          {report.isPending ? 'Sending…' : 'Send report'}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
