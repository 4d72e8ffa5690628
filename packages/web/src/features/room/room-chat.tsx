/**
 * The room's chat (docs/room.md): the recent lines the room store holds, each
 * with its speaker (opening their profile over the room), the text after
 * message filtering (escaped, links, emoji, slash-memes; "/me …" as an action)
 * and how long ago it was said; the room's happenings ("Ann stepped up to DJ")
 * read between them.
 * Lines that mention the reader by @name stand out (and badge the tab's title
 * while it is hidden); ignored members' lines are not shown. Moderators get a
 * menu on each line. Members type below; a refused message (too long, too
 * fast, muted) is said plainly.
 */
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { chatMessages, roomPageMessages, CHAT_MESSAGE_MAX, type RoomChatLine } from '@platter/contract';
import { errorText } from '../../api/client';
import { live } from '../../live/socket';
import { useRoom, type FeedLine } from '../../live/room-store';
import { meAction } from '../../lib/chat-text';
import { timeAgo } from '../../lib/time-ago';
import { useBlocks } from '../../session/use-blocks';
import { useCurrentUser } from '../../session/use-session';
import { MemberText } from '../../ui/member-text';
import { ModalLink } from '../../ui/modal-link';
import { ModeratePersonModal, type ModerationTarget } from './moderation/moderate-person-modal';
import { useRoomRights } from './moderation/use-room-rights';
import { mentions } from './mentions';
import { useMentionBadge } from './use-mention-badge';
import { visibleLines } from './visible-lines';

/** Time deltas are re-read every half minute. */
const CLOCK_TICK_MS = 30_000;

export function RoomChat({ roomid }: { roomid: string }) {
  const feed = useRoom((state) => state.feed);
  const users = useRoom((state) => state.users);
  const mutedUntil = useRoom((state) => state.mutedUntil);
  const me = useCurrentUser();
  const blocks = useBlocks();
  // Read (or not wanted: a guest; or failed: then nothing is hidden) before members' lines show.
  const ignoresKnown = !(blocks.isPending && blocks.fetchStatus !== 'idle');
  const rights = useRoomRights();
  const now = useNow(CLOCK_TICK_MS);
  const listRef = useRef<HTMLOListElement>(null);
  const titleId = useId();
  const [moderating, setModerating] = useState<ModerationTarget | null>(null);
  const ignored = blocks.data;
  const shown = useMemo(
    () => visibleLines(feed, ignoresKnown ? new Set(ignored?.map((entry) => entry.blockedid)) : null),
    [feed, ignored, ignoresKnown],
  );
  useMentionBadge(shown, me);

  // Keep the newest line in view as lines arrive.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [shown]);

  const moderate = rights.moderate
    ? (line: RoomChatLine) => {
        const acl = users.find((user) => user.userid === line.userid)?.acl ?? 0;
        setModerating({ userid: line.userid, name: line.name, acl, chatid: line.chatid });
      }
    : undefined;

  return (
    <section className="room-chat" aria-labelledby={titleId}>
      <h2 id={titleId} className="room-chat__title">
        {roomPageMessages.chat}
      </h2>
      <ol ref={listRef} className="room-chat__lines" aria-live="polite">
        {shown.length === 0 && ignoresKnown && <li className="room-chat__empty">{roomPageMessages.chatEmpty}</li>}
        {shown.map((line) => (
          <FeedLineView key={lineKey(line)} line={line} me={me?.name ?? null} now={now} onModerate={moderate} />
        ))}
      </ol>
      {!me?.registered ? (
        <p className="room-chat__join">
          <ModalLink to="/login">{roomPageMessages.chatLogIn}</ModalLink> {roomPageMessages.chatOr}{' '}
          <ModalLink to="/signup">{roomPageMessages.chatSignUp}</ModalLink> {roomPageMessages.chatToChat}
        </p>
      ) : mutedUntil !== null && mutedUntil > now ? (
        <p className="room-chat__muted" role="status">
          {chatMessages.muted}
        </p>
      ) : (
        <ChatInput roomid={roomid} />
      )}
      {moderating && <ModeratePersonModal target={moderating} onClose={() => setModerating(null)} />}
    </section>
  );
}

const lineKey = (line: FeedLine) => (line.kind === 'chat' ? line.chatid : line.key);

interface LineProps {
  line: FeedLine;
  me: string | null;
  now: number;
  onModerate: ((line: RoomChatLine) => void) | undefined;
}

function FeedLineView({ line, me, now, onModerate }: LineProps) {
  const when = (
    <time className="room-chat__time" dateTime={new Date(line.time).toISOString()}>
      {timeAgo(line.time, now)}
    </time>
  );
  if (line.kind === 'notice') {
    return (
      <li className="room-chat__line room-chat__line--notice">
        <span className="room-chat__text">{line.text}</span>
        {when}
      </li>
    );
  }
  const mentioned = me !== null && mentions(line.text, me);
  // "/me waves" reads "Ada waves": an action, told after the name.
  const action = meAction(line.text);
  const modifiers = `${action !== null ? ' room-chat__line--action' : ''}${mentioned ? ' room-chat__line--mention' : ''}`;
  return (
    <li className={`room-chat__line${modifiers}`}>
      <ModalLink className="room-chat__name" to={`/profile/${line.userid}`}>
        {line.name}
      </ModalLink>
      <MemberText text={action ?? line.text} className="room-chat__text" />
      {when}
      {onModerate && (
        <button
          type="button"
          className="room-chat__moderate"
          aria-label={roomPageMessages.moderateLine(line.name)}
          onClick={() => onModerate(line)}
        >
          ⋯
        </button>
      )}
    </li>
  );
}

function ChatInput({ roomid }: { roomid: string }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const problemId = useId();

  // Told as soon as it is too long, not cut short: a pasted paragraph would lose its end unseen.
  const tooLong = text.trim().length > CHAT_MESSAGE_MAX;
  const shownProblem = tooLong ? chatMessages.tooLong : problem;

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (sending || tooLong || text.trim() === '') return;
    setSending(true);
    setProblem(null);
    live
      .request('room.speak', { roomid, text })
      // Clears what was sent, not what was typed since (a fast typist's next line stays).
      .then(() => setText((current) => (current === text ? '' : current)))
      .catch((error: unknown) => setProblem(errorText(error)))
      .finally(() => setSending(false));
  };

  return (
    <form className="room-chat__form" onSubmit={send}>
      <input
        className="room-chat__input"
        aria-label={roomPageMessages.chatInputLabel}
        aria-describedby={shownProblem ? problemId : undefined}
        aria-invalid={tooLong || undefined}
        placeholder={roomPageMessages.chatPlaceholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="button button--primary" disabled={sending || tooLong || text.trim() === ''}>
        {roomPageMessages.send}
      </button>
      {shownProblem && (
        <p id={problemId} className="room-chat__problem" role="alert">
          {shownProblem}
        </p>
      )}
    </form>
  );
}

/** The time now, re-read every `ms`: for "3 minutes ago" that stays true. */
function useNow(ms: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
